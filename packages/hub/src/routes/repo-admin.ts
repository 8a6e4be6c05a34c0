/**
 * Administering repositories (reference/hub-api.md §8 and what huggingface_hub calls):
 * `DELETE /api/repos/delete`, `PUT …/settings`, `POST /api/repos/move`, likes
 * (`POST|DELETE …/like`, `GET /api/users/{name}/likes`) and gated access
 * (`POST …/ask-access`, `GET …/access`, `GET …/user-access-request/{status}`,
 * `POST …/user-access-request/handle|grant`), and `GET …/write-access` (may the caller write here, and
 * the upload limits and refused file types a page checks files against). Thin: the services do the work.
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, HubError, tokenRequired } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl, publicUrlOf } from "../public-url.js";
import {
	askAccess,
	checkedFields,
	grantAccess,
	handleAccessRequest,
	isRequestStatus,
	listAccessRequests,
	ownAccess,
} from "../services/access-requests.js";
import { duplicateRepo } from "../services/history.js";
import { LIKERS_PAGE, likeRepo, likersOf, likesOf, unlikeRepo } from "../services/likes.js";
import { deleteRepo, moveRepo, parseSettings, updateSettings } from "../services/repo-admin.js";
import {
	checkedRepoId,
	findRepoFor,
	findVisibleRepo,
	isRepoType,
	mayOnRepo,
	type RepoType,
	repoWebPath,
} from "../services/repos.js";
import { MAX_PREUPLOAD_FILES } from "./commits.js";
import { jsonObject, optionalString, requestedPrivacy, requiredString } from "./json-body.js";
import { REPO_PATH, repoOfPath } from "./refs.js";
import { withExistingUrl } from "./repo-conflict.js";

const REPO = "the repository `{namespace}/{name}` (`{plural}`: models or datasets)";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const REPO_ADMIN_ROUTE_DOCS: RouteDocs = {
	"DELETE /api/repos/delete": {
		summary: "Delete a repository",
		tag: "Repositories",
		body: "json",
		permission: { action: "admin", on: "repo" },
		details: [
			"Body `{ name, organization?, type? }`. Removes the repository with its history, branches, tags, likes, access requests and the redirects to it, in one transaction; file contents stay in the blob store (they are addressed by hash and may be shared; `hubkit gc` reclaims them). A missing repository is a 404 `RepoNotFound`.",
		],
	},
	"POST /api/repos/move": {
		summary: "Rename or move a repository (old links redirect)",
		tag: "Repositories",
		body: "json",
		permission: { action: "admin", on: "repo", note: "and write in the target namespace" },
		details: [
			"Body `{ fromRepo, toRepo, type? }`. Renames the repository and everything keyed by it (history, branches, tags, likes, access requests); an existing target is a 409. The old name stays as a redirect: every read route answers it with a 307 and a relative `Location` naming the new id (the rest of the path and the query kept), for those who may see the repository; to anyone else a private repository's old id is an ordinary `RepoNotFound`. A chain of moves redirects every old name to the newest; moving back to an old name frees it.",
		],
	},
	"PUT /api/{plural}/{namespace}/{name}/settings": {
		summary: `Change the settings (private, gated) of ${REPO}`,
		tag: "Repositories",
		body: "json",
		permission: { action: "admin", on: "repo" },
		details: [
			'Body `{ private?: boolean, visibility?: "public"|"private", gated?: false|"auto"|"manual" }`; keys left out keep their value. Answers the settings in force.',
		],
	},
	"POST /api/{plural}/{namespace}/{name}/like": {
		summary: `Like ${REPO}`,
		tag: "Repositories",
		permission: { action: "read", on: "repo", note: "signed in" },
		details: [
			"One like per user and repository, dated; liking twice changes nothing. Answers the repository's like count.",
		],
	},
	"DELETE /api/{plural}/{namespace}/{name}/like": {
		summary: `Take back a like of ${REPO}`,
		tag: "Repositories",
		permission: { action: "read", on: "repo", note: "signed in" },
		details: ["Taking back a like that was not given changes nothing. Answers the repository's like count."],
	},
	"GET /api/users/{name}/likes": {
		summary: "The repositories a user likes",
		tag: "Users and organisations",
		details: ["Newest first: `[{createdAt, repo: {name, type}}]`."],
	},
	"POST /api/{plural}/{namespace}/{name}/ask-access": {
		summary: `Ask for access to gated ${REPO}`,
		tag: "Repositories",
		body: "json",
		permission: { action: "read", on: "repo", note: "signed in" },
		details: [
			'A form or JSON of answers (`{"fields": {"reason": "research"}}`), from anyone signed in. A repository gated `auto` accepts at once; one gated `manual` waits for its owner. A gated repository\'s files (all but `README.md` and `.gitattributes`) need its owner, a writer of its namespace or an accepted request: without it a download is a 401 (no token) or 403, both `GatedRepo`.',
		],
	},
	"GET /api/{plural}/{namespace}/{name}/access": {
		summary: "The caller's own access to a gated repository",
		tag: "Repositories",
		details: [
			"Where the caller stands: `{gated, status, mayDownload, mayWrite, mayAdmin, mirrorOf}`; `status` is `pending`, `accepted`, `rejected` or `null`; `mayWrite`: their credential may change the files and card; `mayAdmin`: the settings, access requests, name and existence; `mirrorOf`: the upstream repository's URL when this one is a mirror of it (`hubkit mirror`: no writes, no git clone), else `null`.",
		],
	},
	"GET /api/{plural}/{namespace}/{name}/write-access": {
		summary: "Whether the caller may write to the repository",
		tag: "Repositories",
		details: [
			"Whether the caller may write, with the limits an upload is checked against (what the site's Files tab reads before it offers uploads, edits and deletes). `maxFilesPerCommit` is the smaller of `HUBKIT_MAX_FILES_PER_COMMIT` and the 1,000 paths one preupload takes; `refusedTypes` is `HUBKIT_UPLOAD_REFUSED_TYPES`.",
			"",
			"```json",
			'{"mayWrite":true,"uploadLimitBytes":5368709120,"maxFilesPerCommit":1000,"refusedTypes":[".exe",".msi",".scr",".com",".bat",".cmd",".vbs",".ps1"]}',
			"```",
		],
	},
	"GET /api/{plural}/{namespace}/{name}/user-access-request/{status}": {
		summary: "Access requests of a gated repository, by status (owners)",
		tag: "Repositories",
		details: [
			"`status`: `pending`, `accepted` or `rejected`. `[{user: {user, fullname}, status, timestamp, fields}]`, for the owner and the organisation's admins.",
		],
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/handle": {
		summary: "Accept or reject an access request (owners)",
		tag: "Repositories",
		body: "json",
		permission: { action: "admin", on: "repo" },
		details: ["Body `{user, status}`: `accepted`, `rejected`, or back to `pending`."],
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/grant": {
		summary: "Grant a user access to a gated repository (owners)",
		tag: "Repositories",
		body: "json",
		permission: { action: "admin", on: "repo" },
		details: ["Body `{user}`: access for a user who never asked."],
	},
	"POST /api/{plural}/{namespace}/{name}/duplicate": {
		summary: "A new repository (`{repository, visibility?}`) holding this one's main branch; `{url, id}`",
		tag: "Repositories",
		body: "json",
		permission: {
			action: "read",
			on: "repo",
			note: "past its gate, and write in the target namespace",
		},
		details: [
			"Body `{repository: \"ns/name\", visibility?}`, as `duplicate_repo` sends it. The new repository's second commit holds the source's `main` files, shared, not copied, and counted against the target's storage quota; the copy keeps the source's visibility unless told otherwise. An existing target is a 409 with its `url`.",
		],
	},
	"GET /api/{plural}/{namespace}/{name}/likers": {
		summary: "Who liked the repository, newest first: `[{user, fullname, avatarUrl, type}]`, `Link`-paginated",
		tag: "Repositories",
		query: [
			{ name: "limit", description: "Likers per page (100 by default, 1,000 at most)", type: "integer" },
			{ name: "cursor", description: "Where the page starts (from the `Link` header)" },
		],
		details: [
			"Newest first, `[{user, fullname, avatarUrl, type}]`, 100 a page (`limit` up to 1,000) with a `Link` to the next.",
		],
	},
};

function bodyType(body: Record<string, unknown>): RepoType {
	const type = body.type ?? "model";
	if (!isRepoType(type)) throw badRequest('type must be "model" or "dataset"');
	return type;
}

/** `owner/name` as one string (move's `fromRepo`/`toRepo`), checked for shape. */
function repoIdOf(value: string): string {
	const slash = value.indexOf("/");
	if (slash === -1) throw badRequest(`${value.slice(0, 100)} is not a repository id (owner/name)`);
	return checkedRepoId(value.slice(0, slash), value.slice(slash + 1));
}

