/**
 * Two hubs as real processes for the caching mirror's suites: an upstream hub holding repositories
 * imported from folders, a counting proxy in front of it on loopback (balancer.ts, one backend),
 * and mirror hubs whose upstream is that proxy, each on a database engine and a blob store of its
 * own (stores.ts: the disk store or S3), so what the mirror stores or deletes is its store's alone.
 */
import { rmSync } from "node:fs";
import { expect } from "vitest";
import { type Balancer, startBalancer } from "./balancer.js";
import { runCli, type ServingCli, serveCli } from "./cli.js";
import { type EngineName, startTestDatabase, type TestDatabase } from "./engines.js";
import { type FolderFile, writeFolder } from "./folders.js";
import { openTestStore, type Setup, type TestStore } from "./stores.js";

/** A repository `hubkit import` makes from files. */
export interface ImportedRepo {
	id: string;
	type?: "model" | "dataset";
	files: FolderFile[];
}

/** A hub of its own, in a data directory of its own, on its engine and store. */
export interface TestHubProcess {
	hub: ServingCli;
	url: string;
	database: TestDatabase;
	store: TestStore;
	/** What a `hubkit` child needs to use this hub's database and store (`hubkit check`, `hubkit import`). */
	env: Record<string, string>;
	/** Runs `hubkit <args> --data <its data directory>`, expecting success; answers the output. */
	cli(args: string[]): Promise<string>;
	stop(): Promise<void>;
}

/** The upstream hub behind its counting proxy. */
export interface Upstream extends TestHubProcess {
	proxy: Balancer;
	/** Requests the proxy passed upstream whose path starts with `prefix`. */
	calls(prefix: string): number;
}

async function startHub(
	engine: EngineName,
	storeName: Setup["store"],
	repos: ImportedRepo[],
	serveEnv: Record<string, string> = {},
): Promise<TestHubProcess> {
	const database = await startTestDatabase(engine);
	const store = await openTestStore(storeName, database.config.dataDir);
	const env = { ...database.cliEnv, ...store.env };
	const cli = async (args: string[]) => {
		const ran = await runCli([...args, "--data", database.config.dataDir], env);
		expect(ran.code, ran.output).toBe(0);
		return ran.output;
	};
	for (const repo of repos) {
		const folder = writeFolder(repo.files);
		try {
			await cli(["import", folder, "--repo", repo.id, "--type", repo.type ?? "model"]);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	}
	const hub = await serveCli(["--data", database.config.dataDir], { ...env, ...serveEnv });
	return {
		hub,
		url: hub.url,
		database,
		store,
		env,
		cli,
		async stop() {
			hub.child.kill("SIGKILL");
			await hub.exited;
			await store.cleanup();
			await database.cleanup();
		},
	};
}

/** An upstream hub on the disk store holding `repos`, behind a proxy that counts what it is asked. */
export async function startUpstream(engine: EngineName, repos: ImportedRepo[]): Promise<Upstream> {
	const upstream = await startHub(engine, "disk", repos);
	const proxy = await startBalancer();
	proxy.backends.push(upstream.url);
	return {
		...upstream,
		proxy,
		calls: (prefix) => proxy.log.filter((entry) => entry.path.startsWith(prefix)).length,
		async stop() {
			await proxy.close().catch(() => undefined);
			await upstream.stop();
		},
	};
}

/** A hub mirroring `upstream` (through its proxy) on `setup`'s engine and store, with local `repos` of its own. */
export function startMirror(
	setup: Setup,
	upstream: Upstream,
	options: { env?: Record<string, string>; repos?: ImportedRepo[] } = {},
): Promise<TestHubProcess> {
	return startHub(setup.engine, setup.store, options.repos ?? [], {
		HUBKIT_UPSTREAM: upstream.proxy.url,
		...options.env,
	});
}
