/**
 * File routes, for models and datasets alike: the tree listing, paths-info, and
 * file downloads on /resolve and /raw (`/api/models/{id}/…` and `/{id}/resolve/…`;
 * `/api/datasets/{id}/…` and `/datasets/{id}/resolve/…`). Shapes, headers and error codes follow reference/hub-api.md §3–§5, which
 * is what @huggingface/hub and huggingface_hub read. Ids, revisions and paths
 * arrive decoded (`%2F` included); they are checked, then used only as database
 * keys: file bytes are found by sha256 through the BlobStore, never by path. A mirror's LFS
 * bytes may still be upstream: a GET streams them as they are fetched (services/mirrored-blobs.ts), a HEAD
 * answers from the listing.
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, entryNotFound, HubError, repoNotFound } from "../errors.js";
import type { QueryDoc, RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl, publicUrlOf } from "../public-url.js";
import { checkGatedDownload } from "../services/access-requests.js";
import { recordRepoFileFetch } from "../services/downloads.js";
import { type FileRepo, FileService } from "../services/files.js";
import { LEGACY_ID_ALIASES } from "../services/legacy-ids.js";
import { recordMirroredBlobUse } from "../services/mirror-cache.js";
import { mirroredBlobBody } from "../services/mirrored-blobs.js";
import { findVisibleOrMoved, movedRepo } from "../services/repo-redirect.js";
import { REPO_TYPE_PLURALS, REPO_TYPES, type RepoType } from "../services/repos.js";
import { withXetHashes } from "../services/xet-reconstruction.js";
import { XetStore } from "../services/xet-store.js";
import type { ByteRange } from "../storage/blob-store.js";
import { contentRange, parseRangeHeader } from "../storage/byte-range.js";
import { lfsPointer } from "../storage/lfs.js";
import { repoIdProblem, repoPathSyntaxProblem, revisionProblem } from "../storage/repo-path.js";
import type { FileEntry, RepoTree, RevisionFile } from "../storage/repo-tree.js";
import { fileSafetyHeaders } from "./file-headers.js";
import { isTrue } from "./query.js";
import { XET_FILE_INFO_TYPE, xetFileHeaders } from "./xet-reads.js";

const TREE_QUERY: QueryDoc[] = [
	{ name: "recursive", description: "List every file below, not just this folder", type: "boolean" },
	{ name: "expand", description: "Add last commits and LFS details", type: "boolean" },
	{ name: "limit", description: "Entries per page", type: "integer" },
	{ name: "cursor", description: "The next page, from the `Link` header" },
];

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const FILES_ROUTE_DOCS: RouteDocs = {
	"GET /api/models/{namespace}/{name}/tree/{revision}": {
		summary: "A model's top folder at a revision",
		tag: "Files",
		query: TREE_QUERY,
		details: [
			"A page of entries (the shape of `reference/hub-api.md` §3) with `X-Repo-Commit`: `recursive=true` walks subfolders, `expand=true` adds each entry's `lastCommit`; 1000 a page with a `Link` to the next. A revision is a branch, tag, commit id or `HEAD`; an unknown one is 404 `RevisionNotFound`, a missing path 404 `EntryNotFound`.",
		],
	},
	"GET /api/models/{namespace}/{name}/tree/{revision}/{path}": {
		summary: "A folder of a model at a revision",
		tag: "Files",
		query: TREE_QUERY,
	},
	"POST /api/models/{namespace}/{name}/paths-info/{revision}": {
		summary: "Facts about the given paths of a model (size, LFS, last commit)",
		tag: "Files",
		body: "form",
		permission: { action: "read", on: "repo" },
		details: [
			"The body (JSON, form-urlencoded or `multipart/form-data`) names `paths` and may ask `expand`: an entry, as the tree gives it, for each path that exists. A body none of those types can read is a 400.",
		],
	},
	"GET /api/datasets/{namespace}/{name}/tree/{revision}": {
		summary: "A dataset's top folder at a revision",
		tag: "Files",
		query: TREE_QUERY,
	},
	"GET /api/datasets/{namespace}/{name}/tree/{revision}/{path}": {
		summary: "A folder of a dataset at a revision",
		tag: "Files",
		query: TREE_QUERY,
	},
	"POST /api/datasets/{namespace}/{name}/paths-info/{revision}": {
		summary: "Facts about the given paths of a dataset",
		tag: "Files",
		body: "form",
		permission: { action: "read", on: "repo" },
	},
	"GET /{namespace}/{name}/resolve/{revision}/{path}": {
		summary: "Download a model file (honours Range; counts a download)",
		tag: "Files",
		produces: "application/octet-stream",
		details: [
			"Answers with `ETag`, `X-Repo-Commit`, `X-Linked-Size` and `X-Linked-ETag` (LFS files), honours `Range` and `HEAD`. Every answer on `/resolve` and `/raw` carries `X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src 'none'; sandbox`: regular files are `text/plain`, LFS files `application/octet-stream`, and types a browser would run (HTML, SVG, XML, JavaScript, PDF …) are sent as attachments. A gated repository's files (all but `README.md` and `.gitattributes`) need an accepted access request: 401 without a token, 403 with one, both `GatedRepo`. An old id (a renamed repository, or a bare id the catalogue renamed) answers 307 to the new one.",
		],
	},
	"GET /{namespace}/{name}/raw/{revision}/{path}": {
		summary: "A model file as text, not counted as a download",
		tag: "Files",
		produces: "application/octet-stream",
	},
	"GET /{name}/resolve/{revision}/{path}": {
		summary: "Download a file of a model with a one-part id",
		tag: "Files",
		produces: "application/octet-stream",
	},
	"GET /{name}/raw/{revision}/{path}": {
		summary: "A file of a model with a one-part id, as text",
		tag: "Files",
		produces: "application/octet-stream",
	},
	"GET /datasets/{namespace}/{name}/resolve/{revision}/{path}": {
		summary: "Download a dataset file (honours Range)",
		tag: "Files",
		produces: "application/octet-stream",
		details: [
			"As for a model. A download counts once per file fetched from its first byte, except the card (`README.md`) and `.gitattributes`: a dataset has no library rule to say which file is its data.",
		],
	},
	"GET /datasets/{namespace}/{name}/raw/{revision}/{path}": {
		summary: "A dataset file as text",
		tag: "Files",
		produces: "application/octet-stream",
	},
};

export const MAX_TREE_PAGE = 1000;
export const MAX_PATHS_INFO = 1000;

type FileContext = Context<HubEnv>;

export function fileRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const files = new FileService(deps.db);
	const xetStore = new XetStore(deps.db, deps.blobStore);

	/**
	 * The repository and commit a request names. `prefix` is what comes before the id in the
	 * path (`/api/models`, `/datasets`, …): the old id of a renamed repository is answered with a
	 * 307 to the same path under its new id.
	 */
	async function locate(c: FileContext, type: RepoType, prefix: string) {
		const namespace = c.req.param("namespace") ?? "";
		const name = c.req.param("name") ?? "";
		const revision = c.req.param("revision") ?? "";
		const problem = repoIdProblem(namespace, name) ?? revisionProblem(revision);
		if (problem) throw badRequest(problem);
		const id = `${namespace}/${name}`;
		const repo = await findVisibleOrMoved(deps.db, type, id, c.get("caller"));
		if ("movedTo" in repo) throw movedRepo(new URL(c.req.url), prefix, id, repo.movedTo);
		const commitSha = await files.resolveRevision(repo.key, revision);
		return { repo, commitSha };
	}

	/** Reads name paths by the syntax rule alone, so files stored before a naming rule stay reachable. */
	function checkedPath(path: string): string {
		const problem = repoPathSyntaxProblem(path);
		if (problem) throw badRequest(problem);
		return path;
	}

	async function listTree(c: FileContext, type: RepoType) {
		const { repo, commitSha } = await locate(c, type, `/api/${REPO_TYPE_PLURALS[type]}`);
		const directory = checkedPath((c.req.param("path") ?? "").replace(/\/$/, ""));
		const recursive = isTrue(c.req.query("recursive"));
		const expand = isTrue(c.req.query("expand"));
		const limit = pageSize(c.req.query("limit"));
		const cursor = c.req.query("cursor");
		const after = cursor === undefined ? undefined : decodeCursor(cursor);

		const tree = await files.tree(commitSha);
		if (!tree.isDirectory(directory)) {
			const what = tree.file(directory) ? "is a file, not a directory" : "does not exist";
			throw new HubError(404, `${directory} ${what} in ${repo.id} at ${commitSha}`, {
				code: "EntryNotFound",
				headers: { "X-Repo-Commit": commitSha },
			});
		}
		const remaining = tree.list(directory, recursive).filter((entry) => after === undefined || entry.path > after);
		const page = await withXetHashes(xetStore, remaining.slice(0, limit));
		const last = page.at(-1);
		if (remaining.length > limit && last) {
			const next = new URL(c.req.url);
			next.searchParams.set("cursor", encodeCursor(last.path));
			c.header("Link", `<${publicUrlOf(c, deps.config, next)}>; rel="next"`);
		}
		c.header("X-Repo-Commit", commitSha);
		if (!expand) return c.json(page);
		const lastCommits = await files.lastCommits(repo.key, commitSha, page);
		return c.json(page.map((entry) => ({ ...entry, lastCommit: lastCommits.get(entry.path) })));
	}

	async function pathsInfo(c: FileContext, type: RepoType) {
		const { repo, commitSha } = await locate(c, type, `/api/${REPO_TYPE_PLURALS[type]}`);
		const { paths, expand } = await readPathsInfoBody(c);
		const tree = await files.tree(commitSha);
		const entries = await withXetHashes(
			xetStore,
			[...new Set(paths.map(checkedPath))].flatMap((path) => tree.entry(path) ?? []),
		);
		c.header("X-Repo-Commit", commitSha);
		if (!expand) return c.json(entries);
		const lastCommits = await files.lastCommits(repo.key, commitSha, entries);
		return c.json(entries.map((entry) => ({ ...entry, lastCommit: lastCommits.get(entry.path) })));
	}

	for (const type of REPO_TYPES) {
		const api = `/api/${REPO_TYPE_PLURALS[type]}/:namespace/:name`;
		app.get(`${api}/tree/:revision`, (c) => listTree(c, type));
		app.get(`${api}/tree/:revision/:path{.+}`, (c) => listTree(c, type));
		app.post(`${api}/paths-info/:revision`, (c) => pathsInfo(c, type));
	}

	// Datasets first: `/datasets/{ns}/{name}/resolve/…` can also fit the model pattern (with
	// `datasets` as a namespace, which is reserved), and the first route registered answers.
	for (const type of ["dataset", "model"] as const) {
		// What comes before the id in the path.
		const prefix = type === "model" ? "" : "/datasets";
		for (const kind of ["resolve", "raw"] as const) {
			// Hono answers HEAD with the GET handler (and drops the body); serveFile reads the method.
			app.get(`${prefix}/:namespace/:name/${kind}/:revision/:path{.+}`, (c) => download(c, type, prefix, kind));
		}
	}

	async function download(c: FileContext, type: RepoType, prefix: string, kind: "resolve" | "raw") {
		const { repo, commitSha } = await locate(c, type, prefix);
		const tree = await files.tree(commitSha);
		const path = storedPath(tree, checkedPath(c.req.param("path") ?? ""));
		const entry = tree.file(path);
		const stored = tree.revisionFile(path);
		if (!entry || !stored) throw entryNotFound(repo.id, path, commitSha);
		// A gated repository's files need its owner, a writer, or an accepted access request.
		await checkGatedDownload(deps.db, repo, path, c.get("caller"));
		return serveFile(c, deps, { repo, commitSha, entry, stored, raw: kind === "raw", xetStore });
	}

	for (const kind of ["resolve", "raw"] as const) {
		// An old bare id the catalogue renamed (`gpt2` → `openai-community/gpt2`) is redirected, as for a renamed
		// repository: old scripts download by the bare id. Registered after the namespaced route, which wins
		// whenever both patterns match.
		app.get(`/:name/${kind}/:revision/:path{.+}`, (c) => {
			const name = c.req.param("name");
			const target = Object.hasOwn(LEGACY_ID_ALIASES, name) ? LEGACY_ID_ALIASES[name] : undefined;
			if (!target) throw repoNotFound(name.slice(0, 200), c.get("caller") !== undefined);
			const path = checkedPath(c.req.param("path")).split("/").map(encodeURIComponent).join("/");
			const revision = encodeURIComponent(c.req.param("revision"));
			return c.redirect(`/${target}/${kind}/${revision}/${path}${new URL(c.req.url).search}`, 307);
		});
	}

	return app;
}

