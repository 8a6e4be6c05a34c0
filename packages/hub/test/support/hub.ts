/**
 * A hub for tests: migrated database on the chosen engine, in-memory blobs, and
 * (for HTTP tests) the real server listening on 127.0.0.1 with port 0.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createHubApp } from "../../src/app.js";
import { databaseAuth } from "../../src/auth/caller.js";
import type { HubConfig } from "../../src/config.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { type HubDatabase, openDatabase } from "../../src/db/open.js";
import type { HubDeps } from "../../src/deps.js";
import { listenHub } from "../../src/http-server.js";
import { type Logger, silentLogger } from "../../src/logger.js";
import { loadSeed } from "../../src/seed/load.js";
import type { SeedModel } from "../../src/seed/types.js";
import type { BlobStore } from "../../src/storage/blob-store.js";
import { type EngineName, startTestDatabase } from "./engines.js";
import { memoryBlobStore } from "./memory-blob-store.js";
import { openTestStore, type StoreName } from "./stores.js";

export interface TestHub {
	deps: HubDeps;
	database: HubDatabase;
	app: ReturnType<typeof createHubApp>;
	close(): Promise<void>;
}

export async function openTestHub(
	config: HubConfig,
	blobStore: BlobStore = memoryBlobStore(),
	logger: Logger = silentLogger,
): Promise<TestHub> {
	const database = openDatabase(config);
	await migrateToLatest(database.db, database.engine);
	const deps: HubDeps = {
		db: database.db,
		engine: database.engine,
		config,
		blobStore,
		auth: databaseAuth(database.db, { config, logger }),
		logger,
	};
	return { deps, database, app: createHubApp(deps), close: () => database.close() };
}

export interface Listening {
	url: string;
	close(): Promise<void>;
}

/** The app on the hub's own HTTP server (src/http-server.ts), on 127.0.0.1 and a free port. */
export async function listen(app: TestHub["app"]): Promise<Listening> {
	const server = await listenHub(app, "127.0.0.1", 0);
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}

export interface HttpHub {
	/** The hub on 127.0.0.1. */
	url: string;
	deps: HubDeps;
}

/**
 * A hub on its HTTP server for the enclosing describe block, started in beforeAll and
 * closed in afterAll: a test database on `engine`, each of `loads` seeded by a loadSeed
 * of its own, in order. The fields are there from beforeAll on.
 */
export function useHttpHub(engine: EngineName, ...loads: Iterable<SeedModel>[]): HttpHub {
	return useHttpHubOn({ engine }, ...loads);
}

/** useHttpHub with files in a real store (stores.ts) rather than in memory. */
export function useHttpHubOn(
	setup: { engine: EngineName; store?: StoreName },
	...loads: Iterable<SeedModel>[]
): HttpHub {
	const hub = {} as HttpHub;
	const closers: (() => Promise<void>)[] = [];
	beforeAll(async () => {
		const testDb = await startTestDatabase(setup.engine);
		closers.push(() => testDb.cleanup());
		const store = setup.store ? await openTestStore(setup.store, testDb.config.dataDir) : undefined;
		if (store) closers.push(() => store.cleanup());
		const opened = await openTestHub(testDb.config, store?.store);
		closers.push(() => opened.close());
		for (const records of loads) await loadSeed(opened.deps, records);
		const server = await listen(opened.app);
		closers.push(() => server.close());
		Object.assign(hub, { url: server.url, deps: opened.deps });
	});
	afterAll(async () => {
		for (const close of closers.splice(0).reverse()) await close();
	});
	return hub;
}
