/**
 * Git smart HTTP, at the URLs huggingface.co uses: `/{namespace}/{name}` for a model and
 * `/datasets/{namespace}/{name}` for a dataset, with or without `.git`:
 * - `GET …/info/refs?service=git-upload-pack|git-receive-pack`: the ref advertisement.
 * - `POST …/git-upload-pack`: clone and fetch (protocol v2 or v0, shallow), the pack streamed.
 * - `POST …/git-receive-pack`: push; the pushed commits are the API's commits (services/git-push.ts).
 * Credentials as git sends them: HTTP Basic with a token as the password (middleware/caller.ts), or
 * a Bearer header. Reading asks what downloading every file asks (services/git-access.ts); pushing
 * asks write, and rewriting a branch (a forced push) admin. Errors are plain text, which git shows
 * the user as `remote: …`; a 401 carries a Basic challenge so git asks for credentials.
 */
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, HubError } from "../errors.js";
import { GitFormatError } from "../git/format-error.js";
import { advertiseReceivePack, serveReceivePack } from "../git/receive-pack.js";
import { advertiseRefs, gunzipBody, protocolVersion, serveUploadPack } from "../git/upload-pack.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { clonableRepo } from "../services/git-access.js";
import { applyPush } from "../services/git-push.js";
import { openGitRepository } from "../services/git-repository.js";
import { checkedRepoId, findRepoFor, mayOnRepo, type RepoType } from "../services/repos.js";
import { HUB_VERSION } from "../version.js";

const AGENT = `hubkit/${HUB_VERSION}`;
const SERVICES = ["git-upload-pack", "git-receive-pack"] as const;
type Service = (typeof SERVICES)[number];

const READ_RULE = "a read: the repository must be visible to the caller and, when gated, its files downloadable";

function docs(prefix: string, kind: string): RouteDocs {
	const path = `${prefix}/{namespace}/{name}`;
	return {
		[`GET ${path}/info/refs`]: {
			summary: `Git smart HTTP: a ${kind}'s refs, for clone, fetch and push`,
			tag: "Repositories",
			details: [
				"Query `service=git-upload-pack` (needs read access, as every file's download does) or `service=git-receive-pack` (needs write access). `Git-Protocol: version=2` gets the protocol v2 capabilities. `{name}` may end in `.git`.",
			],
		},
		[`POST ${path}/git-upload-pack`]: {
			summary: `Git smart HTTP: fetch from a ${kind} (clone, fetch, pull, shallow)`,
			tag: "Repositories",
			body: "binary",
			permission: { action: "none", why: READ_RULE },
		},
		[`POST ${path}/git-receive-pack`]: {
			summary: `Git smart HTTP: push to a ${kind}`,
			tag: "Repositories",
			body: "binary",
			permission: { action: "write", on: "repo", note: "rewriting history (a forced push) asks admin" },
			details: [
				"Branches and lightweight tags; files over 10 MiB must be LFS pointers whose objects were uploaded through the LFS batch API first.",
			],
		},
	};
}

export const GIT_HTTP_ROUTE_DOCS: RouteDocs = { ...docs("", "model"), ...docs("/datasets", "dataset") };

type GitContext = Context<HubEnv>;

