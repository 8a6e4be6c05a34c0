/**
 * `hubkit mirror`: one revision of a repository on another HF-shaped hub
 * (huggingface.co, or another Hubkit), copied file by file into this hub's blob
 * store. It reads what every client reads — the revision's info, its recursive
 * tree (following `Link` pages), each file from `/resolve` — and checks every
 * file against the id the source's tree gave it (the sha256 of an LFS file, the
 * git blob id of any other), so nothing is stored that the source did not list.
 *
 * Resumable: a download in progress is kept in `<work dir>/<hash>.part` under a
 * name made from the source, commit and path, and a second run continues it with
 * `Range: bytes=n-`; LFS files the store already holds are not fetched again.
 * The source token (HF_TOKEN) is only ever sent to the source's own origin.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, mkdir, open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { BlobStore } from "../storage/blob-store.js";
import { FileHasher } from "../storage/file-hashes.js";
import { isLfsFile, lfsPointerInfo } from "../storage/lfs.js";
import { repoPathProblem } from "../storage/repo-path.js";
import { REPO_TYPE_PLURALS, type RepoType } from "./repos.js";

export class MirrorError extends Error {
	override name = "MirrorError";

	/** The source's HTTP status when it answered with a refusal; undefined when it could not be reached. */
	constructor(
		message: string,
		readonly status?: number,
	) {
		super(message);
	}
}

export interface MirrorSource {
	/** The source hub's base URL, e.g. https://huggingface.co. */
	from: string;
	type: RepoType;
	id: string;
	/** Branch, tag or commit; default `main`. */
	revision: string;
	/** Sent to the source only; never logged. */
	token?: string;
}

/** A file of the source revision, with the ids its tree listed. */
export interface SourceFile {
	path: string;
	size: number;
	/** Git blob id of the content (regular files) — what the bytes must hash to. */
	gitOid?: string;
	/** sha256 of the content (LFS files). */
	sha256?: string;
}

export interface SourceRevision {
	/** The commit the revision named when it was read: every file is fetched at this commit. */
	sha: string;
	/** A private source stays private here. */
	private: boolean;
	/** The source asks people for access before its files (huggingface.co's `gated`): how it answers them. */
	gated: false | "auto" | "manual";
	files: SourceFile[];
}

/** A file now in this hub's store, ready to commit. */
export interface MirroredFile {
	path: string;
	blob: { sha256: string; size: number };
	gitOid: string;
	/**
	 * How it got here: downloaded whole, continued from a partial download, already stored, or
	 * `later`: an LFS file recorded from the listing alone, its bytes fetched when a client asks.
	 */
	fetched: "downloaded" | "resumed" | "stored" | "later";
}

const MAX_TREE_PAGES = 10_000;

/** The source hub's base URL as a mirror records it: origin and path prefix, no trailing slash. */
export function sourceBaseUrl(from: string): string {
	return sourceBase(from).href;
}

