/**
 * History, branches and tags of models and datasets (reference/hub-api.md §10, §12):
 * `GET …/commits/{rev}` (paginated with an absolute `Link` and `X-Total-Count`, as JS
 * `listCommits`/`countCommits` read them), `GET …/refs`, `POST|DELETE …/branch/{branch}`,
 * `POST …/tag/{revision}` and `DELETE …/tag/{tag}`. Reads need sight of the repository,
 * the rest write access to it (services/repos.ts).
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl, publicUrlOf } from "../public-url.js";
import { squashBranch } from "../services/history.js";
import {
	createBranch,
	createTag,
	DEFAULT_COMMITS_PAGE,
	deleteBranch,
	deleteTag,
	listCommits,
	listRefs,
	MAX_COMMITS_PAGE,
} from "../services/refs.js";
import { checkedRepoId, findRepoFor, findVisibleRepo, type RepoType, repoTypeOfPlural } from "../services/repos.js";
import { jsonObject, optionalString } from "./json-body.js";
import { isTrue } from "./query.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const REFS_ROUTE_DOCS: RouteDocs = {
	"GET /api/{plural}/{namespace}/{name}/commits/{revision}": {
		summary: "The commit history of a revision",
		tag: "Branches and tags",
		query: [
			{ name: "limit", description: "Commits per page", type: "integer" },
			{ name: "p", description: "Page number, from 0", type: "integer" },
		],
		details: [
			"The chain of commits from the revision back through their parents, newest first: `[{id, title, message, authors: [{user, avatar}], date}]`. `limit` is 1–1000 (default 50); the next page is in `Link` (absolute, with `p=`), and `X-Total-Count` counts the whole chain (what `listCommits` and `countCommits` read).",
		],
	},
	"POST /api/{plural}/{namespace}/{name}/super-squash/{branch}": {
		summary: "Replaces a branch's history with one commit holding its files (`{message?}`)",
		tag: "Branches and tags",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: [
			"Body `{message?}`, as `super_squash_history` sends it: the branch's history becomes one root commit holding its files as they are; other branches and tags keep theirs.",
		],
	},
	"GET /api/{plural}/{namespace}/{name}/refs": {
		summary: "A repository's branches and tags",
		tag: "Branches and tags",
		query: [
			{
				name: "include_prs",
				description: "Also `pullRequests`: the heads of pull requests (`refs/pr/N`)",
				type: "boolean",
			},
		],
		details: [
			"`{branches, tags, converts}`, each ref `{name, ref, targetCommit}`; `converts` lists `refs/convert/NAME` (name `NAME`), and `include_prs=1` adds `pullRequests`, `refs/pr/N` (name and ref alike). A mirror lists its upstream's (a pull request is copied when a read names it; with the upstream unreachable, those held are listed); this hub makes no conversions or pull requests of its own yet.",
		],
	},
	"POST /api/{plural}/{namespace}/{name}/branch/{branch}": {
		summary: "Create a branch",
		tag: "Branches and tags",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: [
			'Body `{startingPoint?, overwrite?}`: the branch starts at `startingPoint` (any revision; the head of `main` when left out). An existing branch is a 409 unless `"overwrite": true`, which moves it. Names may not contain `..`, look like a commit id, be `HEAD` or start with `refs/`.',
		],
	},
	"DELETE /api/{plural}/{namespace}/{name}/branch/{branch}": {
		summary: "Delete a branch",
		tag: "Branches and tags",
		permission: { action: "write", on: "repo" },
		details: ["Any branch but `main`; its commits stay."],
	},
	"POST /api/{plural}/{namespace}/{name}/tag/{revision}": {
		summary: "Tag a revision",
		tag: "Branches and tags",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: [
			"Body `{tag, message?}`: the tag names the commit `revision` resolves to; a second tag of the same name is a 409. With a `message` the tag is an annotated tag, as `git tag -a` makes, signed by the caller at their no-reply address; git clients fetch it as one. Tags resolve as revisions everywhere (`v1` or `refs/tags/v1`), after branches of the same name.",
		],
	},
	"DELETE /api/{plural}/{namespace}/{name}/tag/{tag}": {
		summary: "Delete a tag",
		tag: "Branches and tags",
		permission: { action: "write", on: "repo" },
		details: ["The tagged commits stay."],
	},
};

/** `/api/models/{ns}/{name}` or `/api/datasets/{ns}/{name}`: the repository a route names. */
export const REPO_PATH = "/api/:plural{models|datasets}/:namespace/:name";

