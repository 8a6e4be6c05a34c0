/**
 * The Git LFS batch API and the upload URLs it hands out, for models at `/{id}.git/info/lfs/…`
 * and datasets at `/datasets/{id}.git/info/lfs/…` (reference/hub-api.md §9.2–§9.3):
 * - `POST …/objects/batch` (write access): per object, nothing when it is stored already, else
 *   an upload action: `basic` (one PUT) or, when the client offers `multipart` and the file is
 *   larger than a part, part URLs and a completion URL.
 * - `PUT …/uploads/{secret}`, `PUT …/uploads/{secret}/parts/{n}`, `POST …/uploads/{secret}/complete`:
 *   no token (the clients send none); the secret in the URL is the permission (services/lfs-uploads.ts).
 * - `POST …/objects/verify` (write access): 200 when the object is stored with that size.
 * A renamed repository's old name redirects batch and verify calls to the new one.
 */
import type { HttpBindings } from "@hono/node-server";
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, HubError } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { readableRepo } from "../services/git-access.js";
import { downloadBatch, signedDownload } from "../services/lfs-downloads.js";
import { LFS_MEDIA_TYPE, LfsUploads, parseBatchRequest, parseCompletion } from "../services/lfs-uploads.js";
import { canSee } from "../services/repo-access.js";
import {
	checkedRepoId,
	findRepo,
	findRepoFor,
	type RepoType,
	redirectOf,
	repoKey,
	repoWebPath,
} from "../services/repos.js";
import { isSha256Hex } from "../storage/sha256.js";

const LFS_SECRET = "the URL carries a secret the batch call handed out after the rule allowed the write";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const LFS_ROUTE_DOCS: RouteDocs = {
	"POST /{namespace}/{name}/info/lfs/objects/batch": {
		summary: "Git LFS batch API of a model: where to upload or download objects",
		tag: "Commits and uploads",
		body: "json",
		permission: {
			action: "write",
			on: "repo",
			note: "for uploads; a download batch asks the read rule (private and gated repositories as on /resolve)",
		},
		details: [
			'Body `{operation: "upload", transfers, objects: [{oid, size}]}` (at most 1,000 objects) → `{transfer, objects}`. An object stored already with that size has no `actions` (content is shared: bytes anyone uploaded are not asked for again); the others get an `upload` and a `verify` action.',
			"- Transfers: `basic` (one PUT of the whole file), or `multipart` when the client offers it and the file is larger than `HUBKIT_LFS_CHUNK_BYTES` (64 MiB): the action's `header` holds `chunk_size` and one URL per part under `00001`, `00002`, … (at most 10,000 parts: a larger file gets larger parts). A client that also offers `xet` gets one of these and falls back to it.",
			"- `download` batches (what `git lfs pull` and a clone send): each object the repository holds gets a `download` action, a link the hub signs (valid one hour, no token needed) or, with `HUBKIT_S3_PRESIGN_DOWNLOADS`, a presigned S3 URL; any other object an `error` of 404.",
			"- An object larger than `HUBKIT_UPLOAD_BODY_LIMIT_BYTES` (5 GiB) gets an `error` of 413. With `HUBKIT_STORAGE_QUOTA_BYTES` set, objects that would take the namespace over its quota are a 413 `StorageQuotaExceeded` before any URL is handed out.",
			"- A renamed repository's old name answers 307 to the new one, for callers who may see it. Expired uploads and their parts are swept on later batch calls and by gc.",
		],
	},
	"POST /{namespace}/{name}/info/lfs/objects/verify": {
		summary: "Git LFS: confirm an uploaded object of a model",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: ["Body `{oid, size}`: 200 when the object is stored with that size, else 404."],
	},
	"GET /{namespace}/{name}/info/lfs/objects/{oid}": {
		summary: "Git LFS: download an object of a model (the link a download batch gave)",
		tag: "Commits and uploads",
		details: ["Needs the `sig` query the batch answer put in the link: 403 without a valid one."],
	},
	"GET /datasets/{namespace}/{name}/info/lfs/objects/{oid}": {
		summary: "Git LFS: download an object of a dataset (the link a download batch gave)",
		tag: "Commits and uploads",
	},
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}": {
		summary: "Upload an LFS object's bytes (the URL the batch answer gave)",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: LFS_SECRET },
		details: [
			"The whole file, sent without a token. The URL is the permission: it carries a random secret (the hub keeps only its sha256) and works for its own repository, its announced oid and size, once, for an hour (then 403; an unknown URL or another repository's is 404), and only while the token or session that asked for it lives and its user is not disabled (then 403). The bytes stream to a temporary file while they are hashed and enter the store only when their sha256 and size are the announced ones: other bytes are a 400 and nothing is stored, and a body cut off (or a hub killed) midway leaves no blob. 200 once stored.",
		],
	},
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": {
		summary: "Upload one part of a multipart LFS upload",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: LFS_SECRET },
		details: [
			"Part `part` of a `multipart` upload: `chunk_size` bytes, the last part the rest. Answers its `ETag`. The URL is the permission, as for the whole-file upload.",
		],
	},
	"POST /{namespace}/{name}/info/lfs/uploads/{secret}/complete": {
		summary: "Finish a multipart LFS upload",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "none", why: LFS_SECRET },
		details: [
			"Body `{oid, parts: [{partNumber, etag}]}` once every part is there: the parts are joined into the blob, checked as a whole-file upload is.",
		],
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/batch": {
		summary: "Git LFS batch API of a dataset",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: ["As `POST /{namespace}/{name}/info/lfs/objects/batch`."],
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/verify": {
		summary: "Git LFS: confirm an uploaded object of a dataset",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "write", on: "repo" },
	},
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}": {
		summary: "Upload a dataset's LFS object",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: LFS_SECRET },
	},
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": {
		summary: "Upload one part of a dataset's multipart LFS upload",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: LFS_SECRET },
	},
	"POST /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/complete": {
		summary: "Finish a dataset's multipart LFS upload",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "none", why: LFS_SECRET },
	},
};

