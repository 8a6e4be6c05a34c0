/**
 * What makes a second `hubkit mirror` (or a mirror's next revision) incremental: a file the
 * upstream lists that this hub already stores is taken from the store, not fetched again. An LFS
 * file is found by its sha256; a regular file by the git blob id the upstream lists, through any
 * tree entry naming it, its stored bytes hashed again to be sure they are that blob (regular files
 * are small).
 */
import { Readable } from "node:stream";
import type { HubDeps } from "../deps.js";
import { FileHasher } from "../storage/file-hashes.js";
import { deferredLfsFile, type MirroredFile, type SourceFile } from "./mirror.js";

export async function heldFile(
	deps: Pick<HubDeps, "db" | "blobStore">,
	file: SourceFile,
): Promise<MirroredFile | undefined> {
	if (file.sha256) {
		if ((await deps.blobStore.size(file.sha256)) !== file.size) return undefined;
		// Presented as LFS here too, its git id is its pointer's; otherwise mirrorFile works it out from the store.
		const deferred = deferredLfsFile(file);
		return deferred && { ...deferred, fetched: "stored" };
	}
	if (!file.gitOid) return undefined;
	const entry = await deps.db
		.selectFrom("tree_entries")
		.select("blob_sha256")
		.where("object_oid", "=", file.gitOid)
		.where("lfs", "=", 0)
		.where("blob_sha256", "is not", null)
		.executeTakeFirst();
	const sha256 = entry?.blob_sha256;
	if (!sha256 || (await deps.blobStore.size(sha256)) !== file.size) return undefined;
	const stored = await deps.blobStore.read(sha256);
	if (!stored) return undefined;
	const hasher = new FileHasher(file.size);
	for await (const chunk of Readable.fromWeb(stored as never)) hasher.update(chunk as Uint8Array);
	const hashes = hasher.digest();
	if (hashes.gitOid !== file.gitOid || hashes.sha256 !== sha256) return undefined;
	return { path: file.path, blob: { sha256, size: file.size }, gitOid: file.gitOid, fetched: "stored" };
}
