/**
 * Server settings: defaults, overridden by environment variables, overridden by
 * CLI flags. Nothing here is secret except DATABASE_URL and HUBKIT_METRICS_TOKEN,
 * which are never logged.
 */
import { resolve } from "node:path";
import type { LogFormat } from "./logger.js";

export interface HubConfig {
	port: number;
	host: string;
	/** Holds the SQLite database and the blob store. */
	dataDir: string;
	/** `postgres://…` selects PostgreSQL; unset means SQLite in `dataDir`. */
	databaseUrl: string | undefined;
	/** Upper bound for PostgreSQL pool connections. */
	databasePoolSize: number;
	/** Worker threads of the local runtime (hf-inference); undefined: 2, or 1 on a one-core machine. */
	localRuntimeWorkers?: number;
	/** GGUF chat: seconds without calls before the warm model is released (default 300). */
	llamaIdleSeconds?: number;
	/** GGUF chat: llama.cpp's CPU threads (undefined: node-llama-cpp's default). */
	llamaThreads?: number;
	/** GGUF chat: calls that may wait for the warm model; one more gets a 429 (default 8). */
	llamaQueue?: number;
	/** The hub API's own JSON routes (`/api/…`): bodies above this many bytes get 413. */
	bodyLimitBytes: number;
	/** Inference calls through the router (base64 images and audio inside JSON): above this, 413. */
	routerBodyLimitBytes: number;
	/** Uploads (LFS PUTs, commits with files), streamed, never gathered in memory: above this, 413. */
	uploadBodyLimitBytes: number;
	/** LFS uploads larger than this go in parts of this many bytes when the client speaks `multipart`. */
	lfsChunkBytes: number;
	/** Provider calls: TCP and TLS connect deadline. */
	upstreamConnectTimeoutMs: number;
	/** Provider calls: from the request sent to the first byte of the answer. */
	upstreamFirstByteTimeoutMs: number;
	/** Provider calls: longest silence inside an answer (no overall cap, so long streams live). */
	upstreamIdleTimeoutMs: number;
	/** JSON file with the operator's provider keys for the router (the environment wins over it). */
	providersFile: string | undefined;
	/** After SIGTERM, how long requests in flight may take before their connections are cut. */
	shutdownGraceMs: number;
	/** The site's web server (Next.js on an internal port): requests no hub route answers are forwarded there. */
	webUrl?: string;
	/** hf-inference calls a minute per client address without a token; 0: a token is required. */
	anonymousRateLimitPerMinute: number;
	/** Calls without a token a client address may make at once before the per-minute rate applies. */
	anonymousRateLimitBurst: number;
	/** Reverse proxies in front of the hub: how many `X-Forwarded-For` entries (from the right) to trust. */
	trustedProxies: number;
	/** Where clients reach the hub (`https://hub.example.com`, a path allowed): absolute URLs in answers start with it. */
	publicUrl?: string;
	/** Browser sessions end after this many days without a request (default 14). */
	sessionIdleDays: number;
	/** Browser sessions end this many days after sign-in, however busy (default 30). */
	sessionMaxDays: number;
	/** The URL the server listens on, as `hubkit serve` prints it (set by startHub); the default public URL. */
	listenUrl?: string;
	/** `hubkit serve`'s log: plain lines for a person (`text`) or one JSON object a line (`json`). */
	logFormat: LogFormat;
	/** One line per request; default on with `json` and off with `text`. */
	accessLog: boolean;
	/** When set, `GET /metrics` needs `Authorization: Bearer <it>`; unset, it is served to anyone who reaches it. */
	metricsToken?: string;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_DATA_DIR = ".hubkit";
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_ROUTER_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_UPLOAD_BODY_LIMIT_BYTES = 5 * 1024 * 1024 * 1024;
export const DEFAULT_LFS_CHUNK_BYTES = 64 * 1024 * 1024;
export const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 10_000;
/** Image and video calls (and Replicate's `Prefer: wait`) answer only once done. */
export const DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS = 300_000;
export const DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS = 120_000;
export const DEFAULT_ANON_RATE_LIMIT_PER_MINUTE = 60;
export const DEFAULT_ANON_RATE_LIMIT_BURST = 20;
export const DEFAULT_SESSION_IDLE_DAYS = 14;
export const DEFAULT_SESSION_MAX_DAYS = 30;

function logFormat(raw: string | undefined): LogFormat {
	if (raw === undefined || raw === "") return "text";
	if (raw === "text" || raw === "json") return raw;
	throw new Error(`HUBKIT_LOG_FORMAT must be text or json, got ${JSON.stringify(raw.slice(0, 40))}`);
}

function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
	if (raw === undefined || raw === "") return fallback;
	if (["on", "1", "true", "yes"].includes(raw)) return true;
	if (["off", "0", "false", "no"].includes(raw)) return false;
	throw new Error(`${name} must be on or off, got ${JSON.stringify(raw.slice(0, 40))}`);
}

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
		localRuntimeWorkers: positiveInteger("HUBKIT_LOCAL_WORKERS", env.HUBKIT_LOCAL_WORKERS, 0) || undefined,
		llamaIdleSeconds: positiveInteger("HUBKIT_LLAMA_IDLE_SECONDS", env.HUBKIT_LLAMA_IDLE_SECONDS, 0) || undefined,
		llamaThreads: positiveInteger("HUBKIT_LLAMA_THREADS", env.HUBKIT_LLAMA_THREADS, 0) || undefined,
		llamaQueue: env.HUBKIT_LLAMA_QUEUE ? positiveInteger("HUBKIT_LLAMA_QUEUE", env.HUBKIT_LLAMA_QUEUE, 8) : undefined,
		bodyLimitBytes: positiveInteger("HUBKIT_BODY_LIMIT_BYTES", env.HUBKIT_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES),
		routerBodyLimitBytes: positiveInteger(
			"HUBKIT_ROUTER_BODY_LIMIT_BYTES",
			env.HUBKIT_ROUTER_BODY_LIMIT_BYTES,
			DEFAULT_ROUTER_BODY_LIMIT_BYTES,
		),
		uploadBodyLimitBytes: positiveInteger(
			"HUBKIT_UPLOAD_BODY_LIMIT_BYTES",
			env.HUBKIT_UPLOAD_BODY_LIMIT_BYTES,
			DEFAULT_UPLOAD_BODY_LIMIT_BYTES,
		),
		lfsChunkBytes:
			positiveInteger("HUBKIT_LFS_CHUNK_BYTES", env.HUBKIT_LFS_CHUNK_BYTES, DEFAULT_LFS_CHUNK_BYTES) ||
			DEFAULT_LFS_CHUNK_BYTES,
		upstreamConnectTimeoutMs:
			positiveInteger(
				"HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS",
				env.HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS,
				DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
			) || DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
		upstreamFirstByteTimeoutMs:
			positiveInteger(
				"HUBKIT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS",
				env.HUBKIT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS,
				DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS,
			) || DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS,
		upstreamIdleTimeoutMs:
			positiveInteger(
				"HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS",
				env.HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS,
				DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
			) || DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
		providersFile: env.HUBKIT_PROVIDERS_FILE || undefined,
		shutdownGraceMs: positiveInteger(
			"HUBKIT_SHUTDOWN_GRACE_MS",
			env.HUBKIT_SHUTDOWN_GRACE_MS,
			DEFAULT_SHUTDOWN_GRACE_MS,
		),
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
		publicUrl: env.HUBKIT_PUBLIC_URL || undefined,
		sessionIdleDays:
			positiveInteger("HUBKIT_SESSION_IDLE_DAYS", env.HUBKIT_SESSION_IDLE_DAYS, DEFAULT_SESSION_IDLE_DAYS) ||
			DEFAULT_SESSION_IDLE_DAYS,
		sessionMaxDays:
			positiveInteger("HUBKIT_SESSION_MAX_DAYS", env.HUBKIT_SESSION_MAX_DAYS, DEFAULT_SESSION_MAX_DAYS) ||
			DEFAULT_SESSION_MAX_DAYS,
		logFormat: logFormat(env.HUBKIT_LOG_FORMAT),
		accessLog: onOff("HUBKIT_ACCESS_LOG", env.HUBKIT_ACCESS_LOG, env.HUBKIT_LOG_FORMAT === "json"),
		metricsToken: env.HUBKIT_METRICS_TOKEN || undefined,
		...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
	};
	if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
		throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
	}
	if (config.publicUrl !== undefined) config.publicUrl = checkedPublicUrl(config.publicUrl);
	return { ...config, dataDir: resolve(config.dataDir) };
}

/** An http(s) URL without credentials, query or fragment; the trailing slash dropped, so paths append to it. */
export function checkedPublicUrl(raw: string): string {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new Error(`HUBKIT_PUBLIC_URL must be an absolute http(s) URL, got ${JSON.stringify(raw.slice(0, 200))}`);
	}
	if (
		(url.protocol !== "http:" && url.protocol !== "https:") ||
		url.username ||
		url.password ||
		url.search ||
		url.hash
	) {
		throw new Error("HUBKIT_PUBLIC_URL must be an http(s) URL without credentials, query or fragment");
	}
	return url.href.replace(/\/+$/, "");
}
