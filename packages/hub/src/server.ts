/**
 * Putting a hub together from its config: data directory, database (migrated),
 * blob store (disk or S3), auth, the app, and the HTTP listener. The CLI and the
 * restart tests both go through here, so they exercise the same start-up path.
 */
import { mkdirSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createHubApp } from "./app.js";
import { databaseAuth } from "./auth/caller.js";
import type { HubConfig } from "./config.js";
import { checkIndexes } from "./db/index-check.js";
import { migrateToLatest } from "./db/migrate.js";
import { openDatabase } from "./db/open.js";
import { withStartupLock } from "./db/startup-lock.js";
import type { HubDeps } from "./deps.js";
import { type ShutdownOutcome, startHubServer } from "./http-server.js";
import { createLocalRuntime } from "./local-inference/local-runtime.js";
import type { Logger } from "./logger.js";
import { createHubMetrics } from "./metrics.js";
import { loadEndpoints, loadProviderKeys } from "./router/index.js";
import { sampleCatalogue } from "./seed/catalogue/index.js";
import { loadDemoDatasets } from "./seed/demo-datasets.js";
import { loadSeed, type SeedLoadResult } from "./seed/load.js";
import { recordFingerprint, refreshSampleCatalogue } from "./seed/refresh.js";
import { loadSampleDatasets } from "./seed/sample-datasets.js";
import { scheduleGarbageCollection } from "./services/gc.js";
import { type AbsentFile, fetchMirroredFile } from "./services/mirrored-blobs.js";
import { fillWeightsMetadata } from "./services/weights-backfill.js";
import { openBlobStore } from "./storage/open-store.js";

export interface OpenHub {
	deps: HubDeps;
	close(): Promise<void>;
}

/** Opens (and on first use creates) the data directory and the database, migrated to the newest schema. */
export async function openHub(config: HubConfig, logger: Logger): Promise<OpenHub> {
	makeDataDirectory(config.dataDir, logger);
	const blobStore = await openBlobStore(config);
	if (config.blobStore) logger.info(`Files are kept in ${config.blobStore}`);
	const database = openDatabase(config);
	try {
		// Under the start-up lock: another hub on this database may be migrating or bulk loading.
		await withStartupLock(config, logger, async () => {
			const applied = await migrateToLatest(database.db, database.engine);
			if (applied.length > 0) logger.info(`Database migrated: ${applied.join(", ")}`);
			// Indexes a killed bulk load (or a person) dropped: built again before anything reads.
			await checkIndexes(database.db, database.engine, logger);
		});
	} catch (error) {
		await database.close();
		throw error;
	}
	const auth = databaseAuth(database.db, { logger, config });
	const deps: HubDeps = {
		db: database.db,
		engine: database.engine,
		config,
		blobStore,
		auth,
		logger,
	};
	return {
		deps,
		close: async () => {
			// Tokens' last-use times are kept in memory between writes: write them while the database is open.
			await auth.close();
			await database.close();
		},
	};
}

/**
 * The data directory holds tokens' hashes and maybe private models: made 0700 when new. One
 * that already exists is the operator's; if others can read it, say so rather than chmod it.
 */
function makeDataDirectory(path: string, logger: Logger): void {
	const existing = statSync(path, { throwIfNoEntry: false });
	if (!existing) mkdirSync(path, { recursive: true, mode: 0o700 });
	else if ((existing.mode & 0o077) !== 0) {
		const mode = (existing.mode & 0o777).toString(8);
		logger.warn(`The data directory ${path} is open to other users (mode ${mode}); \`chmod 700\` it to keep them out`);
	}
}

/** Seeds the sample catalogue when the hub holds no models yet (the first start). */
export async function seedSampleOnFirstStart(deps: HubDeps): Promise<SeedLoadResult | undefined> {
	const any = await deps.db.selectFrom("models").select("id").limit(1).executeTakeFirst();
	if (any) return undefined;
	const seeded = await loadSeed(deps, sampleCatalogue());
	await loadSampleDatasets(deps);
	await loadDemoDatasets(deps);
	// What it was seeded against, so the next start knows there is nothing to refresh (seed/refresh.ts).
	await recordFingerprint(deps.db);
	return seeded;
}

