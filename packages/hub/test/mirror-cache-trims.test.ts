/**
 * Trims of the mirror cache in one process (services/mirror-cache.ts), on both engines: calls made
 * while a trim runs share one run after it, so a blob is evicted once however many ask; the
 * blobs a trim is told to keep stay even when that leaves the cache over its limit; a hub that
 * cannot call its upstream (none set, or offline) evicts nothing, since it could not fetch again.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { HubConfig } from "../src/config.js";
import { recordMirroredBlobUse, trimMirrorCache } from "../src/services/mirror-cache.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";

const blobs = ["a", "b", "c"].map((letter) => {
	const bytes = Buffer.alloc(100, letter);
	return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
});
const [A, B, C] = blobs.map((blob) => blob.sha256) as [string, string, string];

describe.each(ENGINES)("trims of the mirror cache (%s)", (engine) => {
	let database: TestDatabase | undefined;
	let hub: TestHub | undefined;
	afterEach(async () => {
		await hub?.close();
		await database?.cleanup();
	});

	/** A hub holding a, b and c, used in that order, with the given settings. */
	async function cacheOf(settings: Partial<HubConfig>): Promise<TestHub> {
		database = await startTestDatabase(engine);
		hub = await openTestHub({ ...database.config, ...settings });
		for (const [index, blob] of blobs.entries()) {
			await hub.deps.blobStore.put(blob.bytes);
			await recordMirroredBlobUse(hub.deps, blob.sha256, blob.bytes.length);
			// Uses a second apart, whatever the clock's resolution.
			await hub.deps.db
				.updateTable("mirror_blob_uses")
				.set({ last_used_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() })
				.where("sha256", "=", blob.sha256)
				.execute();
		}
		return hub;
	}
	const held = async (test: TestHub) => {
		const stored = await Promise.all(
			blobs.map(async (blob) => (await test.deps.blobStore.size(blob.sha256)) !== undefined),
		);
		return blobs.filter((_, index) => stored[index]).map((blob) => blob.sha256);
	};

	it("evicts a blob once for calls made together, the least recently used first", async () => {
		const test = await cacheOf({ upstream: "http://127.0.0.1:9", mirrorMaxBytes: 250 });
		const calls = [trimMirrorCache(test.deps, [C]), trimMirrorCache(test.deps), trimMirrorCache(test.deps, [B])];
		expect(calls[1]).toBe(calls[2]);
		const [first, second] = await Promise.all(calls);
		expect(first).toEqual({ evicted: [{ sha256: A, size: 100 }], held: 200 });
		expect(second).toEqual({ evicted: [], held: 200 });
		expect(await held(test)).toEqual([B, C]);
		const rows = await test.deps.db.selectFrom("mirror_blob_uses").select("sha256").orderBy("last_used_at").execute();
		expect(rows.map((row) => row.sha256)).toEqual([B, C]);
	});

	it("keeps what it is told to keep, over the limit if need be", async () => {
		const test = await cacheOf({ upstream: "http://127.0.0.1:9", mirrorMaxBytes: 50 });
		const report = await trimMirrorCache(test.deps, [A]);
		expect(report.evicted.map((blob) => blob.sha256)).toEqual([B, C]);
		expect(report.held).toBe(100);
		expect(await held(test)).toEqual([A]);
	});

	it("evicts nothing on a hub that cannot fetch again", async () => {
		for (const settings of [{}, { upstream: "http://127.0.0.1:9", upstreamOffline: true }]) {
			const test = await cacheOf({ mirrorMaxBytes: 50, ...settings });
			expect(await trimMirrorCache(test.deps)).toEqual({ evicted: [], held: 300 });
			expect(await held(test)).toEqual([A, B, C]);
			await test.close();
			await database?.cleanup();
			hub = undefined;
			database = undefined;
		}
	});
});
