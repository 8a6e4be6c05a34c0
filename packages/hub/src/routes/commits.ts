/**
 * Creating repositories and committing to them, in the shapes @huggingface/hub and
 * huggingface_hub send (reference/hub-api.md §8, §9.1, §9.5): `POST /api/repos/create`,
 * preupload (which files go through LFS), and the NDJSON commit. The commit body is read
 * line by line as it arrives: each inline file goes to the blob store as soon as its line
 * is complete, and the commit itself is one transaction once the body has ended
 * (services/commits.ts), so a body cut short changes nothing.
 */
import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, HubError, tokenRequired } from "../errors.js";
import { gitBlobOid } from "../git-oid.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import {
	applyCommit,
	branchHead,
	type CommitOperation,
	checkedPath,
	checkFilesPerCommit,
	snapshotOf,
} from "../services/commits.js";
import { repoHoldsObject } from "../services/lfs-objects.js";
import { StorageBudget } from "../services/quota.js";
import { createRepo, newRepoProblem } from "../services/repo-create.js";
import { checkedRepoId, findRepoFor, isRepoType, type Repo, repoTypeOfPlural, repoWebPath } from "../services/repos.js";
import { checkUploadType } from "../services/upload-rules.js";
import { isLfsFile, lfsPointerInfo } from "../storage/lfs.js";
import { composedPath, repoPathSyntaxProblem, revisionProblem } from "../storage/repo-path.js";
import { isSha256Hex, sha256Hex } from "../storage/sha256.js";
import { jsonObject, optionalString, requestedPrivacy, requiredString } from "./json-body.js";
import { isTrue } from "./query.js";
import { withExistingUrl } from "./repo-conflict.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const COMMITS_ROUTE_DOCS: RouteDocs = {
	"POST /api/repos/create": {
		summary: "Create a model or dataset repository",
		tag: "Repositories",
		body: "json",
		permission: { action: "write", on: "namespace" },
		details: [
			'Body `{ name, organization?, type?, visibility? | private?, files? }`: `type` is `model` (default) or `dataset`; `organization` a namespace the caller may write in, absent or `null` for their own; `visibility` `public` or `private` (or `private: true|false`); `files` `[{path, content, encoding: "base64"}]`. The repository starts with one commit on `main` holding a `.gitattributes` that tracks the LFS formats, plus the files.',
			"",
			"```json",
			'{ "url": "http://127.0.0.1:8787/you/demo", "id": "you/demo", "name": "you/demo" }',
			"```",
			"",
			'An existing id is a 409 `RepoExists` whose body also has the repository\'s `url` (what `create_repo(exist_ok=True)` returns). A namespace nobody holds is a 404 for everyone (whoever signed up under it later would own the repository); a site administrator may create in any namespace an account or organisation holds. Files are held to the path rules and refused types ("Paths and file types" in the Write API of the hub README) and the storage quota.',
		],
	},
	"GET /api/repos/name-check": {
		summary: "Whether a new repository may take this name",
		tag: "Repositories",
		query: [
			{ name: "type", description: "model (default) or dataset" },
			{ name: "namespace", description: "The owner: the caller or one of their organisations" },
			{ name: "name", description: "The repository's name" },
		],
		details: [
			'Asks, creating nothing, what `POST /api/repos/create` would say: `{"ok": true}`, or `{"ok": false, "problem": "…"}` with the reason (the name rule, a reserved name, a namespace the caller may not write in or that nobody holds, an id already taken). Needs a session or token; the site\'s "New model" form calls it as you type.',
		],
	},
	"POST /api/{plural}/{namespace}/{name}/preupload/{revision}": {
		summary: "Which files of a coming commit go through LFS",
		tag: "Commits and uploads",
		body: "json",
		permission: { action: "write", on: "repo" },
		details: [
			"Body `{ files: [{ path, size, sample }] }` (at most 1,000 paths). For each, whether it goes inline (`regular`) or through the LFS batch API (`lfs`: weight and archive formats, and anything over 10 MiB), and the `oid` of the file already at that path (git blob id, or sha256 for an LFS file), so a client can skip what has not changed. Answers under the name the client sent.",
			"",
			"```json",
			'{ "files": [{ "path": "model.onnx", "uploadMode": "lfs", "shouldIgnore": false }] }',
			"```",
			"",
			'Refused paths and types ("Paths and file types" in the Write API of the hub README) are refused here already; with a storage quota, the announced sizes of new or resized files that would go over it are a 413 `StorageQuotaExceeded`.',
		],
	},
	"POST /api/{plural}/{namespace}/{name}/commit/{revision}": {
		summary: "Commit: add, change and delete files in one commit (a stale parent gets 412)",
		tag: "Commits and uploads",
		body: "ndjson",
		query: [{ name: "create_pr", description: "Not supported: answered with an error", type: "boolean" }],
		permission: { action: "write", on: "repo" },
		details: [
			'NDJSON, one `{"key", "value"}` object a line: the `header` first (`summary`, `description`, `parentCommit`), then any of `file` (`path`, base64 `content`), `lfsFile` (`path`, `oid`, `size` of content already uploaded through LFS), `deletedFile` and `deletedFolder`. Answers `{"commitOid", "commitUrl", "success": true}`.',
			"- Atomic: every file appears at once, or none; a bad line is a 400 naming it and nothing changes. A commit that changes nothing answers with the current head.",
			"- A `parentCommit` that is no longer the head of the branch is a 412 `ParentCommitMismatch`: read again and redo the change. `create_pr=1` is refused: the hub has no pull requests.",
			"- More than `HUBKIT_MAX_FILES_PER_COMMIT` (20,000) added or deleted files, or a repository left with more than `HUBKIT_MAX_FILES_PER_REPO` (100,000), is a 422 `TooManyFiles` saying which cap and how to proceed; an NDJSON body is refused at the first line over the cap.",
			'- Refused paths and types ("Paths and file types" in the Write API of the hub README) are a 400 or a 422 `RefusedFileType`; inline files over the storage quota a 413 `StorageQuotaExceeded`.',
			'- On `main` the repository\'s record follows its files ("What a commit to main changes" in the Write API of the hub README), and a model the local runtime can run is offered through `hf-inference` as soon as the commit answers.',
		],
	},
};

