/**
 * `/healthz` says the process serves HTTP; `/readyz` says the database answers
 * and the blob store can be reached, and is a 503 naming the part that cannot.
 * On both engines, with the disk blob store in a real data directory.
 */
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

describe.each(ENGINES)("health checks on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let hub: TestHub | undefined;
	let server: Listening | undefined;
	afterEach(async () => {
		await server?.close();
		await hub?.close().catch(() => undefined);
		await testDb?.cleanup();
		server = hub = testDb = undefined;
	});

	async function start(): Promise<string> {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config, new DiskBlobStore(testDb.config.dataDir));
		server = await listen(hub.app);
		return server.url;
	}

	async function get(url: string): Promise<[number, unknown]> {
		const response = await fetch(url);
		expect(response.headers.get("cache-control")).toBe("no-store");
		return [response.status, await response.json()];
	}

	it("answers 200 on both while the database and the store work", async () => {
		const url = await start();
		expect(await get(`${url}/healthz`)).toEqual([200, { status: "ok" }]);
		expect(await get(`${url}/readyz`)).toEqual([200, { status: "ready" }]);
	});

	it("is not ready, naming the blob store, once the data directory is gone", async () => {
		const url = await start();
		rmSync(testDb?.config.dataDir ?? "", { recursive: true, force: true });
		expect(await get(`${url}/readyz`)).toEqual([503, { error: "Not ready: blob store unreachable" }]);
		expect(await get(`${url}/healthz`)).toEqual([200, { status: "ok" }]);
	});

	it("is not ready, naming the database, once it cannot answer", async () => {
		const url = await start();
		await hub?.database.close();
		expect(await get(`${url}/readyz`)).toEqual([503, { error: "Not ready: database unreachable" }]);
		expect(await get(`${url}/healthz`)).toEqual([200, { status: "ok" }]);
	});
});

describe("health checks when the PostgreSQL server goes away", () => {
	it("is not ready, naming the database", async () => {
		const testDb = await startTestDatabase("postgres");
		const hub = await openTestHub(testDb.config);
		const server = await listen(hub.app);
		try {
			await testDb.cleanup();
			const response = await fetch(`${server.url}/readyz`);
			expect([response.status, await response.json()]).toEqual([503, { error: "Not ready: database unreachable" }]);
		} finally {
			await server.close();
			await hub.close().catch(() => undefined);
		}
	});
});