export function gitHttpRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	/** The repository a path names; `name` may carry `.git`. */
	function repoIdOf(c: GitContext): string {
		const name = (c.req.param("name") ?? "").replace(/\.git$/, "");
		return checkedRepoId(c.req.param("namespace") ?? "", name);
	}

	async function writable(c: GitContext, type: RepoType) {
		return findRepoFor(deps.db, "write", type, repoIdOf(c), c.get("caller"));
	}

	for (const [prefix, type] of [
		["/datasets", "dataset"],
		["", "model"],
	] as const) {
		const base = `${prefix}/:namespace/:name`;

		app.get(`${base}/info/refs`, (c) =>
			answered(c, async () => {
				const service = c.req.query("service");
				if (!SERVICES.includes(service as Service)) {
					throw badRequest("This hub speaks git's smart HTTP protocol only: use git 1.6.6 or newer");
				}
				if (service === "git-receive-pack") {
					const { repo } = await writable(c, type);
					const body = await advertiseReceivePack(openGitRepository(deps, repo), { agent: AGENT });
					return gitAnswer(c, "git-receive-pack-advertisement", body);
				}
				const repo = await clonableRepo(deps.db, type, repoIdOf(c), c.get("caller"));
				const body = await advertiseRefs(openGitRepository(deps, repo), {
					version: protocolVersion(c.req.header("git-protocol")),
					agent: AGENT,
				});
				return gitAnswer(c, "git-upload-pack-advertisement", body);
			}),
		);

		app.post(`${base}/git-upload-pack`, (c) =>
			answered(c, async () => {
				const repo = await clonableRepo(deps.db, type, repoIdOf(c), c.get("caller"));
				const answer = serveUploadPack(
					openGitRepository(deps, repo),
					requestBody(c, deps.config.uploadBodyLimitBytes),
					{
						version: protocolVersion(c.req.header("git-protocol")),
						agent: AGENT,
					},
				);
				return gitAnswer(c, "git-upload-pack-result", answer);
			}),
		);

		app.post(`${base}/git-receive-pack`, (c) =>
			answered(c, async () => {
				const { repo, caller } = await writable(c, type);
				const allowNonFastForward = await mayOnRepo(deps.db, "admin", repo, caller);
				const answer = serveReceivePack(
					openGitRepository(deps, repo),
					requestBody(c, deps.config.uploadBodyLimitBytes),
					{
						allowNonFastForward,
						apply: (push) => applyPush(deps, repo, caller, push),
						onError: (error) => deps.logger.error(`A push to ${repo.id} failed`, error),
					},
				);
				return gitAnswer(c, "git-receive-pack-result", answer);
			}),
		);
	}
	return app;
}

/** The request body, inflated when git compressed it (`Content-Encoding: gzip`, large negotiations). */
function requestBody(c: GitContext, maxBytes: number): AsyncIterable<Uint8Array> {
	const raw = c.req.raw.body as AsyncIterable<Uint8Array> | null;
	const body = raw ?? (async function* () {})();
	const encoding = c.req.header("content-encoding")?.toLowerCase();
	if (encoding === undefined || encoding === "identity") return body;
	if (encoding !== "gzip" && encoding !== "x-gzip") throw badRequest(`Content-Encoding ${encoding} is not accepted`);
	return capped(gunzipBody(body), maxBytes);
}

/** An inflated body may not grow past what an uncompressed one may be. */
async function* capped(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
	let total = 0;
	for await (const chunk of body) {
		total += chunk.byteLength;
		if (total > maxBytes)
			throw new GitFormatError("too-large", `the inflated request is larger than ${maxBytes} bytes`);
		yield chunk;
	}
}

/**
 * A 200 with git's content type. A streamed answer's first chunk is awaited before the status is
 * sent, so a request refused before any output (a malformed push) is still a 400.
 */
async function gitAnswer(c: GitContext, type: string, body: Uint8Array | AsyncIterable<Uint8Array>): Promise<Response> {
	const headers = { "Content-Type": `application/x-${type}`, "Cache-Control": "no-cache" };
	if (body instanceof Uint8Array) return c.body(Uint8Array.from(body), 200, headers);
	const chunks = body[Symbol.asyncIterator]();
	const first = await chunks.next();
	async function* rest(): AsyncGenerator<Uint8Array> {
		if (first.done) return;
		yield first.value;
		for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
	}
	return c.body(Readable.toWeb(Readable.from(rest())) as ReadableStream<Uint8Array>, 200, headers);
}

/**
 * A refusal as git shows it: the message as plain text (git prints it as `remote: …`), and on a
 * 401 a Basic challenge, without which git would not ask for credentials.
 */
async function answered(c: GitContext, handler: () => Promise<Response>): Promise<Response> {
	try {
		return await handler();
	} catch (error) {
		const refusal = error instanceof GitFormatError ? badRequest(error.message) : error;
		if (!(refusal instanceof HubError)) throw refusal;
		const headers: Record<string, string> = { ...refusal.headers, "Content-Type": "text/plain; charset=utf-8" };
		if (refusal.status === 401) headers["WWW-Authenticate"] = 'Basic realm="Hubkit", charset="UTF-8"';
		return c.body(`${refusal.message}\n`, refusal.status as 400, headers);
	}
}
