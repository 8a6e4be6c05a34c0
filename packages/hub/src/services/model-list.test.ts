import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase, type TestDatabase } from "../../test/support/engines.js";
import { openTestHub, type TestHub } from "../../test/support/hub.js";
import { seedModel } from "../../test/support/seed-records.js";
import type { Caller } from "../auth/caller.js";
import { loadSeed } from "../seed/load.js";
import type { SeedModel } from "../seed/types.js";
import { listModels } from "./model-list.js";
import { parseModelListQuery } from "./model-list-query.js";

/**
 * Common terms are answered from a probe of the first rows in sort order, rare
 * ones from the search index (or a LIKE walk). Whichever path answers, every
 * page must be the one a plain filter-and-sort over all models gives.
 */
const RECORDS: SeedModel[] = [
	...Array.from({ length: 30 }, (_, index) =>
		seedModel(`acme/common-model-${index}`, {
			// Two equal download counts: the id breaks the tie.
			downloads: index === 11 ? 900 : 1000 - index * 10,
			likes: (index * 7) % 13,
			pipeline_tag: index % 2 === 0 ? "text-classification" : "text-generation",
			tags: index % 3 === 0 ? ["transformers", "en"] : ["transformers"],
		}),
	),
	...[1, 2, 3].map((downloads) => seedModel(`acme/rare-${downloads}`, { downloads, likes: downloads })),
	seedModel("other/Common-Private", { private: true, downloads: 5000, likes: 2 }),
	seedModel("zed/common-secret", { private: true, downloads: 4000, likes: 3 }),
	seedModel("zed/Model-Mixed-CASE", { downloads: 500, likes: 4 }),
];

const OTHER: Caller = {
	userId: "u-other",
	userName: "other",
	fullname: "Other",
	email: null,
	token: { displayName: "test", role: "read", createdAt: "2024-01-01T00:00:00.000Z" },
};

interface Case {
	search: string;
	pipelineTag?: string;
	filter?: string;
	sort: "downloads" | "likes" | "id";
	direction: "-1" | "1";
	caller?: Caller;
}

/** The answer worked out by hand: visible, matching, sorted by (sort key, id). */
function expected(query: Case): string[] {
	const key = (record: SeedModel) => (query.sort === "id" ? record.id : record[query.sort]);
	const sign = query.direction === "-1" ? -1 : 1;
	return RECORDS.filter((record) => !record.private || record.author === query.caller?.userName)
		.filter((record) => record.id.toLowerCase().includes(query.search.toLowerCase()))
		.filter((record) => query.pipelineTag === undefined || record.pipeline_tag === query.pipelineTag)
		.filter((record) => query.filter === undefined || record.tags.includes(query.filter))
		.sort((left, right) => {
			const [a, b] = [key(left), key(right)];
			if (a !== b) return a < b ? -sign : sign;
			return left.id < right.id ? -sign : sign;
		})
		.map((record) => record.id);
}

const CASES: Case[] = [];
for (const search of ["common", "COMMON", "rare", "model-1", "mixed", "nothing-like-it", "co"]) {
	for (const [sort, direction] of [
		["downloads", "-1"],
		["likes", "1"],
		["id", "-1"],
	] as const) {
		CASES.push({ search, sort, direction });
		CASES.push({ search, sort, direction, caller: OTHER });
	}
	CASES.push({ search, pipelineTag: "text-generation", sort: "downloads", direction: "-1" });
	CASES.push({ search, filter: "en", sort: "likes", direction: "-1", caller: OTHER });
}

describe.each(ENGINES)("searching the model list on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, RECORDS);
	});
	afterAll(async () => {
		await hub.close();
		await testDb.cleanup();
	});

	/** Every page, followed by cursor, with pages of four. */
	async function allPages(query: Case, probeRows: number): Promise<string[]> {
		const ids: string[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 50; page++) {
			const params = new URLSearchParams({ search: query.search, sort: query.sort, direction: query.direction });
			params.set("limit", "4");
			if (query.pipelineTag) params.set("pipeline_tag", query.pipelineTag);
			if (query.filter) params.set("filter", query.filter);
			if (cursor) params.set("cursor", cursor);
			const result = await listModels(hub.deps, parseModelListQuery(params), query.caller, { probeRows });
			ids.push(...result.items.map((item) => item.id as string));
			cursor = result.nextCursor;
			if (!cursor) return ids;
		}
		throw new Error("the cursor never ended");
	}

	it("gives every page right whether the probe answers, falls through, or is not tried", async () => {
		for (const query of CASES) {
			const want = expected(query);
			// 0: never probe; 3: the probe fills common pages and misses rare ones; 1000: it sees every model.
			for (const probeRows of [0, 3, 1000]) {
				expect({ query, probeRows, ids: await allPages(query, probeRows) }).toEqual({ query, probeRows, ids: want });
			}
		}
	});

	it("finds something for the cases above (so the comparison is not between empty lists)", () => {
		const found = CASES.filter((query) => expected(query).length > 4);
		expect(found.length).toBeGreaterThan(CASES.length / 2);
		expect(expected({ search: "common", sort: "downloads", direction: "-1", caller: OTHER })[0]).toBe(
			"other/Common-Private",
		);
	});
});