/** The source's origin and path prefix (no trailing slash): URLs are built as `${base.href}/api/…`. */
function sourceBase(from: string): { origin: string; href: string } {
	let url: URL;
	try {
		url = new URL(from);
	} catch {
		throw new MirrorError(`--from must be a URL (http:// or https://), not ${JSON.stringify(from)}`);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		throw new MirrorError(`--from must be an http:// or https:// URL, not ${url.protocol}`);
	}
	return { origin: url.origin, href: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

const MAX_REDIRECTS = 10;

/**
 * One GET against the source, following its redirects here, so that the token goes to the
 * source's own origin only: huggingface.co sends LFS and Xet files as a 302 to a CDN whose signed
 * URL is the credential there (and which refuses a second one).
 */
export async function sourceGet(
	source: MirrorSource,
	url: URL,
	headers: Record<string, string> = {},
): Promise<Response> {
	const base = sourceBase(source.from);
	let target = url;
	for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
		const sameOrigin = target.origin === base.origin;
		let response: Response;
		try {
			response = await fetch(target, {
				headers: { ...headers, ...(sameOrigin && source.token ? { Authorization: `Bearer ${source.token}` } : {}) },
				redirect: "manual",
			});
		} catch (error) {
			throw new MirrorError(`Could not reach ${target.origin}${target.pathname}: ${(error as Error).message}`);
		}
		const location = response.headers.get("location");
		if (response.status < 300 || response.status >= 400 || response.status === 304 || !location) return response;
		await response.body?.cancel();
		target = new URL(location, target);
		if (target.protocol !== "http:" && target.protocol !== "https:") {
			throw new MirrorError(`The source redirected ${url.pathname} to a ${target.protocol} URL`);
		}
	}
	throw new MirrorError(`The source redirected ${url.pathname} more than ${MAX_REDIRECTS} times`);
}

export async function failure(response: Response, what: string, source: MirrorSource): Promise<MirrorError> {
	const body = await response.text().catch(() => "");
	let message = body.slice(0, 300);
	try {
		const parsed = JSON.parse(body) as { error?: unknown };
		if (typeof parsed.error === "string") message = parsed.error;
	} catch {
		// Not JSON: the first characters of the body say enough.
	}
	const hint =
		response.status === 401 || response.status === 403 || response.status === 404
			? source.token
				? " (check the id and that HF_TOKEN may read it)"
				: " (if it is private or gated, set HF_TOKEN to a token of the source hub)"
			: "";
	return new MirrorError(`${what}: ${response.status} ${message}${hint}`, response.status);
}

export function apiUrl(source: MirrorSource, rest: string): URL {
	return new URL(`${sourceBase(source.from).href}/api/${REPO_TYPE_PLURALS[source.type]}/${source.id}${rest}`);
}

/** The commit the revision names now, and every file in it with the ids the source gives. */
export async function readSourceRevision(source: MirrorSource): Promise<SourceRevision> {
	const info = await sourceGet(source, apiUrl(source, `/revision/${encodeURIComponent(source.revision)}`));
	if (!info.ok) throw await failure(info, `Reading ${source.id} at ${source.revision}`, source);
	const {
		sha,
		private: isPrivate,
		gated,
	} = (await info.json()) as { sha?: unknown; private?: unknown; gated?: unknown };
	if (typeof sha !== "string" || !/^[0-9a-f]{40}$/.test(sha)) {
		throw new MirrorError(`The source did not say which commit ${source.revision} is (no 40-hex sha)`);
	}

	const files: SourceFile[] = [];
	let next: URL | undefined = apiUrl(source, `/tree/${sha}?recursive=true&expand=false`);
	for (let page = 0; next; page++) {
		if (page >= MAX_TREE_PAGES) throw new MirrorError("The source's tree listing did not end");
		const response = await sourceGet(source, next);
		if (!response.ok) throw await failure(response, `Listing the files of ${source.id}`, source);
		for (const entry of (await response.json()) as unknown[]) files.push(...sourceFileOf(entry));
		next = nextPage(response.headers.get("link"), sourceBase(source.from));
	}
	// Any gate but an automatic one is answered by people: the stricter reading of what a source says.
	const gate = gated === undefined || gated === false ? false : gated === "auto" ? "auto" : "manual";
	return { sha, private: isPrivate === true, gated: gate, files };
}

function sourceFileOf(entry: unknown): SourceFile[] {
	const item = entry as { type?: unknown; path?: unknown; size?: unknown; oid?: unknown; lfs?: { oid?: unknown } };
	if (item.type !== "file") return [];
	const { path, size } = item;
	if (typeof path !== "string" || typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
		throw new MirrorError("The source listed a file without a path and size");
	}
	const problem = repoPathProblem(path);
	if (problem) throw new MirrorError(`The source listed a file this hub cannot hold: ${problem}`);
	if (item.lfs && typeof item.lfs.oid === "string" && /^[0-9a-f]{64}$/.test(item.lfs.oid)) {
		return [{ path, size, sha256: item.lfs.oid }];
	}
	if (typeof item.oid !== "string" || !/^[0-9a-f]{40}$/.test(item.oid)) {
		throw new MirrorError(`The source listed ${path} without a git oid to check it against`);
	}
	return [{ path, size, gitOid: item.oid }];
}

/** The `rel="next"` URL of a `Link` header, only when it stays on the source's origin. */
function nextPage(link: string | null, base: { origin: string; href: string }): URL | undefined {
	const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
	if (!match?.[1]) return undefined;
	const url = new URL(match[1], `${base.href}/`);
	if (url.origin !== base.origin) throw new MirrorError(`The source's next page is on another host (${url.origin})`);
	return url;
}

/**
 * An LFS file recorded from the source's listing without its bytes, when this hub presents it as
 * LFS too (storage/lfs.ts's rule): its tree entry then names the pointer built from sha256 and
 * size, the oid the source lists for it, so no byte is needed for the commit. A file the source
 * keeps in LFS that this hub would list as a regular file needs its git blob id, hence its bytes:
 * undefined, and it is downloaded as any other.
 */
export function deferredLfsFile(file: SourceFile): MirroredFile | undefined {
	if (!file.sha256 || !isLfsFile(file.path, file.size)) return undefined;
	return {
		path: file.path,
		blob: { sha256: file.sha256, size: file.size },
		gitOid: lfsPointerInfo(file.sha256, file.size).oid,
		fetched: "later",
	};
}

/** Where a file's partial download lives: named by what it is, so a later run finds it again. */
export function partPath(workDir: string, source: MirrorSource, sha: string, path: string): string {
	const name = createHash("sha256")
		.update(`${sourceBase(source.from).href}\n${source.type}\n${source.id}\n${sha}\n${path}`)
		.digest("hex");
	return join(workDir, `${name}.part`);
}

async function sizeOf(path: string): Promise<number> {
	return (await stat(path).catch(() => undefined))?.size ?? 0;
}

/** How often an interrupted download is continued with `Range` before the mirror gives up on it. */
const DOWNLOAD_ATTEMPTS = 4;

/** Where the source serves a file's bytes at a commit. */
function resolveUrl(source: MirrorSource, sha: string, path: string): URL {
	const encodedPath = path.split("/").map(encodeURIComponent).join("/");
	const prefix = source.type === "model" ? "" : `${REPO_TYPE_PLURALS[source.type]}/`;
	return new URL(`${sourceBase(source.from).href}/${prefix}${source.id}/resolve/${sha}/${encodedPath}`);
}

/** A few bytes of a file at a commit (`Range`), e.g. a weights file's header; at most `range`'s length. */
export async function readSourceRange(
	source: MirrorSource,
	sha: string,
	path: string,
	range: { start: number; end: number },
): Promise<Uint8Array> {
	const response = await sourceGet(source, resolveUrl(source, sha, path), {
		Range: `bytes=${range.start}-${range.end}`,
	});
	if (response.status !== 206) {
		if (!response.ok) throw await failure(response, `Reading part of ${path}`, source);
		// A source that ignores Range sends the whole file: not read for a few bytes.
		await response.body?.cancel();
		throw new MirrorError(`The source answered a ranged read of ${path} with the whole file`);
	}
	const bytes = new Uint8Array(await response.arrayBuffer());
	return bytes.subarray(0, range.end - range.start + 1);
}

/** A download is written to its part file in batches of this many bytes, or when no byte came for this long. */
const WRITE_BATCH_BYTES = 1024 * 1024;
const WRITE_BATCH_MS = 50;

/** What `mirrorFile` tells whoever serves a file while it downloads (services/mirrored-blobs.ts). */
export interface DownloadWatcher {
	/** The part file holds this many bytes of the file; first called once the source answered. */
	onProgress?(bytes: number): void;
	/** The part file is whole and matches the source's id; it is stored next. */
	onVerified?(): void;
}

/**
 * Fetches one file into the store and checks it. A partial download is continued from where it
 * stopped, also when the connection drops on the way; a file whose bytes do not match the source's
 * id is deleted and refused.
 */
export async function mirrorFile(
	source: MirrorSource,
	sha: string,
	file: SourceFile,
	deps: { blobStore: BlobStore; workDir: string; watcher?: DownloadWatcher },
): Promise<MirroredFile> {
	if (file.sha256 && (await deps.blobStore.size(file.sha256)) === file.size) {
		// The bytes are here already; the git id of a file kept as LFS is its pointer's, else the store's copy gives it.
		const hasher = hasherFor(file);
		const stored = hasher.lfs ? undefined : await deps.blobStore.read(file.sha256);
		if (stored) for await (const chunk of Readable.fromWeb(stored as never)) hasher.update(chunk as Uint8Array);
		const gitOid = hasher.lfs ? lfsPointerInfo(file.sha256, file.size).oid : hasher.digest().gitOid;
		return { path: file.path, blob: { sha256: file.sha256, size: file.size }, gitOid, fetched: "stored" };
	}
	await mkdir(deps.workDir, { recursive: true, mode: 0o700 });
	const part = partPath(deps.workDir, source, sha, file.path);
	const { hashes, resumed } = await downloadToPart(source, sha, file, part, deps.watcher);
	const expected = file.sha256 ?? file.gitOid;
	const got = file.sha256 ? hashes.sha256 : hashes.gitOid;
	if (hashes.size !== file.size || got !== expected) {
		await rm(part, { force: true });
		throw new MirrorError(
			`${file.path} does not match the source's listing (${hashes.size} bytes, id ${got}; expected ${file.size} bytes, id ${expected}); the partial copy was removed, run the mirror again`,
		);
	}
	deps.watcher?.onVerified?.();
	const blob = { sha256: hashes.sha256, size: hashes.size };
	// Checked above: a store that can take the file over keeps it, rather than a second copy of every byte.
	if (!(await deps.blobStore.moveIn?.(part, blob))) {
		await deps.blobStore.putStream(Readable.toWeb(createReadStream(part)) as ReadableStream<Uint8Array>, blob);
		await rm(part, { force: true });
	}
	return { path: file.path, blob, gitOid: hashes.gitOid, fetched: resumed ? "resumed" : "downloaded" };
}

/**
 * Appends chunks to a file a batch at a time (fewer writes, and fewer wake-ups of the clients
 * reading it): at WRITE_BATCH_BYTES, or WRITE_BATCH_MS after the last chunk when no more come, so
 * the bytes of a source that stalls still reach the readers. `onWritten` hears of each batch once
 * it is in the file, in order.
 */
class BatchedWriter {
	#batch: Uint8Array[] = [];
	#bytes = 0;
	#timer: NodeJS.Timeout | undefined;
	#writing: Promise<void> = Promise.resolve();

	constructor(
		readonly output: FileHandle,
		readonly onWritten: (chunks: Uint8Array[], bytes: number) => void,
	) {}

	async add(chunk: Uint8Array): Promise<void> {
		this.#batch.push(chunk);
		this.#bytes += chunk.byteLength;
		clearTimeout(this.#timer);
		if (this.#bytes >= WRITE_BATCH_BYTES) await this.flush();
		// A failed write surfaces at the next add or flush.
		else this.#timer = setTimeout(() => this.flush().catch(() => undefined), WRITE_BATCH_MS);
	}

	flush(): Promise<void> {
		clearTimeout(this.#timer);
		const [chunks, bytes] = [this.#batch, this.#bytes];
		[this.#batch, this.#bytes] = [[], 0];
		this.#writing = this.#writing.then(async () => {
			if (bytes === 0) return;
			await this.output.writev(chunks);
			this.onWritten(chunks, bytes);
		});
		return this.#writing;
	}
}

interface DownloadHasher {
	/** Kept as LFS here: its git id is its pointer's, so only the sha256 of its bytes is needed. */
	lfs: boolean;
	update(chunk: Uint8Array): void;
	/** Only once the hasher has seen the file's size in bytes. */
	digest(): { size: number; sha256: string; gitOid: string };
}

/** The ids a file is checked against: the sha256 alone for a file this hub keeps in LFS (half the work of both). */
function hasherFor(file: SourceFile): DownloadHasher {
	if (!file.sha256 || !isLfsFile(file.path, file.size)) {
		const both = new FileHasher(file.size);
		return { lfs: false, update: (chunk) => both.update(chunk), digest: () => both.digest() };
	}
	const sha256 = createHash("sha256");
	return {
		lfs: true,
		update: (chunk) => sha256.update(chunk),
		digest() {
			const digest = sha256.digest("hex");
			return { size: file.size, sha256: digest, gitOid: lfsPointerInfo(digest, file.size).oid };
		},
	};
}

/**
 * Brings the part file to the file's size, hashing as it writes: what an earlier run left is
 * continued with `Range` (hashed first), and so is a connection that drops, up to DOWNLOAD_ATTEMPTS
 * times. A source that answers a ranged request with the whole file is written from the start.
 */
async function downloadToPart(
	source: MirrorSource,
	sha: string,
	file: SourceFile,
	part: string,
	watcher: DownloadWatcher | undefined,
): Promise<{ hashes: { size: number; sha256: string; gitOid: string }; resumed: boolean }> {
	let have = await sizeOf(part);
	if (have > file.size) {
		await rm(part, { force: true });
		have = 0;
	}
	let resumed = have > 0;
	let hasher = hasherFor(file);
	if (have > 0) for await (const chunk of createReadStream(part)) hasher.update(chunk as Buffer);
	const url = resolveUrl(source, sha, file.path);
	for (let attempt = 1; have < file.size; attempt++) {
		const response = await sourceGet(source, url, have > 0 ? { Range: `bytes=${have}-` } : {});
		if (!response.ok || !response.body) throw await failure(response, `Downloading ${file.path}`, source);
		if (!(have > 0 && response.status === 206)) {
			have = 0;
			resumed = false;
			hasher = hasherFor(file);
		}
		const output = await open(part, have > 0 ? "a" : "w", 0o600);
		watcher?.onProgress?.(have);
		const writer = new BatchedWriter(output, (chunks, bytes) => {
			for (const chunk of chunks) hasher.update(chunk);
			have += bytes;
			watcher?.onProgress?.(have);
		});
		try {
			// The body's own reader: a Node stream wrapped around it costs a third more time per byte.
			const reader = response.body.getReader();
			for (let next = await reader.read(); !next.done; next = await reader.read()) await writer.add(next.value);
			await writer.flush();
			break;
		} catch (error) {
			// What arrived before the connection dropped is kept: the next request continues after it.
			await writer.flush();
			if (attempt >= DOWNLOAD_ATTEMPTS) {
				throw new MirrorError(`Downloading ${file.path} stopped ${attempt} times: ${(error as Error).message}`);
			}
		} finally {
			await output.close();
		}
	}
	if (have !== file.size) return { hashes: { size: have, sha256: "", gitOid: "" }, resumed };
	return { hashes: hasher.digest(), resumed };
}
