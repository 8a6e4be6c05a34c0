/**
 * Version 4: what listings sort and filter on beyond the counters.
 * - `models.main_size`: the summed file sizes at the head of `main` (`sort=mainSize`);
 * - `models.num_parameters`: the parameter count the metadata states, or null (`sort=num_parameters`);
 * - `model_apps`: the local apps that can run each model (`apps=llama.cpp,ollama`).
 * Each sort column gets a (column, id) index for keyset pages, like the others.
 * Models already in the database are filled in here, with the same functions
 * the seed loader uses for new ones (services/model-derived.ts).
 */
import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import { localAppsOf, parameterCountOf, parsedJson } from "../../services/model-derived.js";

/** The tables as this migration finds them (the schema may change later; this file must not). */
interface Tables {
	models: {
		id: string;
		sha: string;
		tags: string;
		pipeline_tag: string | null;
		library_name: string | null;
		config: string | null;
		card_data: string | null;
		num_parameters: number | null;
	};
	commit_files: { commit_sha: string; path: string };
	model_apps: { model_id: string; app: string };
}

const BATCH = 1000;

export const modelSizesAndAppsMigration: Migration = {
	async up(schemaDb: Kysely<unknown>) {
		await schemaDb.schema
			.alterTable("models")
			.addColumn("main_size", "bigint", (column) => column.notNull().defaultTo(0))
			.execute();
		await schemaDb.schema.alterTable("models").addColumn("num_parameters", "bigint").execute();
		for (const column of ["main_size", "num_parameters"]) {
			await schemaDb.schema.createIndex(`models_by_${column}`).on("models").columns([column, "id"]).execute();
		}
		await schemaDb.schema
			.createTable("model_apps")
			.addColumn("model_id", "text", (column) => column.notNull())
			.addColumn("app", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("model_apps_pk", ["model_id", "app"])
			.execute();
		await schemaDb.schema.createIndex("model_apps_by_app").on("model_apps").columns(["app", "model_id"]).execute();

		const db = schemaDb as unknown as Kysely<Tables>;
		await sql`UPDATE models SET main_size = COALESCE(
			(SELECT SUM(commit_files.size) FROM commit_files WHERE commit_files.commit_sha = models.sha), 0)`.execute(db);
		await backfillAppsAndParameters(db);
	},
};

/** Walks the models in id order, a batch at a time, so a large catalogue is never held in memory at once. */
async function backfillAppsAndParameters(db: Kysely<Tables>): Promise<void> {
	let after = "";
	for (;;) {
		const models = await db
			.selectFrom("models")
			.select(["id", "sha", "tags", "pipeline_tag", "library_name", "config", "card_data"])
			.where("id", ">", after)
			.orderBy("id")
			.limit(BATCH)
			.execute();
		const last = models.at(-1);
		if (!last) return;
		after = last.id;
		const files = await db
			.selectFrom("commit_files")
			.select(["commit_sha", "path"])
			.where(
				"commit_sha",
				"in",
				models.map((model) => model.sha),
			)
			.execute();
		const pathsByCommit = new Map<string, string[]>();
		for (const file of files) {
			const paths = pathsByCommit.get(file.commit_sha);
			if (paths) paths.push(file.path);
			else pathsByCommit.set(file.commit_sha, [file.path]);
		}

		const apps: Tables["model_apps"][] = [];
		for (const model of models) {
			const config = parsedJson(model.config);
			const record = {
				id: model.id,
				tags: parsedJson(model.tags),
				pipeline_tag: model.pipeline_tag,
				library_name: model.library_name,
				config,
				cardData: parsedJson(model.card_data),
				paths: pathsByCommit.get(model.sha) ?? [],
			};
			for (const app of localAppsOf(record)) apps.push({ model_id: model.id, app });
			const parameters = parameterCountOf(config);
			if (parameters !== null) {
				await db.updateTable("models").set({ num_parameters: parameters }).where("id", "=", model.id).execute();
			}
		}
		if (apps.length > 0) await db.insertInto("model_apps").values(apps).execute();
	}
}
