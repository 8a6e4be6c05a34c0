/**
 * The reads the caching mirror kept local (services/mirror-shadowed.ts): a second read of a name
 * counts on its row, and the table keeps only the most recently read, so names anyone asks for
 * cannot grow it without end.
 */
import { describe, expect, it } from "vitest";
import { listShadowedReads } from "../src/services/mirror-admin.js";
import { recordShadowedRead, SHADOWED_READS_KEPT } from "../src/services/mirror-shadowed.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("the reads kept local (%s)", (engine) => {
	const hub = useHttpHub(engine);

	it("counts each read and drops the least recently read past the limit", async () => {
		const { db } = hub.deps;
		const old = (index: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, index)).toISOString();
		const rows = Array.from({ length: SHADOWED_READS_KEPT }, (_, index) => ({
			repo_id: `team/old-${String(index).padStart(4, "0")}`,
			reads: 1,
			first_read_at: old(index),
			last_read_at: old(index),
		}));
		for (let start = 0; start < rows.length; start += 200) {
			await db
				.insertInto("mirror_shadowed_reads")
				.values(rows.slice(start, start + 200))
				.execute();
		}
		// A read again of the oldest counts on its row and makes it the newest: nothing dropped.
		await recordShadowedRead(hub.deps, "model", "team/old-0000");
		expect(await db.selectFrom("mirror_shadowed_reads").select("repo_id").execute()).toHaveLength(SHADOWED_READS_KEPT);
		// A new name drops the least recently read one.
		await recordShadowedRead(hub.deps, "dataset", "team/data");
		const listed = await listShadowedReads(hub.deps);
		expect(listed).toHaveLength(SHADOWED_READS_KEPT);
		expect(listed.slice(0, 2)).toEqual([
			{ type: "dataset", id: "team/data", reads: 1, firstRead: expect.any(String), lastRead: expect.any(String) },
			{ type: "model", id: "team/old-0000", reads: 2, firstRead: old(0), lastRead: expect.any(String) },
		]);
		expect(listed.map((read) => read.id)).not.toContain("team/old-0001");
		expect(listed.at(-1)?.id).toBe("team/old-0002");
	});
});