export function repoOfPath(c: Context<HubEnv>): { type: RepoType; id: string } {
	const type = repoTypeOfPlural(c.req.param("plural") ?? "");
	if (!type) throw badRequest("Unknown repository type");
	return { type, id: checkedRepoId(c.req.param("namespace") ?? "", c.req.param("name") ?? "") };
}

function pageParam(value: string | undefined, name: string, range: { min: number; max: number; fallback: number }) {
	if (value === undefined) return range.fallback;
	if (!/^\d{1,9}$/.test(value) || Number(value) < range.min || Number(value) > range.max) {
		throw badRequest(`${name} must be an integer from ${range.min} to ${range.max}`);
	}
	return Number(value);
}

/** An optional JSON object body: the public client sends one, other clients may send none. */
async function optionalJson(c: Context<HubEnv>): Promise<Record<string, unknown>> {
	const text = await c.req.text();
	if (text.trim() === "") return {};
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		throw badRequest("Body is not valid JSON");
	}
	if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be a JSON object");
	return body as Record<string, unknown>;
}

export function refRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.get(`${REPO_PATH}/commits/:revision`, async (c) => {
		const { type, id } = repoOfPath(c);
		const repo = await findVisibleRepo(deps.db, type, id, c.get("caller"));
		const limit = pageParam(c.req.query("limit"), "limit", {
			min: 1,
			max: MAX_COMMITS_PAGE,
			fallback: DEFAULT_COMMITS_PAGE,
		});
		const page = pageParam(c.req.query("p"), "p", { min: 0, max: 1_000_000, fallback: 0 });
		const result = await listCommits(deps.db, repo, c.req.param("revision"), {
			limit,
			page,
			hubUrl: publicBaseUrl(c, deps.config),
		});
		c.header("X-Total-Count", String(result.total));
		if (result.nextPage !== undefined) {
			const next = new URL(c.req.url);
			next.searchParams.set("p", String(result.nextPage));
			c.header("Link", `<${publicUrlOf(c, deps.config, next)}>; rel="next"`);
		}
		return c.json(result.items);
	});

	app.get(`${REPO_PATH}/refs`, async (c) => {
		const { type, id } = repoOfPath(c);
		const repo = await findVisibleRepo(deps.db, type, id, c.get("caller"));
		const { pullRequests, ...refs } = await listRefs(deps.db, repo, {
			upstreamPullRequests: repo.mirrorOf === null ? undefined : c.get("upstreamPullRequests"),
		});
		// `list_repo_refs(include_pull_requests=True)` reads `pullRequests`, and only then asks for it.
		return c.json(isTrue(c.req.query("include_prs")) ? { ...refs, pullRequests } : refs);
	});

	app.post(`${REPO_PATH}/super-squash/:branch`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		const { repo } = await findRepoFor(deps.db, "write", type, id, caller);
		const branch = c.req.param("branch");
		const body = await optionalJson(c);
		if (body.message !== undefined && typeof body.message !== "string") throw badRequest("message must be a string");
		const message = body.message?.trim() ? body.message : `Super-squash branch '${branch}'`;
		const commitId = await squashBranch(deps, repo, branch, message, caller?.userName ?? null);
		return c.json({ commitId });
	});

	app.post(`${REPO_PATH}/branch/:branch`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
		const body = await optionalJson(c);
		if (body.emptyBranch === true) throw badRequest("Empty branches are not supported: give a startingPoint");
		if (body.overwrite !== undefined && body.overwrite !== null && typeof body.overwrite !== "boolean") {
			throw badRequest("overwrite must be a boolean");
		}
		const startingPoint = optionalString(body, "startingPoint");
		const commit = await createBranch(deps.db, repo, c.req.param("branch"), {
			startingPoint,
			overwrite: body.overwrite === true,
		});
		return c.json({ name: c.req.param("branch"), ref: `refs/heads/${c.req.param("branch")}`, targetCommit: commit });
	});

	app.delete(`${REPO_PATH}/branch/:branch`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
		await deleteBranch(deps.db, repo, c.req.param("branch"));
		return c.body(null, 204);
	});

	app.post(`${REPO_PATH}/tag/:revision`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
		const body = await jsonObject(c);
		const tag = optionalString(body, "tag");
		if (!tag) throw badRequest("tag is required (a string)");
		const message = optionalString(body, "message");
		const commit = await createTag(deps.db, repo, c.req.param("revision"), tag, {
			...(message === undefined ? {} : { message }),
			tagger: c.get("caller")?.userName ?? null,
		});
		return c.json({ name: tag, ref: `refs/tags/${tag}`, targetCommit: commit });
	});

	app.delete(`${REPO_PATH}/tag/:tag`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
		await deleteTag(deps.db, repo, c.req.param("tag"));
		return c.body(null, 204);
	});

	return app;
}
