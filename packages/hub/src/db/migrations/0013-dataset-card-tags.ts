/**
 * Version 13: datasets committed before their cards' metadata became prefixed tags
 * (`task_categories:text-classification`, `language:en`, as the seeded datasets and
 * huggingface.co have them) had them bare (`text-classification`, `en`), so lists and
 * filters missed their tasks. A dataset's tags come from its card alone, and its row keeps
 * the card's front matter, so they are derived again here with the function commits use
 * (services/repo-record.ts). Datasets without stored card data are left as they are.
 */
import type { Kysely, Migration } from "kysely";
import { datasetTagsOf } from "../../services/repo-record.js";

/** The tables as this migration finds them (the schema may change later; this file must not). */
interface Tables {
	datasets: { id: string; tags: string; card_data: string | null };
	dataset_tags: { dataset_id: string; tag: string };
}

const BATCH = 1000;

function cardOf(text: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(text);
		return typeof value === "object" && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

export const datasetCardTagsMigration: Migration = {
	async up(schemaDb: Kysely<unknown>) {
		const db = schemaDb as unknown as Kysely<Tables>;
		// In id order, a batch at a time, so a large hub is never held in memory at once.
		let after = "";
		for (;;) {
			const datasets = await db
				.selectFrom("datasets")
				.select(["id", "tags", "card_data"])
				.where("id", ">", after)
				.where("card_data", "is not", null)
				.orderBy("id")
				.limit(BATCH)
				.execute();
			const last = datasets.at(-1);
			if (!last) return;
			after = last.id;
			for (const dataset of datasets) {
				const card = cardOf(dataset.card_data ?? "");
				if (!card) continue;
				const tags = datasetTagsOf(card);
				if (JSON.stringify(tags) === dataset.tags) continue;
				await db
					.updateTable("datasets")
					.set({ tags: JSON.stringify(tags) })
					.where("id", "=", dataset.id)
					.execute();
				await db.deleteFrom("dataset_tags").where("dataset_id", "=", dataset.id).execute();
				if (tags.length > 0) {
					await db
						.insertInto("dataset_tags")
						.values(tags.map((tag) => ({ dataset_id: dataset.id, tag })))
						.execute();
				}
			}
		}
	},
};
