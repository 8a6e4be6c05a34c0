/**
 * Models stored before migration 0019 have no `safetensors` or `gguf` until their next commit to
 * `main`: a migration has no blob store to read headers from. So once per database, on start
 * (under the startup lock), the models whose head commit somebody pushed get them from their
 * stored headers. Seeded commits have no author and their weights are placeholders, so a large
 * seeded catalogue costs one indexed query, not a read per model. A `hub_settings` row marks it done.
 */
import type { HubDeps } from "../deps.js";
import { commitSnapshot } from "./trees.js";
import { readWeightsMetadata } from "./weights-metadata.js";

const DONE_KEY = "weights-metadata-filled";
const BATCH = 200;

/** How many models got their weights' metadata; undefined when this database was done before. */
export async function fillWeightsMetadata(deps: Pick<HubDeps, "db" | "blobStore">): Promise<number | undefined> {
	const done = await deps.db.selectFrom("hub_settings").select("key").where("key", "=", DONE_KEY).executeTakeFirst();
	if (done) return undefined;
	let filled = 0;
	let after = "";
	for (;;) {
		const rows = await deps.db
			.selectFrom("models")
			.innerJoin("commits", (join) =>
				join.onRef("commits.repo_id", "=", "models.id").onRef("commits.sha", "=", "models.sha"),
			)
			.select(["models.id", "models.sha"])
			.where("commits.author", "is not", null)
			.where("models.safetensors", "is", null)
			.where("models.gguf", "is", null)
			.where("models.id", ">", after)
			.orderBy("models.id")
			.limit(BATCH)
			.execute();
		const last = rows.at(-1);
		if (!last) break;
		after = last.id;
		for (const row of rows) {
			const files = (await commitSnapshot(deps.db, row.sha)).files;
			const weights = await readWeightsMetadata(deps.blobStore, [...files.values()]);
			const total = weights.safetensors?.total ?? weights.gguf?.total;
			if (total === undefined) continue;
			// Only if main has not moved meanwhile: a newer commit wrote its own values.
			const updated = await deps.db
				.updateTable("models")
				.set({
					safetensors: weights.safetensors ? JSON.stringify(weights.safetensors) : null,
					gguf: weights.gguf ? JSON.stringify(weights.gguf) : null,
					num_parameters: total,
				})
				.where("id", "=", row.id)
				.where("sha", "=", row.sha)
				.executeTakeFirst();
			filled += Number(updated.numUpdatedRows);
		}
	}
	await deps.db
		.insertInto("hub_settings")
		.values({ key: DONE_KEY, value: new Date().toISOString() })
		.onConflict((conflict) => conflict.column("key").doNothing())
		.execute();
	return filled;
}
