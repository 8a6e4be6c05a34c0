/**
 * The bytes of a mirror's LFS files, fetched from its upstream the first time a client asks
 * (services/upstream-mirror.ts records them without bytes). Until then the blob has its `blobs`
 * row and no bytes in the store: `hubkit check` counts such blobs of mirrors as not fetched rather
 * than missing (services/integrity.ts), and gc, which walks the store, never sees them.
 *
 * One download per blob in a process, however many clients ask: it goes to a part file (mirror.ts
 * `mirrorFile`, which continues a dropped connection with `Range` and checks the sha256), and every
 * client reads that file as it grows, from the offset its own Range asks for. So the first bytes
 * reach the first client while the rest is still upstream, as they would from the upstream itself.
 * The last byte of the file waits for the check: a client never receives the whole of a file that
 * turns out wrong, its response is cut short instead. Once stored, the blob is served from the
 * store as any other. Hubs sharing a database fetch a blob once between them (db/blob-fetch-lock.ts):
 * the others follow the download through the shared store (mirror-relay.ts) into part files of their
 * own, which their clients read the same way; without a shared part store they wait for the blob.
 */
import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type BlobWant, BlobWantedProbe, wantBlob, withBlobFetchLockIfFree } from "../db/blob-fetch-lock.js";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import type { ByteRange } from "../storage/blob-store.js";
import { MirrorError, type MirrorSource, mirrorFile, partPath, sourceBaseUrl } from "./mirror.js";
import { recordFetchedMirrorBlob } from "./mirror-cache.js";
import { RelayFollower, RelayPublisher, relayPartsOf } from "./mirror-relay.js";
import { findRepo, type Repo, type RepoType } from "./repos.js";

type MirrorDeps = Pick<HubDeps, "db" | "blobStore" | "logger" | "config">;

/** How often a hub waiting for another hub's fetch of a blob looks whether it is stored. */
const OTHER_HUB_POLL_MS = 250;

/** How much of the part file a client reads at a time. */
const READ_CHUNK_BYTES = 1024 * 1024;

export interface AbsentBlob {
	/** A mirror. */
	repo: Repo;
	/** The commit being served: a mirror's commits keep the upstream's ids, so the upstream knows it. */
	commitSha: string;
	path: string;
	sha256: string;
	size: number;
}

/** A file of a repository, named as a runtime reading it knows it. */
export interface AbsentFile {
	type: RepoType;
	id: string;
	commitSha: string;
	path: string;
	sha256: string;
	size: number;
}

/**
 * Brings a mirror's file into the store for a reader that needs it whole (the local runtime):
 * the download clients share, waited for to its end. False when the repository is not a mirror or
 * the store held the bytes already; a failed fetch throws as `mirroredBlobBody` does.
 */
export async function fetchMirroredFile(deps: MirrorDeps, file: AbsentFile): Promise<boolean> {
	const repo = await findRepo(deps.db, file.type, file.id);
	if (!repo || repo.mirrorOf === null) return false;
	const download = await downloadOf(deps, { repo, ...file });
	if (!download) return false;
	await download.ended;
	if (download.failure) throw download.failure;
	return true;
}

/** One blob on its way from the upstream, and what the clients reading it wait on. */
class BlobDownload {
	/** Bytes in the part file so far. */
	bytes = 0;
	/** The part file is whole and matches the sha256. */
	verified = false;
	/** Stored: the part file may be gone, the store has the bytes. */
	stored = false;
	failure: HubError | undefined;
	/** Resolves once the upstream answered or the download ended, whichever comes first. */
	readonly started: Promise<void>;
	/** Resolves once the blob is stored or the download failed. */
	readonly ended: Promise<void>;
	#start!: () => void;
	#end!: () => void;
	#waiting: Array<() => void> = [];

	constructor(
		readonly part: string,
		readonly size: number,
	) {
		this.started = new Promise((resolve) => {
			this.#start = resolve;
		});
		this.ended = new Promise((resolve) => {
			this.#end = resolve;
		});
	}

	/** Resolves at the next change of the download. */
	changed(): Promise<void> {
		return new Promise((resolve) => this.#waiting.push(resolve));
	}

	progress(bytes: number): void {
		this.bytes = bytes;
		this.#start();
		this.#wake();
	}

	end(failure?: HubError): void {
		if (failure) this.failure = failure;
		else this.stored = true;
		this.#start();
		this.#end();
		this.#wake();
	}

	verify(): void {
		this.verified = true;
		this.#wake();
	}

	#wake(): void {
		const waiting = this.#waiting;
		this.#waiting = [];
		for (const resolve of waiting) resolve();
	}
}

