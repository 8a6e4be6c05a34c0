/**
 * Which LFS objects a repository may name. Blobs are content-addressed and shared by the
 * whole hub, so "the blob is stored" proves nothing about who had its bytes: a commit (and the
 * batch API's "already stored" answer) accepts an oid only when it was uploaded for this
 * repository or the repository's own history already holds it. Anyone else sends the bytes
 * again (the store keeps one copy) and so proves they have them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { UNCOMMITTED_OBJECT_RETENTION_MS } from "./blob-references.js";
import { repoHistoryHoldsBlob } from "./trees.js";

export async function repoHoldsObject(
	db: Kysely<Database>,
	repoKey: string,
	oid: string,
	now = new Date(),
): Promise<boolean> {
	// A claim gc no longer counts (blob-references.ts) grants nothing either: the bytes are asked
	// for again, which dates the claim and the blob afresh instead of committing bytes gc may remove.
	const since = new Date(now.getTime() - UNCOMMITTED_OBJECT_RETENTION_MS).toISOString();
	const uploaded = await db
		.selectFrom("lfs_objects")
		.select("oid")
		.where("repo_id", "=", repoKey)
		.where("oid", "=", oid)
		.where("created_at", ">=", since)
		.executeTakeFirst();
	if (uploaded) return true;
	return repoHistoryHoldsBlob(db, repoKey, oid);
}

/**
 * Notes that `repoKey` received the object's bytes (an upload that completed for it). Uploaded
 * again, the claim is dated again: gc forgets claims no commit took up for a week
 * (services/blob-references.ts), counted from the last upload.
 */
export async function recordObject(
	db: Kysely<Database>,
	repoKey: string,
	oid: string,
	size: number,
	now = new Date(),
): Promise<void> {
	const createdAt = now.toISOString();
	await db
		.insertInto("lfs_objects")
		.values({ repo_id: repoKey, oid, size, created_at: createdAt })
		.onConflict((conflict) => conflict.columns(["repo_id", "oid"]).doUpdateSet({ created_at: createdAt, size }))
		.execute();
}
