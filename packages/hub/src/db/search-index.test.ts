import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase, type TestDatabase } from "../../test/support/engines.js";
import { openTestHub, type TestHub } from "../../test/support/hub.js";
import { seedModel } from "../../test/support/seed-records.js";
import { loadSeed } from "../seed/load.js";
import { idContains, idSearchCondition } from "./search-index.js";

describe.each(ENGINES)("model id search on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		const ids = [
			"google-bert/bert-base-uncased",
			"acme/RoBERTa_large",
			"acme/tiny-gpt2",
			"acme/a_b-model",
			"acme/axb-model",
			"x/ab",
		];
		await loadSeed(
			hub.deps,
			ids.map((id) => seedModel(id)),
		);
	});
	afterAll(async () => {
		await hub.close();
		await testDb.cleanup();
	});

	const search = async (text: string) => {
		const rows = await hub.deps.db
			.selectFrom("models")
			.select("id")
			.where((eb) => idContains(engine, eb, text))
			.orderBy("id")
			.execute();
		return rows.map((row) => row.id);
	};

	it("finds substrings in any case, long and short, with LIKE and FTS syntax taken literally", async () => {
		expect(await search("BERT")).toEqual(["acme/RoBERTa_large", "google-bert/bert-base-uncased"]);
		expect(await search("gpt")).toEqual(["acme/tiny-gpt2"]);
		expect(await search("ab")).toEqual(["x/ab"]);
		expect(await search("a_b")).toEqual(["acme/a_b-model"]);
		expect(await search("_b")).toEqual(["acme/a_b-model"]);
		expect(await search("%")).toEqual([]);
		expect(await search('"bert" OR x')).toEqual([]);
	});

	it("gives the same answers when a term counts as common and is matched by LIKE", async () => {
		for (const text of ["BERT", "gpt", "a_b", '"bert" OR x', "ab"]) {
			const common = await idSearchCondition(hub.deps.db, engine, text, 1);
			const rows = await hub.deps.db.selectFrom("models").select("id").where(common).orderBy("id").execute();
			expect(rows.map((row) => row.id)).toEqual(await search(text));
		}
	});

	it("answers a search of three or more characters from the index, not a table scan", async () => {
		const query = hub.deps.db
			.selectFrom("models")
			.select("id")
			.where((eb) => idContains(engine, eb, "bert"))
			.compile();
		let plan: string;
		if (engine === "sqlite") {
			const result = await hub.deps.db.executeQuery({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` });
			plan = JSON.stringify(result.rows);
			expect(plan).toContain("models_search");
			expect(plan).not.toMatch(/SCAN models(?!_)/);
		} else {
			// A handful of rows make a scan (of the table or of any covering index) cheapest; forbid plain
			// scans to see whether the planner can answer the condition from the trigram index.
			// One connection for the settings and the EXPLAIN: the pool has several.
			plan = await hub.deps.db.connection().execute(async (db) => {
				await sql`ANALYZE models`.execute(db);
				await sql`SET enable_seqscan = off; SET enable_indexscan = off; SET enable_indexonlyscan = off`.execute(db);
				const result = await db.executeQuery({ ...query, sql: `EXPLAIN ${query.sql}` });
				await sql`RESET enable_seqscan; RESET enable_indexscan; RESET enable_indexonlyscan`.execute(db);
				return JSON.stringify(result.rows);
			});
			// The id's trigram index, or (where btree_gin is installed, migration 0014) the one that
			// pairs the task with the id's trigrams: either answers from an index.
			expect(plan).toMatch(/Index Scan on models_(pipeline_)?id_trgm/);
			expect(plan).not.toContain("Seq Scan");
		}
	});
});
