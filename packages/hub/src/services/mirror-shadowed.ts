/**
 * Reads the caching mirror did not send upstream because the namespace is held here ("local
 * first") and the hub has no such repository: the collisions a site administrator sees in
 * `/api/admin/mirrors/shadowed`. Anyone can ask for any name, so the table keeps only the
 * `SHADOWED_READS_KEPT` most recently read, and a failed write never fails the read.
 */
import type { HubDeps } from "../deps.js";
import { type RepoType, repoKey } from "./repos.js";

export const SHADOWED_READS_KEPT = 1000;

export async function recordShadowedRead(
	deps: Pick<HubDeps, "db" | "logger">,
	type: RepoType,
	id: string,
): Promise<void> {
	const key = repoKey(type, id);
	const now = new Date().toISOString();
	try {
		const counted = await deps.db
			.updateTable("mirror_shadowed_reads")
			.set((eb) => ({ reads: eb("reads", "+", 1), last_read_at: now }))
			.where("repo_id", "=", key)
			.executeTakeFirst();
		if (counted.numUpdatedRows > 0n) return;
		// Two first reads at once: the second one counts on the row the first made.
		await deps.db
			.insertInto("mirror_shadowed_reads")
			.values({ repo_id: key, reads: 1, first_read_at: now, last_read_at: now })
			.onConflict((oc) =>
				oc
					.column("repo_id")
					.doUpdateSet((eb) => ({ reads: eb("mirror_shadowed_reads.reads", "+", 1), last_read_at: now })),
			)
			.execute();
		await trimShadowedReads(deps);
	} catch (error) {
		deps.logger.warn(`Could not record the read of ${id} kept local: ${(error as Error).message}`);
	}
}

/** Drops the least recently read past the limit; only a new row can push the table past it. */
async function trimShadowedReads(deps: Pick<HubDeps, "db">): Promise<void> {
	const last = await deps.db
		.selectFrom("mirror_shadowed_reads")
		.select(["last_read_at", "repo_id"])
		.orderBy("last_read_at", "desc")
		.orderBy("repo_id", "desc")
		.limit(1)
		.offset(SHADOWED_READS_KEPT - 1)
		.executeTakeFirst();
	if (!last) return;
	await deps.db
		.deleteFrom("mirror_shadowed_reads")
		.where((eb) =>
			eb.or([
				eb("last_read_at", "<", last.last_read_at),
				eb.and([eb("last_read_at", "=", last.last_read_at), eb("repo_id", "<", last.repo_id)]),
			]),
		)
		.execute();
}