/** Longest NDJSON line: an inline file of the LFS threshold's size, base64-encoded, with room to spare. */
export const MAX_COMMIT_LINE_BYTES = 32 * 1024 * 1024;
/** Files per preupload call: also what the site lets a person pick for one commit. */
export const MAX_PREUPLOAD_FILES = 1000;
/** Inline files of one commit being written to the blob store at once. */
const STORES_IN_FLIGHT = 8;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type RouteContext = Context<HubEnv>;

export function commitRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.post("/api/repos/create", async (c) => {
		const body = await jsonObject(c);
		const name = requiredString(body, "name");
		const caller = c.get("caller");
		const organization = optionalString(body, "organization");
		// A full id in `name` (old clients) names its namespace too.
		const slash = name.indexOf("/");
		const namespace = slash >= 0 ? name.slice(0, slash) : (organization ?? caller?.userName);
		const repoName = slash >= 0 ? name.slice(slash + 1) : name;
		if (namespace === undefined) throw tokenRequired();
		const type = body.type ?? "model";
		if (type === "space") throw badRequest("This hub has no spaces: create a model or a dataset");
		if (!isRepoType(type)) throw badRequest("type must be model or dataset");
		const files = initialFiles(body.files)?.map((file) => {
			checkUploadType(deps.config, file.path);
			return file;
		});
		const budget = new StorageBudget(deps.db, deps.config, namespace);
		if (files && budget.limited) {
			await budget.add(files.map((file) => ({ sha256: sha256Hex(file.content), size: file.content.byteLength })));
		}
		const urlOf = (id: string) => `${publicBaseUrl(c, deps.config)}${repoWebPath(type, id)}`;
		const created = await createRepo(deps, caller, {
			type,
			namespace,
			name: repoName,
			private: requestedPrivacy(body) ?? false,
			files,
		}).catch(withExistingUrl(urlOf(`${namespace}/${repoName}`)));
		return c.json({
			url: urlOf(created.id),
			id: created.id,
			name: created.id,
		});
	});

	// Whether create would take this name, asked as the site's form is filled in.
	app.get("/api/repos/name-check", async (c) => {
		const type = c.req.query("type") ?? "model";
		if (!isRepoType(type)) throw badRequest("type must be model or dataset");
		const namespace = c.req.query("namespace");
		const name = c.req.query("name");
		if (namespace === undefined || name === undefined) throw badRequest("namespace and name are required");
		const problem = await newRepoProblem(deps.db, c.get("caller"), { type, namespace, name });
		return c.json(problem === undefined ? { ok: true } : { ok: false, problem });
	});

	async function writable(c: RouteContext) {
		const type = repoTypeOfPlural(c.req.param("plural") ?? "");
		if (!type) return undefined;
		const id = checkedRepoId(c.req.param("namespace") ?? "", c.req.param("name") ?? "");
		const revision = (c.req.param("revision") ?? "").replace(/^refs\/heads\//, "");
		const problem = revisionProblem(revision);
		if (problem) throw badRequest(problem);
		if (isTrue(c.req.query("create_pr"))) {
			throw badRequest("Pull requests are not supported on this hub: commit to a branch instead");
		}
		const { repo, caller } = await findRepoFor(deps.db, "write", type, id, c.get("caller"));
		return { type, repo, caller, branch: revision };
	}

	app.post("/api/:plural/:namespace/:name/preupload/:revision", async (c) => {
		const target = await writable(c);
		if (!target) return c.notFound();
		const body = await jsonObject(c);
		if (!Array.isArray(body.files)) throw badRequest("files must be a list of {path, size, sample}");
		if (body.files.length > MAX_PREUPLOAD_FILES) throw badRequest(`At most ${MAX_PREUPLOAD_FILES} files per request`);
		const current = await snapshotOf(deps.db, await branchHead(deps.db, target.repo, target.branch));
		const announced: { size: number }[] = [];
		const files = body.files.map((entry: unknown, index: number) => {
			const file = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
			// Looked up in the stored (NFC) form, answered under the name the client sent: clients match answers by it.
			const asked = typeof file.path === "string" ? file.path : undefined;
			const path = asked === undefined ? undefined : checkedPath(composedPath(asked));
			const size = file.size;
			if (path === undefined || typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
				throw badRequest(`files[${index}] needs a path and a size`);
			}
			// Refused here, before a client sends any large file's bytes through LFS.
			checkUploadType(deps.config, path);
			const existing = current.get(path);
			// A file of another size is new bytes; one of the same size is most likely the same file
			// (the LFS batch and the commit, which know the content, count it exactly).
			if (existing?.size !== size) announced.push({ size });
			const oid = existing && (isLfsFile(existing.path, existing.size) ? existing.blobSha256 : existing.gitOid);
			return {
				path: asked,
				uploadMode: size > 0 && isLfsFile(path, size) ? "lfs" : "regular",
				shouldIgnore: false,
				...(oid ? { oid } : {}),
			};
		});
		// Refused here, before a client sends any bytes, when they would not fit in the namespace's quota.
		await new StorageBudget(deps.db, deps.config, target.repo.author).add(announced);
		return c.json({ files });
	});

	app.post("/api/:plural/:namespace/:name/commit/:revision", async (c) => {
		const target = await writable(c);
		if (!target) return c.notFound();
		const stream = c.req.raw.body;
		if (!stream) throw badRequest("The commit body is empty: send NDJSON lines, the header first");
		let header: { summary: string; description?: string; parentCommit?: string } | undefined;
		// Lines are stored a few at a time (blob writes overlap), in order; at most
		// STORES_IN_FLIGHT decoded files wait in memory.
		const operations: Promise<CommitOperation>[] = [];
		let settled = 0;
		const budget = new StorageBudget(deps.db, deps.config, target.repo.author);
		for await (const { number, text } of ndjsonLines(stream, MAX_COMMIT_LINE_BYTES)) {
			const line = parseLine(text, number);
			if (!header) {
				if (line.key !== "header") throw badRequest(`Line ${number}: the first line must be the header`);
				header = commitHeader(line.value, number);
				continue;
			}
			// Refused as soon as the line over the cap arrives, before more blobs are stored.
			checkFilesPerCommit(deps, operations.length + 1);
			const operation = operationOf(deps, target.repo, budget, line.key, line.value, number);
			// Handled here so a failure noticed before Promise.all below is never an unhandled rejection.
			operation.catch(() => undefined);
			operations.push(operation);
			if (operations.length - settled > STORES_IN_FLIGHT) await operations[settled++];
		}
		if (!header) throw badRequest("The commit body is empty: send NDJSON lines, the header first");
		const result = await applyCommit(deps, {
			repo: target.repo,
			branch: target.branch,
			...header,
			author: target.caller.userName,
			operations: await Promise.all(operations),
		});
		const commitUrl = `${publicBaseUrl(c, deps.config)}${repoWebPath(target.type, target.repo.id)}/commit/${result.commitOid}`;
		return c.json({ commitOid: result.commitOid, commitUrl, success: true });
	});

	return app;
}