/**
 * The path as the revision stores it: names are stored in Unicode NFC (repo-path.ts), so a
 * client asking in another form (macOS file names are often decomposed) finds the same file.
 * A name stored before that rule is found as it was written.
 */
function storedPath(tree: RepoTree, path: string): string {
	if (tree.file(path)) return path;
	const composed = path.normalize("NFC");
	return tree.file(composed) ? composed : path;
}

function pageSize(value: string | undefined): number {
	if (value === undefined) return MAX_TREE_PAGE;
	const limit = Number(value);
	if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_TREE_PAGE) {
		throw badRequest(`limit must be an integer from 1 to ${MAX_TREE_PAGE}`);
	}
	return limit;
}

function encodeCursor(path: string): string {
	return Buffer.from(path, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): string {
	const path = Buffer.from(cursor, "base64url").toString("utf8");
	if (cursor === "" || encodeCursor(path) !== cursor || repoPathSyntaxProblem(path)) throw badRequest("Invalid cursor");
	return path;
}

/** JSON `{paths, expand}` (JS client) or form-urlencoded repeated `paths` (Python client). */
async function readPathsInfoBody(c: FileContext): Promise<{ paths: string[]; expand: boolean }> {
	const type = c.req.header("content-type") ?? "";
	let paths: unknown;
	let expand: unknown;
	if (type.includes("application/json")) {
		const body = (await c.req.json().catch(() => {
			throw badRequest("Body is not valid JSON");
		})) as { paths?: unknown; expand?: unknown } | null;
		paths = body?.paths;
		expand = body?.expand === true || (typeof body?.expand === "string" && isTrue(body.expand));
	} else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
		// A body the form parser cannot read is the client's mistake: 400, not an unexpected failure with a stack.
		const form = await c.req.parseBody({ all: true }).catch((error: unknown) => {
			if (error instanceof HubError) throw error;
			throw badRequest(
				`Body is not valid ${type.includes("multipart/form-data") ? "multipart/form-data" : "form data"}`,
			);
		});
		paths = typeof form.paths === "string" ? [form.paths] : form.paths;
		expand = typeof form.expand === "string" && isTrue(form.expand);
	} else {
		throw badRequest("paths-info takes application/json or application/x-www-form-urlencoded");
	}
	if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string")) {
		throw badRequest("paths must be a list of strings");
	}
	if (paths.length > MAX_PATHS_INFO) throw badRequest(`At most ${MAX_PATHS_INFO} paths per request`);
	return { paths, expand: expand === true };
}