/** The downloads under way, per store and sha256. */
const downloads = new WeakMap<object, Map<string, BlobDownload>>();

/**
 * The bytes of a mirror's file (the `range` of them) while they are still being fetched, or
 * undefined when the store holds them (or the repository is not a mirror: the caller reports the
 * missing bytes as for any repository). Starts the fetch when none is under way, from the
 * repository's upstream (`mirrored_repos`), only with `HUBKIT_UPSTREAM` set and not offline; the
 * token goes only to that upstream. A fetch that fails before its first byte is a 502 naming the
 * upstream; one that fails later cuts the responses short.
 */
export async function mirroredBlobBody(
	deps: MirrorDeps,
	blob: AbsentBlob,
	range?: ByteRange,
): Promise<ReadableStream<Uint8Array> | undefined> {
	const download = await downloadOf(deps, blob);
	if (!download) return undefined;
	await download.started;
	if (download.failure) throw download.failure;
	if (download.stored) return undefined;
	return partReader(deps, download, blob.sha256, range);
}

/** The download under way for the blob, started if the store lacks it; undefined when it has it. */
async function downloadOf(deps: MirrorDeps, blob: AbsentBlob): Promise<BlobDownload | undefined> {
	let running = downloads.get(deps.blobStore);
	if (!running) {
		running = new Map();
		downloads.set(deps.blobStore, running);
	}
	const download = running.get(blob.sha256);
	if (download) return download;
	if ((await deps.blobStore.size(blob.sha256)) === blob.size) return undefined;
	return running.get(blob.sha256) ?? (await startDownload(deps, blob, running));
}

async function startDownload(
	deps: MirrorDeps,
	blob: AbsentBlob,
	running: Map<string, BlobDownload>,
): Promise<BlobDownload | undefined> {
	const row = await deps.db
		.selectFrom("mirrored_repos")
		.select(["upstream", "upstream_id"])
		.where("repo_id", "=", blob.repo.key)
		.executeTakeFirst();
	if (!row) return undefined;
	// Another client started it while the row was read.
	const started = running.get(blob.sha256);
	if (started) return started;
	const what = `${blob.path} of ${blob.repo.id} is not fetched from ${row.upstream} yet`;
	const { upstream, upstreamToken, upstreamOffline } = deps.config;
	if (!upstream || upstreamOffline) {
		const why = upstream ? "HUBKIT_UPSTREAM_OFFLINE is set" : "HUBKIT_UPSTREAM is not set";
		throw new HubError(502, `${what} and this hub does not call its upstream (${why})`);
	}
	const source: MirrorSource = {
		from: row.upstream,
		type: blob.repo.type,
		id: row.upstream_id,
		revision: blob.commitSha,
		token: sourceBaseUrl(upstream) === row.upstream ? upstreamToken : undefined,
	};
	const workDir = join(deps.config.dataDir, "mirror");
	const download = new BlobDownload(partPath(workDir, source, blob.commitSha, blob.path), blob.size);
	running.set(blob.sha256, download);
	const file = { path: blob.path, size: blob.size, sha256: blob.sha256 };
	const fetch = async () => {
		const relayParts = relayPartsOf(deps);
		const probe = relayParts && new BlobWantedProbe(deps.config.databaseUrl as string, blob.sha256);
		const relay =
			probe && relayParts && new RelayPublisher(relayParts, blob, download.part, deps.logger, () => probe.wanted());
		const watcher = {
			onProgress: (bytes: number) => {
				download.progress(bytes);
				relay?.progress(bytes);
			},
			onVerified: () => download.verify(),
		};
		try {
			await mirrorFile(source, blob.commitSha, file, { blobStore: deps.blobStore, workDir, watcher });
		} finally {
			await relay?.close();
			await probe?.close();
		}
	};
	fetchOnceAcrossHubs(deps, blob, download, fetch)
		.then(
			(fetched) => {
				download.end();
				if (!fetched) return;
				deps.logger.info(`Fetched ${blob.path} of ${blob.repo.id} (${blob.size} bytes) from ${row.upstream}`);
				// Joins the cache its size limit trims (mirror-cache.ts), after the clients have their answer.
				recordFetchedMirrorBlob(deps, blob.sha256, blob.size).catch((error) =>
					deps.logger.error(`Could not record ${blob.path} of ${blob.repo.id} in the mirror cache`, error),
				);
			},
			(error: Error) => {
				const message = error instanceof MirrorError ? error.message : "the download failed";
				if (!(error instanceof MirrorError)) deps.logger.error(`Fetching ${blob.path} of ${blob.repo.id}`, error);
				download.end(new HubError(502, `${what} and the upstream failed: ${message}`));
			},
		)
		.finally(() => running.delete(blob.sha256));
	return download;
}