function initialFiles(value: unknown): { path: string; content: Uint8Array }[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (!Array.isArray(value)) throw badRequest("files must be a list of {path, content, encoding}");
	return value.map((entry: unknown, index: number) => {
		const file = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
		if (typeof file.path !== "string" || typeof file.content !== "string") {
			throw badRequest(`files[${index}] needs a path and a content`);
		}
		return { path: composedPath(file.path), content: decodedContent(file.content, file.encoding, `files[${index}]`) };
	});
}

function decodedContent(content: string, encoding: unknown, where: string): Uint8Array {
	if (encoding === "utf-8" || encoding === "utf8") return new TextEncoder().encode(content);
	if (encoding !== undefined && encoding !== "base64") throw badRequest(`${where}: encoding must be base64 or utf-8`);
	const compact = content.replace(/\s+/g, "");
	if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw badRequest(`${where}: content is not valid base64`);
	return Buffer.from(compact, "base64");
}

/** The lines of an NDJSON body as they arrive; a line longer than `limit` bytes is refused. */
export async function* ndjsonLines(
	stream: ReadableStream<Uint8Array>,
	limit: number,
): AsyncGenerator<{ number: number; text: string }> {
	let pending: Buffer[] = [];
	let pendingSize = 0;
	let number = 0;
	const decoder = new TextDecoder("utf-8", { fatal: true });
	const finish = (parts: Buffer[]) => {
		number++;
		const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
		if (length > limit) throw badRequest(`Line ${number} is longer than ${limit} bytes`);
		try {
			return { number, text: decoder.decode(Buffer.concat(parts)) };
		} catch {
			throw badRequest(`Line ${number} is not UTF-8`);
		}
	};
	for await (const chunk of chunksOf(stream)) {
		let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		for (let newline = rest.indexOf(10); newline >= 0; newline = rest.indexOf(10)) {
			const line = finish([...pending, rest.subarray(0, newline)]);
			pending = [];
			pendingSize = 0;
			rest = rest.subarray(newline + 1);
			if (line.text.trim() !== "") yield line;
		}
		pendingSize += rest.byteLength;
		if (pendingSize > limit) throw badRequest(`Line ${number + 1} is longer than ${limit} bytes`);
		if (rest.byteLength > 0) pending.push(Buffer.from(rest));
	}
	if (pendingSize > 0) {
		const line = finish(pending);
		if (line.text.trim() !== "") yield line;
	}
}

