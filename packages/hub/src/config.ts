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
	/**
	 * File extensions (lower case, with the dot) that users' commits may not add: by default Windows
	 * executables, installers and scripts, as a model hub is no software download site. Operator
	 * tools (`hubkit import`, `hubkit mirror`) are not held to it.
	 */
	uploadRefusedTypes: string[];
	/** Files one commit may add or delete; more are refused (422 `TooManyFiles`). */
	maxFilesPerCommit: number;
	/** Files a repository may hold after a commit; more are refused (422 `TooManyFiles`). */
	maxFilesPerRepo: number;
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
	/** JSON or YAML file mapping models to OpenAI-compatible inference servers (router/endpoints.ts). */
	endpointsFile?: string;
	/** After SIGTERM, how long requests in flight may take before their connections are cut. */
	shutdownGraceMs: number;
	/** The site's web server (Next.js on an internal port): requests no hub route answers are forwarded there. */
	webUrl?: string;
	/** hf-inference calls a minute per client address without a token; 0: a token is required. */
	anonymousRateLimitPerMinute: number;
	/** Calls without a token a client address may make at once before the per-minute rate applies. */
	anonymousRateLimitBurst: number;
	/** Sign-up attempts an hour per client address (each costs a password hash); 0: no limit. */
	signUpsPerHour: number;
	/** Reverse proxies in front of the hub: how many `X-Forwarded-For` entries (from the right) to trust. */
	trustedProxies: number;
	/**
	 * Open connections one remote address may hold (0: no limit). Behind trusted proxies every
	 * connection comes from a proxy, so the default there is no limit: the proxy holds the clients.
	 */
	maxConnectionsPerAddress: number;
	/** Where clients reach the hub (`https://hub.example.com`, a path allowed): absolute URLs in answers start with it. */
	publicUrl?: string;
	/** Browser sessions end after this many days without a request (default 14). */
	sessionIdleDays: number;
	/** Browser sessions end this many days after sign-in, however busy (default 30). */
	sessionMaxDays: number;
	/** The URL the server listens on, as `hubkit serve` prints it (set by startHub); the default public URL. */
	listenUrl?: string;
	/** `s3://bucket/prefix`: file contents in an S3-compatible object store (storage/s3-store.ts); unset: `<dataDir>/blobs`. */
	blobStore?: string;
	/** The S3 API's URL (MinIO, Ceph, …); unset: the AWS SDK's (`AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`, or AWS). */
	s3Endpoint?: string;
	/** Bucket in the path (`host/bucket/key`), as MinIO and most S3-compatible servers want; unset: on with a custom endpoint. */
	s3ForcePathStyle?: boolean;
	/** Streamed uploads go to S3 in parts of this many bytes (two parts held in memory per upload). */
	s3PartBytes: number;
	/** LFS downloads answered with a redirect to a presigned S3 URL instead of streamed through the hub. */
	s3PresignDownloads: boolean;
	/** The S3 endpoint clients reach, for presigned URLs, when it is not the one the hub uses. */
	s3PublicEndpoint?: string;
	/** `hubkit serve`'s log: plain lines for a person (`text`) or one JSON object a line (`json`). */
	logFormat: LogFormat;
	/** One line per request; default on with `json` and off with `text`. */
	accessLog: boolean;
	/** When set, `GET /metrics` needs `Authorization: Bearer <it>`; unset, it is served to anyone who reaches it. */
	metricsToken?: string;
	/** Minutes between the hub's own gc runs (services/gc.ts); 0: only `hubkit gc`. */
	gcIntervalMinutes: number;
	/** Blobs written less than this many minutes ago are never removed by gc (uploads and commits under way). */
	gcGraceMinutes: number;
	/** Bytes each user and organisation may store in its repositories (services/quota.ts); undefined: no limit. */
	storageQuotaBytes?: number;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_DATA_DIR = ".hubkit";
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_ROUTER_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_UPLOAD_BODY_LIMIT_BYTES = 5 * 1024 * 1024 * 1024;
export const DEFAULT_LFS_CHUNK_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_FILES_PER_COMMIT = 20_000;
export const DEFAULT_MAX_FILES_PER_REPO = 100_000;
export const DEFAULT_UPLOAD_REFUSED_TYPES = [".exe", ".msi", ".scr", ".com", ".bat", ".cmd", ".vbs", ".ps1"];
export const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 10_000;
/** Image and video calls (and Replicate's `Prefer: wait`) answer only once done. */
export const DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS = 300_000;
export const DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS = 120_000;
export const DEFAULT_ANON_RATE_LIMIT_PER_MINUTE = 60;
export const DEFAULT_ANON_RATE_LIMIT_BURST = 20;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;
export const DEFAULT_SIGN_UPS_PER_HOUR = 10;
export const DEFAULT_SESSION_IDLE_DAYS = 14;
export const DEFAULT_SESSION_MAX_DAYS = 30;
/** S3's smallest part (every part but the last may be no smaller). */
export const MIN_S3_PART_BYTES = 5 * 1024 * 1024;
export const DEFAULT_S3_PART_BYTES = 16 * 1024 * 1024;
export const DEFAULT_GC_INTERVAL_MINUTES = 360;
/** A day: far longer than an upload URL lives (an hour) and than any commit takes. */
export const DEFAULT_GC_GRACE_MINUTES = 1440;

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

