/**
 * Several hubs behind one address, as production runs them: two real `hubkit serve` processes
 * (dist/cli.js, so the package must be built), each with a data directory of its own, on one
 * PostgreSQL database and one S3 bucket (s3rver), with the round-robin balancer in front. Both
 * hubs' public URL is the balancer's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HubDeps } from "../../src/deps.js";
import { type Balancer, startBalancer } from "./balancer.js";
import { type ServingCli, serveCli } from "./cli.js";
import { startTestDatabase, type TestDatabase } from "./engines.js";
import { openTestHub } from "./hub.js";
import { S3RVER_ENV, startS3Server, type TestS3Server } from "./s3.js";

export interface HubsBehindBalancer {
	testDb: TestDatabase;
	s3: TestS3Server;
	balancer: Balancer;
	hubs: ServingCli[];
	/** The environment both hubs run with, for `hubkit` commands on the same database and bucket. */
	env: Record<string, string>;
	/** Each hub's own data directory, in the order of `balancer.backends`. */
	dataDirs: string[];
	/** Kills the hubs and removes everything the set-up made. */
	close(): Promise<void>;
}

export interface HubsOptions {
	/** More environment for both hubs (limits, part sizes). */
	env?: Record<string, string>;
	/** Runs on the migrated database before the hubs start (users, tokens). */
	prepare?: (deps: HubDeps) => Promise<void>;
}

export async function startHubsBehindBalancer(options: HubsOptions = {}): Promise<HubsBehindBalancer> {
	const made: Partial<HubsBehindBalancer> & { hubs: ServingCli[]; dataDirs: string[] } = { hubs: [], dataDirs: [] };
	const close = async () => {
		// Killed whatever happened: a hub left running would hold the database and the bucket.
		for (const hub of made.hubs)
			if (hub.child.exitCode === null && hub.child.signalCode === null) hub.child.kill("SIGKILL");
		await Promise.all(made.hubs.map((hub) => hub.exited));
		await made.balancer?.close();
		await made.s3?.cleanup();
		await made.testDb?.cleanup();
		for (const dataDir of made.dataDirs) rmSync(dataDir, { recursive: true, force: true });
	};
	try {
		const testDb = await startTestDatabase("postgres");
		made.testDb = testDb;
		made.s3 = await startS3Server();
		made.balancer = await startBalancer();
		// Migrated once before the hubs start, so neither serves while the other migrates.
		const migrated = await openTestHub(testDb.config);
		try {
			await options.prepare?.(migrated.deps);
		} finally {
			await migrated.close();
		}
		const env = {
			...S3RVER_ENV,
			AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
			DATABASE_URL: testDb.config.databaseUrl ?? "",
			HUBKIT_DATABASE_POOL_SIZE: String(testDb.config.databasePoolSize),
			HUBKIT_BLOB_STORE: `s3://${made.s3.bucket}/hub`,
			HUBKIT_S3_ENDPOINT: made.s3.endpoint,
			HUBKIT_PUBLIC_URL: made.balancer.url,
			...options.env,
		};
		made.env = env;
		for (let index = 0; index < 2; index++) {
			const dataDir = mkdtempSync(join(tmpdir(), `hubkit-hub-${index}-`));
			made.dataDirs.push(dataDir);
			const hub = await serveCli(["--data", dataDir], env);
			made.hubs.push(hub);
			made.balancer.backends.push(hub.url);
		}
		return { ...(made as HubsBehindBalancer), close };
	} catch (error) {
		await close();
		throw error;
	}
}