function parseLine(text: string, number: number): { key: string; value: Record<string, unknown> } {
	let line: unknown;
	try {
		line = JSON.parse(text);
	} catch {
		throw badRequest(`Line ${number} is not JSON`);
	}
	const record = typeof line === "object" && line !== null ? (line as Record<string, unknown>) : {};
	const value = record.value;
	if (typeof record.key !== "string" || typeof value !== "object" || value === null || Array.isArray(value)) {
		throw badRequest(`Line ${number} must be {"key": …, "value": {…}}`);
	}
	return { key: record.key, value: value as Record<string, unknown> };
}

function commitHeader(value: Record<string, unknown>, number: number) {
	const text = (key: string) => {
		const field = value[key];
		if (field === undefined || field === null) return undefined;
		if (typeof field !== "string") throw badRequest(`Line ${number}: ${key} must be a string`);
		return field;
	};
	const summary = text("summary") ?? "";
	const description = text("description");
	const parentCommit = text("parentCommit");
	return {
		summary,
		...(description ? { description } : {}),
		...(parentCommit ? { parentCommit } : {}),
	};
}

async function operationOf(
	deps: HubDeps,
	repo: Repo,
	budget: StorageBudget,
	key: string,
	value: Record<string, unknown>,
	number: number,
): Promise<CommitOperation> {
	if (typeof value.path !== "string") throw badRequest(`Line ${number}: path is required`);
	// Stored in NFC (repo-path.ts): the decomposed and composed spellings of a name are one file.
	const rawPath = composedPath(value.path);
	const at = (message: string) => badRequest(`Line ${number} (${rawPath.slice(0, 200)}): ${message}`);
	switch (key) {
		case "file": {
			const path = checkedPath(rawPath);
			checkUploadType(deps.config, path);
			if (typeof value.content !== "string") throw at("content is required");
			const bytes = decodedContent(value.content, value.encoding, `Line ${number}`);
			if (budget.limited) await budget.add([{ sha256: sha256Hex(bytes), size: bytes.byteLength }]);
			const blob = await deps.blobStore.put(bytes);
			return { kind: "file", path, blob, gitOid: gitBlobOid(bytes) };
		}
		case "lfsFile": {
			const path = checkedPath(rawPath);
			checkUploadType(deps.config, path);
			const oid = typeof value.oid === "string" ? value.oid.toLowerCase() : "";
			if (value.algo !== undefined && value.algo !== "sha256") throw at("algo must be sha256");
			if (!isSha256Hex(oid)) throw at("oid must be a sha256 (64 hex digits)");
			const stored = await deps.blobStore.size(oid);
			// Stored for some repository is not enough: only bytes uploaded for this one (or already in its history).
			if (stored === undefined || !(await repoHoldsObject(deps.db, repo.key, oid))) {
				throw new HubError(422, `Line ${number}: ${oid} is not uploaded: upload it first (LFS batch API)`);
			}
			if (value.size !== undefined && value.size !== stored) {
				throw new HubError(422, `Line ${number}: ${oid} has ${stored} bytes, not ${String(value.size)}`);
			}
			// An LFS file's tree entry names its pointer; only a path the hub shows as a plain file needs the content's id.
			const gitOid = isLfsFile(path, stored) ? lfsPointerInfo(oid, stored).oid : await contentGitOid(deps, oid);
			return { kind: "file", path, blob: { sha256: oid, size: stored }, gitOid };
		}
		case "deletedFile":
			return { kind: "deleteFile", path: checkedPath(rawPath, false, repoPathSyntaxProblem) };
		case "deletedFolder":
			return { kind: "deleteFolder", path: checkedPath(rawPath, true, repoPathSyntaxProblem) };
		default:
			throw badRequest(`Line ${number}: unknown key ${JSON.stringify(key.slice(0, 50))}`);
	}
}

/**
 * The git blob id of content uploaded through LFS: read from the store, hashed as it streams
 * (the content may be large; nothing is kept in memory).
 */
async function contentGitOid(deps: HubDeps, sha256: string): Promise<string> {
	const size = await deps.blobStore.size(sha256);
	const stream = await deps.blobStore.read(sha256);
	if (size === undefined || !stream) throw new HubError(422, `${sha256} is not uploaded: upload it first`);
	const hash = createHash("sha1").update(`blob ${size}\0`);
	for await (const chunk of chunksOf(stream)) hash.update(chunk);
	return hash.digest("hex");
}

/** A web stream's chunks for `for await` (the DOM typings do not declare it async-iterable). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
	const reader = stream.getReader();
	try {
		for (;;) {
			const next = await reader.read().catch((error: unknown) => {
				// The body limit's 413 passes through; a client that went away is not the hub's error.
				throw error instanceof HubError ? error : badRequest("The request body was cut short");
			});
			if (next.done) return;
			yield next.value;
		}
	} finally {
		reader.releaseLock();
	}
}
