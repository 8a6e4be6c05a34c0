/**
 * Which LFS objects a repository may name. Blobs are content-addressed and shared by the
 * whole hub, so "the blob is stored" proves nothing about who had its bytes: a commit (and the
 * batch API's "already stored" answer) accepts an oid only when it was uploaded for this
 * repository or the repository's own history already holds it. Anyone else sends the bytes
 * again (the store keeps one copy) and so proves they have them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { repoHistoryHoldsBlob } from "./trees.js";

export async function repoHoldsObject(db: Kysely<Database>, repoKey: string, oid: string): Promise<boolean> {
	const uploaded = await db
		.selectFrom("lfs_objects")
		.select("oid")
		.where("repo_id", "=", repoKey)
		.where("oid", "=", oid)
		.executeTakeFirst();
	if (uploaded) return true;
	return repoHistoryHoldsBlob(db, repoKey, oid);
}

/** Notes that `repoKey` received the object's bytes (an upload that completed for it). */
export async function recordObject(
	db: Kysely<Database>,
	repoKey: string,
	oid: string,
	now = new Date(),
): Promise<void> {
	await db
		.insertInto("lfs_objects")
		.values({ repo_id: repoKey, oid, created_at: now.toISOString() })
		.onConflict((conflict) => conflict.columns(["repo_id", "oid"]).doNothing())
		.execute();
}