export interface RunningHub {
	url: string;
	deps: HubDeps;
	/**
	 * Stops the hub: no new connections, idle ones closed, provider calls aborted, requests in
	 * flight answered with `Connection: close`; after `config.shutdownGraceMs` the rest are cut.
	 * Then the runtime and the database close.
	 */
	close(): Promise<ShutdownOutcome>;
}

/** Opens the hub, seeds it on first start, and listens on config.host:config.port (0 picks a free port). */
export async function startHub(config: HubConfig, logger: Logger): Promise<RunningHub> {
	// Checked before anything opens: a bad file stops the start, naming the file and the entry.
	const endpoints = config.endpointsFile ? loadEndpoints(config.endpointsFile, process.env) : undefined;
	const hub = await openHub(config, logger);
	if (endpoints) {
		hub.deps.endpoints = endpoints;
		logger.info(`External inference servers: ${endpoints.size} entries from ${config.endpointsFile}`);
	}
	try {
		// One hub seeds a shared database; the others wait for it and then find models there.
		const { seeded, refreshed, weightsFilled } = await withStartupLock(config, logger, async () => {
			const seeded = await seedSampleOnFirstStart(hub.deps);
			const refreshed = seeded ? undefined : await refreshSampleCatalogue(hub.deps);
			return { seeded, refreshed, weightsFilled: await fillWeightsMetadata(hub.deps) };
		});
		if (weightsFilled) logger.info(`Read the weight files' headers of ${weightsFilled} models stored before`);
		if (seeded)
			logger.info(
				`Seeded the sample catalogue: ${seeded.loaded} models (sample data) in ${seeded.seconds.toFixed(1)} s`,
			);
		if (refreshed) {
			const changed = refreshed.remapped.join(", ") || "none";
			logger.info(
				`Sample catalogue refreshed: ${refreshed.added} models and ${refreshed.addedDatasets} sample datasets added; local mappings changed: ${changed}`,
			);
		}
		// Temporary files of this machine's writes that died with their process (a kill -9 mid-upload).
		const abandoned = await hub.deps.blobStore.removeAbandonedWrites?.();
		if (abandoned) logger.info(`Removed ${abandoned} temporary files that writes cut off by a crash left behind`);
		const gc = scheduleGarbageCollection(hub.deps);
		const providerKeys = loadProviderKeys(process.env, config.providersFile);
		const fetchAbsent = (file: AbsentFile) => fetchMirroredFile(hub.deps, file);
		const localRuntime = createLocalRuntime(
			{ ...hub.deps, fetchAbsent },
			{
				workers: config.localRuntimeWorkers,
				completionIdleMs: config.llamaIdleSeconds === undefined ? undefined : config.llamaIdleSeconds * 1000,
				completionThreads: config.llamaThreads,
				maxQueuedCompletions: config.llamaQueue,
			},
		);
		const shutdown = new AbortController();
		const app = createHubApp(hub.deps, {
			router: { providerKeys, localRuntime, shutdownSignal: shutdown.signal },
			// A real server also reports its process: CPU, memory, event-loop delay.
			metrics: createHubMetrics({ processMetrics: true }),
		});
		const { server, shutdown: drain } = await startHubServer(app, config.host, config.port, {
			maxConnectionsPerAddress: config.maxConnectionsPerAddress,
		});
		const { port } = server.address() as AddressInfo;
		const host = config.host.includes(":") ? `[${config.host}]` : config.host;
		// The URL printed at start-up is the public URL unless one is configured (src/public-url.ts).
		hub.deps.config.listenUrl = `http://${host}:${port}`;
		return {
			url: `http://${host}:${port}`,
			deps: hub.deps,
			close: async () => {
				const draining = drain(config.shutdownGraceMs);
				shutdown.abort();
				await gc.stop();
				const outcome = await draining;
				await localRuntime.close();
				await hub.close();
				return outcome;
			},
		};
	} catch (error) {
		await hub.close();
		throw error;
	}
}