/** Ask-access answers: a form, or JSON (`{fields: {…}}` or the answers themselves). */
async function requestFields(c: Context<HubEnv>): Promise<Record<string, string>> {
	const type = c.req.header("content-type") ?? "";
	if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
		const form = await c.req.parseBody().catch(() => {
			throw badRequest("Body is not valid form data");
		});
		return checkedFields(Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string")));
	}
	if ((await c.req.raw.clone().text()).trim() === "") return {};
	const body = await jsonObject(c);
	const fields = body.fields ?? body;
	if (typeof fields !== "object" || fields === null || Array.isArray(fields))
		throw badRequest("fields must be an object");
	return checkedFields(fields as Record<string, unknown>);
}

/** A page size or offset from the query: a non-negative integer, else `fallback`. */
function pageNumber(value: string | undefined, fallback: number): number {
	if (value === undefined) return fallback;
	if (!/^\d{1,9}$/.test(value)) throw badRequest("limit and cursor must be non-negative integers");
	return Number(value);
}

export function repoAdminRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const db = deps.db;

	app.delete("/api/repos/delete", async (c) => {
		const body = await jsonObject(c);
		const name = requiredString(body, "name");
		const caller = c.get("caller");
		// `name` may carry the namespace itself; otherwise `organization`, else the caller's own.
		const namespace = name.includes("/") ? undefined : (optionalString(body, "organization") ?? caller?.userName);
		if (namespace === undefined && !name.includes("/")) throw tokenRequired();
		const id = namespace === undefined ? repoIdOf(name) : checkedRepoId(namespace, name);
		await deleteRepo(db, bodyType(body), id, caller);
		return c.body(null, 200);
	});

	app.put(`${REPO_PATH}/settings`, async (c) => {
		const { type, id } = repoOfPath(c);
		const change = parseSettings(await jsonObject(c));
		return c.json(await updateSettings(db, type, id, c.get("caller"), change));
	});

	app.post("/api/repos/move", async (c) => {
		const body = await jsonObject(c);
		const type = bodyType(body);
		const from = repoIdOf(requiredString(body, "fromRepo"));
		const to = repoIdOf(requiredString(body, "toRepo"));
		const id = await moveRepo(db, type, from, to, c.get("caller"));
		return c.json({ id, url: `${type === "model" ? "" : `${type}s/`}${id}` });
	});

	app.post(`${REPO_PATH}/like`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const repo = await findVisibleRepo(db, type, id, caller);
		return c.json({ likes: await likeRepo(db, repo, caller) });
	});

	app.delete(`${REPO_PATH}/like`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const repo = await findVisibleRepo(db, type, id, caller);
		return c.json({ likes: await unlikeRepo(db, repo, caller) });
	});

	app.post(`${REPO_PATH}/duplicate`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const source = await findVisibleRepo(db, type, id, caller);
		const body = await jsonObject(c);
		const target = requiredString(body, "repository");
		const slash = target.indexOf("/");
		const namespace = slash >= 0 ? target.slice(0, slash) : caller.userName;
		const name = slash >= 0 ? target.slice(slash + 1) : target;
		const urlOf = (repoId: string) => `${publicBaseUrl(c, deps.config)}${repoWebPath(type, repoId)}`;
		const copy = await duplicateRepo(deps, caller, source, {
			namespace,
			name,
			private: requestedPrivacy(body) ?? source.private,
		}).catch(withExistingUrl(urlOf(`${namespace}/${name}`)));
		return c.json({ url: urlOf(copy.id), id: copy.id });
	});

	app.get(`${REPO_PATH}/likers`, async (c) => {
		const { type, id } = repoOfPath(c);
		const repo = await findVisibleRepo(db, type, id, c.get("caller"));
		const limit = Math.min(Math.max(pageNumber(c.req.query("limit"), LIKERS_PAGE), 1), 1000);
		const offset = pageNumber(c.req.query("cursor"), 0);
		const likers = await likersOf(db, repo, publicBaseUrl(c, deps.config), { offset, limit: limit + 1 });
		if (likers.length > limit) {
			const next = new URL(c.req.url);
			next.searchParams.set("cursor", String(offset + limit));
			c.header("Link", `<${publicUrlOf(c, deps.config, next)}>; rel="next"`);
		}
		return c.json(likers.slice(0, limit));
	});

	app.get("/api/users/:name/likes", async (c) => c.json(await likesOf(db, c.req.param("name"), c.get("caller"))));

	app.post(`${REPO_PATH}/ask-access`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const repo = await findVisibleRepo(db, type, id, caller);
		const status = await askAccess(db, repo, caller, await requestFields(c));
		return c.json({ status });
	});

	app.get(`${REPO_PATH}/access`, async (c) => {
		const { type, id } = repoOfPath(c);
		const repo = await findVisibleRepo(db, type, id, c.get("caller"));
		return c.json(await ownAccess(db, repo, c.get("caller")));
	});

	// What the site's Files tab needs before it offers uploads, edits and deletes: a read, never a refusal.
	app.get(`${REPO_PATH}/write-access`, async (c) => {
		const { type, id } = repoOfPath(c);
		const caller = c.get("caller");
		const repo = await findVisibleRepo(db, type, id, caller);
		return c.json({
			mayWrite: await mayOnRepo(db, "write", repo, caller),
			uploadLimitBytes: deps.config.uploadBodyLimitBytes,
			// The site sends its pick in one preupload call, so the smaller of the two caps.
			maxFilesPerCommit: Math.min(MAX_PREUPLOAD_FILES, deps.config.maxFilesPerCommit),
			refusedTypes: deps.config.uploadRefusedTypes,
		});
	});

	app.get(`${REPO_PATH}/user-access-request/:status{pending|accepted|rejected}`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(db, "admin", type, id, c.get("caller"));
		const status = c.req.param("status");
		if (!isRequestStatus(status)) throw new HubError(404, "Unknown status");
		return c.json(await listAccessRequests(db, repo, status));
	});

	app.post(`${REPO_PATH}/user-access-request/handle`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(db, "admin", type, id, c.get("caller"));
		const body = await jsonObject(c);
		const user = requiredString(body, "user");
		if (!isRequestStatus(body.status)) throw badRequest('status must be "accepted", "rejected" or "pending"');
		await handleAccessRequest(db, repo, user, body.status);
		return c.json({ user, status: body.status });
	});

	app.post(`${REPO_PATH}/user-access-request/grant`, async (c) => {
		const { type, id } = repoOfPath(c);
		const { repo } = await findRepoFor(db, "admin", type, id, c.get("caller"));
		const user = requiredString(await jsonObject(c), "user");
		await grantAccess(db, repo, user);
		return c.json({ user, status: "accepted" });
	});

	return app;
}
