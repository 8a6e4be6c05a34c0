#!/usr/bin/env node
/**
 * `hubkit`: run and fill the hub.
 *   hubkit serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]
 *   hubkit seed [--synthetic N] [--seed S] [--data .hubkit]
 *   hubkit token create --user NAME [--role read|write] [--name LABEL] [--data .hubkit]
 * DATABASE_URL=postgres://… selects PostgreSQL; it is never printed.
 */
import { parseArgs } from "node:util";
import { createAccessToken, type TokenRole } from "./auth/tokens.js";
import { type HubConfig, loadConfig } from "./config.js";
import { consoleLogger } from "./logger.js";
import { sampleCatalogue } from "./seed/catalogue/index.js";
import { loadSeed } from "./seed/load.js";
import { syntheticModels } from "./seed/synthetic.js";
import { openHub, startHub } from "./server.js";

const USAGE = `Usage:
  hubkit serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]
  hubkit seed [--synthetic N] [--seed S] [--data .hubkit]
  hubkit token create --user NAME [--role read|write] [--name LABEL] [--data .hubkit]

Environment: DATABASE_URL (postgres://… for PostgreSQL), HUBKIT_PROVIDERS_FILE,
HUBKIT_PROVIDER_KEY_<PROVIDER>, HUBKIT_BODY_LIMIT_BYTES.`;

class UsageError extends Error {}

function integerFlag(name: string, value: string | undefined, max: number): number | undefined {
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value) || Number(value) > max)
		throw new UsageError(`--${name} must be an integer from 0 to ${max}`);
	return Number(value);
}

function configFrom(values: { port?: string; host?: string; data?: string }): HubConfig {
	return loadConfig({
		port: integerFlag("port", values.port, 65_535),
		host: values.host,
		dataDir: values.data,
	});
}

const logger = consoleLogger();

async function serve(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { port: { type: "string" }, host: { type: "string" }, data: { type: "string" } },
	});
	const config = configFrom(values);
	logger.info(`Data: ${config.dataDir} (${config.databaseUrl ? "PostgreSQL from DATABASE_URL" : "SQLite"})`);
	const hub = await startHub(config, logger);
	logger.info(`Hubkit hub listening on ${hub.url}`);
	const stop = () => {
		logger.info("Shutting down");
		hub.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once("SIGINT", stop);
	process.once("SIGTERM", stop);
}

async function seed(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { synthetic: { type: "string" }, seed: { type: "string" }, data: { type: "string" } },
	});
	const count = integerFlag("synthetic", values.synthetic, 10_000_000);
	const randomSeed = integerFlag("seed", values.seed, 2 ** 31);
	const hub = await openHub(configFrom(values), logger);
	try {
		const records = count === undefined ? sampleCatalogue() : syntheticModels(count, randomSeed);
		const label = count === undefined ? "sample catalogue" : `${count} synthetic models`;
		logger.info(`Seeding the ${label} (download and like counts are sample data)`);
		let lastReport = performance.now();
		const result = await loadSeed(hub.deps, records, {
			onProgress: (read) => {
				if (performance.now() - lastReport < 5000) return;
				lastReport = performance.now();
				logger.info(`  ${read} records read`);
			},
		});
		const rate = result.seconds > 0 ? Math.round(result.loaded / result.seconds) : result.loaded;
		logger.info(
			`Loaded ${result.loaded} models (${result.skipped} already present, ${result.files} files) in ${result.seconds.toFixed(1)} s, ${rate} models/s`,
		);
	} finally {
		await hub.close();
	}
}

async function token(args: string[]): Promise<void> {
	const [action, ...rest] = args;
	if (action !== "create") throw new UsageError("Only `hubkit token create --user NAME` is supported");
	const { values } = parseArgs({
		args: rest,
		options: {
			user: { type: "string" },
			role: { type: "string" },
			name: { type: "string" },
			data: { type: "string" },
		},
	});
	if (!values.user) throw new UsageError("--user NAME is required");
	if (values.role !== undefined && values.role !== "read" && values.role !== "write") {
		throw new UsageError("--role must be read or write");
	}
	const hub = await openHub(configFrom(values), { ...logger, info() {} });
	try {
		const created = await createAccessToken(hub.deps.db, values.user, {
			role: values.role as TokenRole | undefined,
			displayName: values.name,
		});
		// The only place a token is ever shown; it is stored hashed.
		process.stdout.write(`${created.token}\n`);
		process.stderr.write(`Token for ${created.userName} (${created.role}). Shown once: store it now.\n`);
	} finally {
		await hub.close();
	}
}

async function main(argv: string[]): Promise<void> {
	const [command, ...args] = argv;
	if (command === "serve") return await serve(args);
	if (command === "seed") return await seed(args);
	if (command === "token") return await token(args);
	if (command === undefined || command === "help" || command === "--help" || command === "-h") {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	throw new UsageError(`Unknown command: ${command}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
	if (
		error instanceof UsageError ||
		(error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
	) {
		process.stderr.write(`${error.message}\n\n${USAGE}\n`);
		process.exit(2);
	}
	logger.error("hubkit failed:", error);
	process.exit(1);
});