type LfsContext = Context<HubEnv>;

const EMPTY_BODY: AsyncIterable<Uint8Array> = (async function* () {})();

export function lfsRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const uploads = new LfsUploads(deps);

	/** The repository a path names, as `{type, id}`; `name` arrives with its `.git`. */
	function repoOf(c: LfsContext, type: RepoType): { type: RepoType; id: string } {
		const name = (c.req.param("name") ?? "").slice(0, -".git".length);
		return { type, id: checkedRepoId(c.req.param("namespace") ?? "", name) };
	}

	async function json(c: LfsContext): Promise<unknown> {
		return c.req.json().catch(() => {
			throw badRequest("Body is not valid JSON");
		});
	}

	/**
	 * A renamed repository's batch and verify calls are sent on to its new name (307 keeps the
	 * method and body; the clients follow it), when the caller may see it there; otherwise the
	 * old name is simply missing.
	 */
	async function movedTo(c: LfsContext, type: RepoType, id: string, call: "batch" | "verify") {
		if (await findRepo(deps.db, type, id)) return undefined;
		const target = await redirectOf(deps.db, type, id);
		if (target === undefined) return undefined;
		const repo = await findRepo(deps.db, type, target);
		if (!repo || !canSee({ ...repo, private: repo.private ? 1 : 0 }, c.get("caller"))) return undefined;
		return c.redirect(`${repoWebPath(type, target)}.git/info/lfs/objects/${call}`, 307);
	}

	function lfsAnswer(c: LfsContext, body: unknown) {
		return c.body(JSON.stringify(body), 200, { "Content-Type": LFS_MEDIA_TYPE });
	}

	/**
	 * The request body as it arrives. A body of declared length on the Node server is read from
	 * the socket itself: the web stream over it costs a fifth of the throughput (bench/upload.mjs).
	 * The upload body limit has checked the declared length; a chunked body is read through the
	 * limit's counting stream.
	 */
	function bodyOf(c: LfsContext): AsyncIterable<Uint8Array> {
		const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
		const headers = c.req.raw.headers;
		if (incoming && headers.has("content-length") && !headers.has("transfer-encoding")) return incoming;
		return (c.req.raw.body as AsyncIterable<Uint8Array> | null) ?? EMPTY_BODY;
	}

	for (const [prefix, type] of [
		["", "model"],
		["/datasets", "dataset"],
	] as const) {
		const lfs = `${prefix}/:namespace/:name{[^/]+\\.git}/info/lfs`;

		app.post(`${lfs}/objects/batch`, async (c) => {
			const { id } = repoOf(c, type);
			const moved = await movedTo(c, type, id, "batch");
			if (moved) return moved;
			const request = parseBatchRequest(await json(c));
			if (request.operation === "download") {
				const repo = await readableRepo(deps.db, type, id, c.get("caller"));
				const base = `${publicBaseUrl(c, deps.config)}${repoWebPath(type, repo.id)}.git/info/lfs`;
				const objects = await downloadBatch(deps, repo, request.objects, base);
				return lfsAnswer(c, { transfer: "basic", objects, hash_algo: "sha256" });
			}
			const { repo, caller } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
			const base = `${publicBaseUrl(c, deps.config)}${repoWebPath(type, repo.id)}.git/info/lfs`;
			return lfsAnswer(c, await uploads.batch(repo, caller, request, base));
		});

		app.get(`${lfs}/objects/:oid`, async (c) => {
			const { type: repoType, id } = repoOf(c, type);
			const oid = c.req.param("oid");
			const { body, size } = await signedDownload(deps, repoKey(repoType, id), oid, c.req.query("sig"));
			return c.body(body, 200, { "Content-Type": "application/octet-stream", "Content-Length": String(size) });
		});

		app.post(`${lfs}/objects/verify`, async (c) => {
			const { id } = repoOf(c, type);
			const moved = await movedTo(c, type, id, "verify");
			if (moved) return moved;
			const { repo } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
			const { oid, size } = (await json(c)) as { oid?: unknown; size?: unknown };
			if (typeof oid !== "string" || !isSha256Hex(oid))
				throw badRequest("oid must be a sha256: 64 lower-case hex digits");
			if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
				throw badRequest("size must be a non-negative integer");
			}
			if (await uploads.isStored(repo, oid, size)) return lfsAnswer(c, { oid, size });
			throw new HubError(404, `Object ${oid} of ${size} bytes is not stored: upload it first`, { code: "NotFound" });
		});

		app.put(`${lfs}/uploads/:secret`, async (c) => {
			const { type: repoType, id } = repoOf(c, type);
			await uploads.receive(repoKey(repoType, id), c.req.param("secret"), bodyOf(c));
			return c.body(null, 200);
		});

		app.put(`${lfs}/uploads/:secret/parts/:part`, async (c) => {
			const { type: repoType, id } = repoOf(c, type);
			const etag = await uploads.receivePart(
				repoKey(repoType, id),
				c.req.param("secret"),
				c.req.param("part"),
				bodyOf(c),
			);
			return c.body(null, 200, { ETag: etag });
		});

		app.post(`${lfs}/uploads/:secret/complete`, async (c) => {
			const { type: repoType, id } = repoOf(c, type);
			const { oid, partNumbers } = parseCompletion(await json(c));
			const stored = await uploads.complete(repoKey(repoType, id), c.req.param("secret"), oid, partNumbers);
			return lfsAnswer(c, { oid: stored.sha256, size: stored.size });
		});
	}
	return app;
}
