/**
 * Server settings: defaults, overridden by environment variables, overridden by
 * CLI flags. Nothing here is secret except DATABASE_URL, which is never logged.
 */
import { resolve } from "node:path";

export interface HubConfig {
	port: number;
	host: string;
	/** Holds the SQLite database and the blob store. */
	dataDir: string;
	/** `postgres://…` selects PostgreSQL; unset means SQLite in `dataDir`. */
	databaseUrl: string | undefined;
	/** Upper bound for PostgreSQL pool connections. */
	databasePoolSize: number;
	/** Request bodies above this many bytes get 413. */
	bodyLimitBytes: number;
	/** JSON file with the operator's provider keys for the router (the environment wins over it). */
	providersFile: string | undefined;
	/** The site's web server (Next.js on an internal port): requests no hub route answers are forwarded there. */
	webUrl?: string;
	/** hf-inference calls a minute per client address without a token; 0: a token is required. */
	anonymousRateLimitPerMinute: number;
	/** Calls without a token a client address may make at once before the per-minute rate applies. */
	anonymousRateLimitBurst: number;
	/** Reverse proxies in front of the hub: how many `X-Forwarded-For` entries (from the right) to trust. */
	trustedProxies: number;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_DATA_DIR = ".hubkit";
export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_ANON_RATE_LIMIT_PER_MINUTE = 60;
export const DEFAULT_ANON_RATE_LIMIT_BURST = 20;

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
	if (raw === undefined || raw === "") return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
	return value;
}

export function loadConfig(
	overrides: Partial<HubConfig> = {},
	env: Record<string, string | undefined> = process.env,
): HubConfig {
	const config: HubConfig = {
		port: positiveInteger("HUBKIT_PORT", env.HUBKIT_PORT, DEFAULT_PORT),
		host: env.HUBKIT_HOST || DEFAULT_HOST,
		dataDir: env.HUBKIT_DATA_DIR || DEFAULT_DATA_DIR,
		databaseUrl: env.DATABASE_URL || undefined,
		databasePoolSize: positiveInteger("HUBKIT_DATABASE_POOL_SIZE", env.HUBKIT_DATABASE_POOL_SIZE, 10) || 1,
		bodyLimitBytes: positiveInteger("HUBKIT_BODY_LIMIT_BYTES", env.HUBKIT_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES),
		providersFile: env.HUBKIT_PROVIDERS_FILE || undefined,
		webUrl: env.HUBKIT_WEB_URL || undefined,
		anonymousRateLimitPerMinute: positiveInteger(
			"HUBKIT_ANON_RATE_LIMIT_PER_MINUTE",
			env.HUBKIT_ANON_RATE_LIMIT_PER_MINUTE,
			DEFAULT_ANON_RATE_LIMIT_PER_MINUTE,
		),
		anonymousRateLimitBurst:
			positiveInteger(
				"HUBKIT_ANON_RATE_LIMIT_BURST",
				env.HUBKIT_ANON_RATE_LIMIT_BURST,
				DEFAULT_ANON_RATE_LIMIT_BURST,
			) || 1,
		trustedProxies: positiveInteger("HUBKIT_TRUST_PROXY", env.HUBKIT_TRUST_PROXY, 0),
		...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
	};
	if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
		throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
	}
	return { ...config, dataDir: resolve(config.dataDir) };
}