/**
 * Runs `fetch` unless another hub sharing the database is fetching the blob: then follows that hub's
 * download (mirror-relay.ts) until it has stored the blob, or has given up (its lock is free again),
 * and fetches it after all, from what was relayed. True when this hub fetched it.
 */
async function fetchOnceAcrossHubs(
	deps: MirrorDeps,
	blob: AbsentBlob,
	download: BlobDownload,
	fetch: () => Promise<unknown>,
): Promise<boolean> {
	const stored = async () => (await deps.blobStore.size(blob.sha256)) === blob.size;
	const relayParts = relayPartsOf(deps);
	const relay = relayParts && new RelayFollower(relayParts, blob, download.part, (bytes) => download.progress(bytes));
	// Held while this hub waits, so that the downloading hub passes its download on.
	let want: BlobWant | undefined;
	let waited = false;
	const stopWanting = async () => {
		await want?.release();
		want = undefined;
	};
	try {
		for (;;) {
			const held = await withBlobFetchLockIfFree(deps.config, blob.sha256, async () => {
				await stopWanting();
				if (await stored()) return false;
				await fetch();
				return true;
			});
			if (!held.locked) return held.result;
			if (!waited) {
				deps.logger.info(`Waiting for another hub's fetch of ${blob.path} of ${blob.repo.id}`);
				// Without it the clients here still get the file, once the other hub has stored it.
				const url = deps.config.databaseUrl;
				if (relay && url) want = await wantBlob(url, blob.sha256).catch(() => undefined);
			}
			waited = true;
			if (!(await relay?.catchUp())) await sleep(OTHER_HUB_POLL_MS);
			if (await stored()) {
				try {
					if (await relay?.finish(deps.blobStore)) download.verify();
				} finally {
					await relay?.remove();
				}
				return false;
			}
		}
	} finally {
		await stopWanting();
	}
}

/**
 * A client's view of a download: the part file read from the range's start as it grows, waiting
 * for more when it catches up. The file's last byte is read only once the download is verified;
 * once stored, whatever this client has not read yet comes from the store.
 */
function partReader(
	deps: MirrorDeps,
	download: BlobDownload,
	sha256: string,
	range?: ByteRange,
): ReadableStream<Uint8Array> {
	const end = range ? range.end + 1 : download.size;
	let offset = range?.start ?? 0;
	let part: FileHandle | undefined;
	let stored: ReadableStreamDefaultReader<Uint8Array> | undefined;
	const close = async () => {
		await part?.close().catch(() => undefined);
		part = undefined;
		await stored?.cancel().catch(() => undefined);
	};
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const chunk = await nextChunk();
				if (chunk) controller.enqueue(chunk);
				else {
					await close();
					controller.close();
				}
			} catch (error) {
				await close();
				controller.error(error);
			}
		},
		cancel: close,
	});

	async function nextChunk(): Promise<Uint8Array | undefined> {
		for (;;) {
			if (stored) {
				const { done, value } = await stored.read();
				return done ? undefined : value;
			}
			if (offset >= end) return undefined;
			if (download.failure) throw download.failure;
			const readable =
				download.verified || download.stored ? download.size : Math.min(download.bytes, download.size - 1);
			if (offset < readable) {
				part ??= await open(download.part, "r").catch(() => undefined);
				if (!part) {
					// Stored and its part file removed before this client opened it.
					const body = await deps.blobStore.read(sha256, { start: offset, end: end - 1 });
					if (!body) throw download.failure ?? new HubError(502, "The mirrored file is missing after its download");
					stored = body.getReader();
					continue;
				}
				const length = Math.min(READ_CHUNK_BYTES, readable - offset, end - offset);
				const buffer = Buffer.allocUnsafe(length);
				const { bytesRead } = await part.read(buffer, 0, length, offset);
				if (bytesRead > 0) {
					offset += bytesRead;
					return buffer.subarray(0, bytesRead);
				}
			}
			await download.changed();
		}
	}
}
