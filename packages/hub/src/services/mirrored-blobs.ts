/**
 * The bytes of a mirror's LFS files, fetched from its upstream the first time a client asks
 * (services/upstream-mirror.ts records them without bytes). Until then the blob has its `blobs`
 * row and no bytes in the store: `hubkit check` counts such blobs of mirrors as not fetched rather
 * than missing (services/integrity.ts), and gc, which walks the store, never sees them.
 */
import { join } from "node:path";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import { MirrorError, type MirrorSource, mirrorFile, sourceBaseUrl } from "./mirror.js";
import { recordFetchedMirrorBlob } from "./mirror-cache.js";
import type { Repo } from "./repos.js";

type MirrorDeps = Pick<HubDeps, "db" | "blobStore" | "logger" | "config">;

/** The fetches of absent blobs under way, per store and sha256: clients asking together share one. */
const blobFetches = new WeakMap<object, Map<string, Promise<void>>>();

export interface AbsentBlob {
	/** A mirror. */
	repo: Repo;
	/** The commit being served: a mirror's commits keep the upstream's ids, so the upstream knows it. */
	commitSha: string;
	path: string;
	sha256: string;
	size: number;
}

/**
 * Makes sure the store holds a mirrored file's bytes before they are served: fetched from the
 * repository's upstream (`mirrored_repos`) when absent, once per blob in a process however many
 * clients ask, checked against the sha256 (mirror.ts `mirrorFile`, which continues a partial
 * download). Only with `HUBKIT_UPSTREAM` set and not offline; the token goes only to that upstream.
 * A fetch that fails is a 502 naming the upstream.
 */
export async function fetchMirroredBlob(deps: MirrorDeps, blob: AbsentBlob): Promise<void> {
	if ((await deps.blobStore.size(blob.sha256)) === blob.size) return;
	let fetches = blobFetches.get(deps.blobStore);
	if (!fetches) {
		fetches = new Map();
		blobFetches.set(deps.blobStore, fetches);
	}
	const running = fetches.get(blob.sha256);
	if (running) return running;
	const run = fetchFromUpstream(deps, blob).finally(() => fetches.delete(blob.sha256));
	fetches.set(blob.sha256, run);
	return run;
}

async function fetchFromUpstream(deps: MirrorDeps, blob: AbsentBlob): Promise<void> {
	const row = await deps.db
		.selectFrom("mirrored_repos")
		.select(["upstream", "upstream_id"])
		.where("repo_id", "=", blob.repo.key)
		.executeTakeFirst();
	// Not a mirror: the caller reports the missing bytes as it would for any repository.
	if (!row) return;
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
	const file = { path: blob.path, size: blob.size, sha256: blob.sha256 };
	try {
		await mirrorFile(source, blob.commitSha, file, {
			blobStore: deps.blobStore,
			workDir: join(deps.config.dataDir, "mirror"),
		});
	} catch (error) {
		if (!(error instanceof MirrorError)) throw error;
		throw new HubError(502, `${what} and the upstream failed: ${error.message}`);
	}
	deps.logger.info(`Fetched ${blob.path} of ${blob.repo.id} (${blob.size} bytes) from ${row.upstream}`);
	// Joins the cache its size limit trims (mirror-cache.ts); the trim runs after, not before the answer.
	await recordFetchedMirrorBlob(deps, blob.sha256, blob.size);
}