interface ServedFile {
	repo: FileRepo;
	commitSha: string;
	entry: FileEntry;
	stored: RevisionFile;
	/** /raw: an LFS file is served as its pointer, as git stores it. */
	raw: boolean;
	xetStore: XetStore;
}

const encoder = new TextEncoder();

/**
 * One file download (GET or HEAD), with ETag, Range and download counting.
 *
 * Counting rule: a GET counts when it fetches the file from its first byte (no
 * Range, or a range starting at 0), and the file matches the library's
 * `countsAsDownload` rule. HEAD, 304, 416, resumptions (`bytes=n-`, n > 0) and
 * the `bytes=0-0` size probe JS clients send before the real fetch never count,
 * so each client download counts once: Python (HEAD, then GET) and JS (probe,
 * then GET) alike.
 */
async function serveFile(c: FileContext, deps: HubDeps, served: ServedFile): Promise<Response> {
	const { repo, commitSha, entry, stored } = served;
	const pointer = served.raw && entry.lfs ? encoder.encode(lfsPointer(entry.lfs.oid, entry.lfs.size)) : undefined;
	const lfs = pointer ? undefined : entry.lfs;
	// What this response delivers: the stored bytes (a seeded placeholder is smaller than its listed size).
	const size = pointer ? pointer.byteLength : (stored.storedSize ?? stored.size);
	// Regular files and pointers: git blob id; LFS content: sha256 (hub-api.md §5, HF ETags).
	const etag = `"${lfs ? lfs.oid : entry.oid}"`;
	const fileHeaders: Record<string, string> = {
		...fileSafetyHeaders(stored.path),
		ETag: etag,
		"X-Repo-Commit": commitSha,
		"Accept-Ranges": "bytes",
		...(lfs ? { "X-Linked-Size": String(size), "X-Linked-ETag": etag } : {}),
	};
	// Uploaded through Xet: clients that can read Xet are told how (routes/xet-reads.ts); the bytes stay here too.
	const xetHash = lfs && (await served.xetStore.fileHashesBySha256([lfs.oid])).get(lfs.oid);
	if (xetHash) {
		const baseUrl = publicBaseUrl(c, deps.config);
		Object.assign(fileHeaders, xetFileHeaders(baseUrl, repo, commitSha, xetHash, size), { Vary: "Accept" });
		// @huggingface/hub asks with this type and reads only the headers (its probe is not a download).
		if (c.req.method === "GET" && c.req.header("accept")?.includes(XET_FILE_INFO_TYPE)) {
			const info = { hash: xetHash, size, etag: lfs.oid, refreshUrl: fileHeaders["X-Xet-Refresh-Route"] };
			return c.body(JSON.stringify(info), 200, { ...fileHeaders, "Content-Type": XET_FILE_INFO_TYPE });
		}
	}
	const headers: Record<string, string> = {
		...fileHeaders,
		"Content-Type": lfs ? "application/octet-stream" : "text/plain; charset=utf-8",
	};

	if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);

	const rangeHeader = c.req.header("range");
	const request = size === 0 ? { kind: "whole" as const } : parseRangeHeader(rangeHeader, size);
	if (request.kind === "unsatisfiable") {
		// The error body is JSON, so only the file's identity headers go with it, not its Content-Type.
		throw new HubError(416, `Range ${rangeHeader?.slice(0, 100)} is outside the file (${size} bytes)`, {
			headers: { ...fileHeaders, "Content-Range": contentRange(undefined, size) },
		});
	}
	const range = request.kind === "partial" ? request.range : undefined;
	const status = range ? 206 : 200;
	headers["Content-Length"] = String(range ? range.end - range.start + 1 : size);
	if (range) headers["Content-Range"] = contentRange(range, size);
	// JS clients need a size from Content-Range even for an empty file, which has no byte to range over.
	else if (rangeHeader !== undefined && size === 0) headers["Content-Range"] = contentRange(undefined, 0);

	if (c.req.method === "HEAD") return c.body(null, status, headers);
	// A mirror's LFS file may be recorded without its bytes yet: read as they arrive from the upstream.
	if (!pointer && repo.mirrorOf !== null) {
		const absent = { repo, commitSha, path: stored.path, sha256: stored.blobSha256, size };
		const arriving = await mirroredBlobBody(deps, absent, range);
		if (arriving) {
			await countDownload(deps, repo, stored.path, range);
			return c.body(arriving, status, headers);
		}
		// Its last use orders the mirror cache's evictions (services/mirror-cache.ts).
		if (lfs) await recordMirroredBlobUse(deps, stored.blobSha256, size);
	}

	// An object store clients can reach (HUBKIT_S3_PRESIGN_DOWNLOADS): LFS bytes come from there, as
	// HF's come from its CDN; the client sends its Range again to the signed URL.
	if (lfs && deps.config.s3PresignDownloads && deps.blobStore.downloadUrl) {
		const location = await deps.blobStore.downloadUrl(stored.blobSha256, stored.path);
		if (location) {
			await countDownload(deps, repo, stored.path, range);
			return c.body(null, 302, { ...fileHeaders, Location: location });
		}
	}

	const body = pointer
		? new Blob([range ? pointer.subarray(range.start, range.end + 1) : pointer]).stream()
		: await deps.blobStore.read(stored.blobSha256, range);
	if (!body) {
		deps.logger.error(`Blob ${stored.blobSha256} of ${repo.id}/${stored.path} is missing from the store`);
		throw new HubError(500, "File content is missing from the store");
	}
	await countDownload(deps, repo, stored.path, range);
	return c.body(body, status, headers);
}

/** A GET from the first byte counts (not the `bytes=0-0` probe, not a resumption). */
async function countDownload(deps: HubDeps, repo: FileRepo, path: string, range: ByteRange | undefined): Promise<void> {
	if (!range || (range.start === 0 && range.end > 0)) {
		await recordRepoFileFetch(deps.db, repo, path).catch((error) =>
			deps.logger.error(`Could not count a download of ${repo.id}`, error),
		);
	}
}

/** `If-None-Match`: a list of (possibly weak) tags, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
	if (!header) return false;
	return header.split(",").some((tag) => {
		const trimmed = tag.trim();
		return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
	});
}