function flag(name: string, raw: string | undefined): boolean | undefined {
	if (raw === undefined || raw === "") return undefined;
	if (/^(1|true|yes|on)$/i.test(raw)) return true;
	if (/^(0|false|no|off)$/i.test(raw)) return false;
	throw new Error(`${name} must be 1 or 0 (true or false), got ${raw}`);
}

/**
 * `HUBKIT_UPLOAD_REFUSED_TYPES`: comma-separated extensions (`exe, .MSI` → `.exe`, `.msi`); unset is
 * the default list, and the empty string refuses nothing.
 */
export function uploadRefusedTypes(raw: string | undefined): string[] {
	if (raw === undefined) return [...DEFAULT_UPLOAD_REFUSED_TYPES];
	const types = raw
		.split(",")
		.map((type) => type.trim().toLowerCase())
		.filter((type) => type !== "")
		.map((type) => (type.startsWith(".") ? type : `.${type}`));
	for (const type of types) {
		if (!/^\.[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(type)) {
			throw new Error(
				`HUBKIT_UPLOAD_REFUSED_TYPES must list file extensions (.exe, .msi …), got ${JSON.stringify(type)}`,
			);
		}
	}
	return [...new Set(types)];
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
		uploadRefusedTypes: uploadRefusedTypes(env.HUBKIT_UPLOAD_REFUSED_TYPES),
		maxFilesPerCommit:
			positiveInteger("HUBKIT_MAX_FILES_PER_COMMIT", env.HUBKIT_MAX_FILES_PER_COMMIT, DEFAULT_MAX_FILES_PER_COMMIT) ||
			DEFAULT_MAX_FILES_PER_COMMIT,
		maxFilesPerRepo:
			positiveInteger("HUBKIT_MAX_FILES_PER_REPO", env.HUBKIT_MAX_FILES_PER_REPO, DEFAULT_MAX_FILES_PER_REPO) ||
			DEFAULT_MAX_FILES_PER_REPO,
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
		endpointsFile: env.HUBKIT_ENDPOINTS || undefined,
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
		signUpsPerHour: positiveInteger("HUBKIT_SIGNUPS_PER_HOUR", env.HUBKIT_SIGNUPS_PER_HOUR, DEFAULT_SIGN_UPS_PER_HOUR),
		trustedProxies: positiveInteger("HUBKIT_TRUST_PROXY", env.HUBKIT_TRUST_PROXY, 0),
		maxConnectionsPerAddress: positiveInteger(
			"HUBKIT_MAX_CONNECTIONS_PER_ADDRESS",
			env.HUBKIT_MAX_CONNECTIONS_PER_ADDRESS,
			positiveInteger("HUBKIT_TRUST_PROXY", env.HUBKIT_TRUST_PROXY, 0) > 0 ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
		),
		publicUrl: env.HUBKIT_PUBLIC_URL || undefined,
		sessionIdleDays:
			positiveInteger("HUBKIT_SESSION_IDLE_DAYS", env.HUBKIT_SESSION_IDLE_DAYS, DEFAULT_SESSION_IDLE_DAYS) ||
			DEFAULT_SESSION_IDLE_DAYS,
		sessionMaxDays:
			positiveInteger("HUBKIT_SESSION_MAX_DAYS", env.HUBKIT_SESSION_MAX_DAYS, DEFAULT_SESSION_MAX_DAYS) ||
			DEFAULT_SESSION_MAX_DAYS,
		blobStore: env.HUBKIT_BLOB_STORE || undefined,
		s3Endpoint: env.HUBKIT_S3_ENDPOINT || undefined,
		s3ForcePathStyle: flag("HUBKIT_S3_FORCE_PATH_STYLE", env.HUBKIT_S3_FORCE_PATH_STYLE),
		s3PartBytes: positiveInteger("HUBKIT_S3_PART_BYTES", env.HUBKIT_S3_PART_BYTES, DEFAULT_S3_PART_BYTES),
		s3PresignDownloads: flag("HUBKIT_S3_PRESIGN_DOWNLOADS", env.HUBKIT_S3_PRESIGN_DOWNLOADS) ?? false,
		s3PublicEndpoint: env.HUBKIT_S3_PUBLIC_ENDPOINT || undefined,
		logFormat: logFormat(env.HUBKIT_LOG_FORMAT),
		accessLog: onOff("HUBKIT_ACCESS_LOG", env.HUBKIT_ACCESS_LOG, env.HUBKIT_LOG_FORMAT === "json"),
		metricsToken: env.HUBKIT_METRICS_TOKEN || undefined,
		gcIntervalMinutes: positiveInteger(
			"HUBKIT_GC_INTERVAL_MINUTES",
			env.HUBKIT_GC_INTERVAL_MINUTES,
			DEFAULT_GC_INTERVAL_MINUTES,
		),
		gcGraceMinutes: positiveInteger("HUBKIT_GC_GRACE_MINUTES", env.HUBKIT_GC_GRACE_MINUTES, DEFAULT_GC_GRACE_MINUTES),
		storageQuotaBytes: positiveInteger("HUBKIT_STORAGE_QUOTA_BYTES", env.HUBKIT_STORAGE_QUOTA_BYTES, 0) || undefined,
		...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
	};
	if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
		throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
	}
	if (config.publicUrl !== undefined) config.publicUrl = checkedPublicUrl(config.publicUrl);
	if (config.blobStore !== undefined) parseBlobStoreUrl(config.blobStore);
	for (const [name, value] of [
		["HUBKIT_S3_ENDPOINT", config.s3Endpoint],
		["HUBKIT_S3_PUBLIC_ENDPOINT", config.s3PublicEndpoint],
	] as const) {
		if (value !== undefined && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value)) {
			throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(value.slice(0, 200))}`);
		}
	}
	if (config.s3PartBytes < MIN_S3_PART_BYTES) {
		throw new Error(
			`HUBKIT_S3_PART_BYTES must be at least ${MIN_S3_PART_BYTES} (S3's smallest part), got ${config.s3PartBytes}`,
		);
	}
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

export interface BlobStoreLocation {
	bucket: string;
	/** Without leading or trailing slash; "" for the bucket's root. */
	prefix: string;
}

/** `s3://bucket/prefix` (the prefix optional); anything else is refused with what is wrong. */
export function parseBlobStoreUrl(raw: string): BlobStoreLocation {
	const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(raw);
	if (!match)
		throw new Error(
			`HUBKIT_BLOB_STORE must be s3://bucket/prefix (or unset for the disk store), got ${JSON.stringify(raw.slice(0, 200))}`,
		);
	const bucket = match[1] as string;
	// S3's bucket rules: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end.
	if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
		throw new Error(`HUBKIT_BLOB_STORE: ${JSON.stringify(bucket)} is not a bucket name (3-63 of a-z, 0-9, '.', '-')`);
	}
	const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
	if (prefix !== "" && prefix.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
		throw new Error(`HUBKIT_BLOB_STORE: the prefix ${JSON.stringify(prefix)} has an empty, '.' or '..' segment`);
	}
	return { bucket, prefix };
}
