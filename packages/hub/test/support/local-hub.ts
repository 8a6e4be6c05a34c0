/**
 * A hub that runs models itself, for the suites that call them over HTTP: a test
 * database on the chosen engine, files in memory (or in a real store if asked), the
 * suite's records seeded, a token for "dana", the local runtime, and the hub with that
 * runtime behind its router on 127.0.0.1 (and, if asked, a folder for snippet runs).
 * Closed in the reverse order.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { InferenceClient } from "@hubkit/inference";
import { afterAll, beforeAll } from "vitest";
import { createHubApp } from "../../src/app.js";
import { createAccessToken } from "../../src/auth/tokens.js";
import type { HubConfig } from "../../src/config.js";
import type { HubDeps } from "../../src/deps.js";
import {
	createLocalRuntime,
	type HubLocalRuntime,
	type LocalRuntimeOptions,
} from "../../src/local-inference/local-runtime.js";
import type { Logger } from "../../src/logger.js";
import type { RouterDeps } from "../../src/router/deps.js";
import { loadSeed } from "../../src/seed/load.js";
import type { SeedModel } from "../../src/seed/types.js";
import { type EngineName, startTestDatabase } from "./engines.js";
import { listen, openTestHub } from "./hub.js";
import { RUNS_ROOT } from "./run-snippet.js";
import { openTestStore, type StoreName } from "./stores.js";

export interface LocalHubOptions {
	/** Over the test database's config, e.g. a small `routerBodyLimitBytes`. */
	config?: Partial<HubConfig>;
	/** The router's settings beside the runtime, e.g. `maxBodyBytes`. */
	router?: Partial<Omit<RouterDeps, "authenticate" | "localRuntime">>;
	runtime?: LocalRuntimeOptions;
	/** The runtime's logger in place of the hub's silent one, to read what it logs. */
	logger?: Logger;
	/** A folder for snippet runs under RUNS_ROOT, its name starting with this. */
	snippets?: string;
	/** Files in this real store (stores.ts) rather than in memory. */
	store?: StoreName;
}

export interface LocalHub {
	/** The hub on 127.0.0.1: its API and its router alike. */
	url: string;
	/** An access token of the user "dana". */
	token: string;
	/** @hubkit/inference with that token, provider hf-inference, pointed at the hub. */
	client: InferenceClient;
	deps: HubDeps;
	runtime: HubLocalRuntime;
	/** Where snippets run ("" without `snippets`). */
	dir: string;
	close(): Promise<void>;
}

/** Starts a local hub; `records` are seeded when given. If a step fails, what was started is closed. */
export async function startLocalHub(
	engine: EngineName,
	records?: Iterable<SeedModel>,
	options: LocalHubOptions = {},
): Promise<LocalHub> {
	const closers: (() => Promise<void> | void)[] = [];
	const close = async () => {
		for (const closer of closers.splice(0).reverse()) await closer();
	};
	try {
		let dir = "";
		if (options.snippets) {
			mkdirSync(RUNS_ROOT, { recursive: true });
			dir = mkdtempSync(join(RUNS_ROOT, `${options.snippets}-`));
			closers.push(() => rmSync(dir, { recursive: true, force: true }));
		}
		const testDb = await startTestDatabase(engine);
		closers.push(() => testDb.cleanup());
		const store = options.store ? await openTestStore(options.store, testDb.config.dataDir) : undefined;
		if (store) closers.push(() => store.cleanup());
		const hub = await openTestHub({ ...testDb.config, ...options.config }, store?.store);
		closers.push(() => hub.close());
		if (records) await loadSeed(hub.deps, records);
		const token = (await createAccessToken(hub.deps.db, "dana")).token;
		const logged = options.logger ? { ...hub.deps, logger: options.logger } : hub.deps;
		const runtime = createLocalRuntime(logged, options.runtime);
		closers.push(() => runtime.close());
		// providerKeys as the app's own default: no remote provider.
		const router = { providerKeys: {}, ...options.router, localRuntime: runtime };
		const server = await listen(createHubApp(hub.deps, { router }));
		closers.push(() => server.close());
		const client = new InferenceClient(token, { provider: "hf-inference", hubUrl: server.url, routerUrl: server.url });
		return { url: server.url, token, client, deps: hub.deps, runtime, dir, close };
	} catch (error) {
		await close();
		throw error;
	}
}

/**
 * A local hub for the enclosing describe block: started in its beforeAll (records given
 * as a function are made there, first), closed in its afterAll. The fields are there
 * from beforeAll on.
 */
export function useLocalHub(
	engine: EngineName,
	records: Iterable<SeedModel> | (() => Promise<Iterable<SeedModel>>),
	options: LocalHubOptions = {},
): LocalHub {
	const local = {} as LocalHub;
	beforeAll(async () => {
		Object.assign(
			local,
			await startLocalHub(engine, typeof records === "function" ? await records() : records, options),
		);
	});
	afterAll(async () => {
		await local.close?.();
	});
	return local;
}
