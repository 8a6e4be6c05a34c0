/**
 * The weights' facts of a model mirrored without its LFS bytes (the caching mirror): the record
 * of a commit reads the safetensors and GGUF headers from the store (weights-metadata.ts), which
 * does not hold them yet. So once the revision is committed, the header bytes it needs are read
 * from the upstream with `Range` (a few kB per file, within the same budget as a commit's), and
 * the record is written again from them: the facts are this hub's own reading of the upstream's
 * bytes, never the upstream's word. The reads go first and the transaction after, so no
 * transaction waits on the network.
 */
import type { HubDeps } from "../deps.js";
import type { BlobStore, ByteRange } from "../storage/blob-store.js";
import { type MirrorSource, readSourceRange } from "./mirror.js";
import { writeRepoRecord } from "./repo-record.js";
import type { Repo } from "./repos.js";
import { commitSnapshot } from "./trees.js";
import { readWeightsMetadata } from "./weights-metadata.js";

type Reader = Pick<BlobStore, "read">;

const rangeKey = (sha256: string, range: ByteRange | undefined) =>
	`${sha256}:${range ? `${range.start}-${range.end}` : "whole"}`;

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

/** Rewrites a mirrored model's record with its weights' facts when the store lacks their files. */
export async function recordMirroredWeights(
	deps: Pick<HubDeps, "db" | "blobStore" | "logger">,
	repo: Repo,
	source: MirrorSource,
	commitSha: string,
): Promise<void> {
	if (repo.type !== "model") return;
	// Only `main`'s commit makes the record.
	const head = await deps.db.selectFrom("models").select("sha").where("id", "=", repo.id).executeTakeFirst();
	if (head?.sha !== commitSha) return;
	const files = [...(await commitSnapshot(deps.db, commitSha)).files.values()];
	const paths = new Map(files.map((file) => [file.blobSha256, file.path]));
	const absent = new Set<string>();
	for (const file of files) {
		if (/\.(safetensors|gguf)$/i.test(file.path) && (await deps.blobStore.size(file.blobSha256)) === undefined) {
			absent.add(file.blobSha256);
		}
	}
	if (absent.size === 0) return;

	const read: Map<string, Uint8Array> = new Map();
	const upstream: Reader = {
		async read(sha256, range) {
			const path = paths.get(sha256);
			if (!absent.has(sha256) || !path || !range) return deps.blobStore.read(sha256, range);
			const bytes = await readSourceRange(source, commitSha, path, range);
			read.set(rangeKey(sha256, range), bytes);
			return streamOf(bytes);
		},
	};
	const weights = await readWeightsMetadata(upstream, files);
	if (!weights.safetensors && !weights.gguf) return;

	const remembered: Reader = {
		async read(sha256, range) {
			const bytes = read.get(rangeKey(sha256, range));
			return bytes ? streamOf(bytes) : deps.blobStore.read(sha256, range);
		},
	};
	const row = await deps.db.selectFrom("models").select("last_modified").where("id", "=", repo.id).executeTakeFirst();
	if (!row) return;
	await deps.db.transaction().execute(async (trx) => {
		// The head may have moved on meanwhile: that commit's record stands.
		const current = await trx.selectFrom("models").select("sha").where("id", "=", repo.id).executeTakeFirst();
		if (current?.sha !== commitSha) return;
		await writeRepoRecord(trx, remembered, repo, files, commitSha, row.last_modified);
	});
}
