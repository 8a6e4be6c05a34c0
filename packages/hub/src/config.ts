/**
 * Server settings: defaults, overridden by environment variables, overridden by
 * CLI flags. Each variable is declared once in config-variables.ts (kind, default,
 * meaning of 0, help); this module reads the environment through that list.
 * Nothing here is secret except DATABASE_URL and HUBKIT_METRICS_TOKEN, which are
 * never logged.
 */
import { resolve } from "node:path";
import { z } from "zod";
import { CONFIG_VARIABLES, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from "./config-variables.js";
import type { LogFormat } from "./logger.js";

export {
	type BlobStoreLocation,
	checkedPublicUrl,
	DEFAULT_UPLOAD_REFUSED_TYPES,
	parseBlobStoreUrl,
	uploadRefusedTypes,
} from "./config-checks.js";
export {
	DEFAULT_ANON_RATE_LIMIT_BURST,
	DEFAULT_ANON_RATE_LIMIT_PER_MINUTE,
	DEFAULT_BODY_LIMIT_BYTES,
	DEFAULT_DATA_DIR,
	DEFAULT_GC_GRACE_MINUTES,
	DEFAULT_GC_INTERVAL_MINUTES,
	DEFAULT_HOST,
	DEFAULT_LFS_CHUNK_BYTES,
	DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
	DEFAULT_MAX_FILES_PER_COMMIT,
	DEFAULT_MAX_FILES_PER_REPO,
	DEFAULT_PORT,
	DEFAULT_ROUTER_BODY_LIMIT_BYTES,
	DEFAULT_S3_PART_BYTES,
	DEFAULT_SESSION_IDLE_DAYS,
	DEFAULT_SESSION_MAX_DAYS,
	DEFAULT_SHUTDOWN_GRACE_MS,
	DEFAULT_SIGN_UPS_PER_HOUR,
	DEFAULT_UPLOAD_BODY_LIMIT_BYTES,
	DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
	DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS,
	DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
	MIN_S3_PART_BYTES,
} from "./config-variables.js";

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
	/** A hub whose public repositories this one fetches on first use (services/upstream-mirror.ts). */
	upstream?: string;
	/** Sent to the upstream only. */
	upstreamToken?: string;
	/** Namespaces and `owner/name` ids (lower case) the mirror fetches; empty: every public repository. */
	upstreamAllow: string[];
	/** Namespaces and ids never fetched; they win over `upstreamAllow`. */
	upstreamDeny: string[];
	/** Never call the upstream: serve what is mirrored, nothing more. */
	upstreamOffline: boolean;
	/** A mirror's `main` is asked of the upstream again once this many seconds old (0: every request). */
	mirrorRefreshSeconds: number;
	/** Bytes of mirrored LFS files the store keeps (services/mirror-cache.ts); undefined: no limit. */
	mirrorMaxBytes?: number;
}

/** The variables loadConfig reads, each with the field it fills. */
const READ = CONFIG_VARIABLES.flatMap((variable) =>
	variable.reads ? [{ name: variable.name, ...variable.reads }] : [],
);

/** The environment's schema: one entry per variable, each parsing that variable's raw text. */
const ENVIRONMENT_SCHEMA = z.object(Object.fromEntries(READ.map(({ name, kind }) => [name, kind])));

/** One line per refused variable, each naming it: "HUBKIT_PORT must be a non-negative integer, got x". */
function refusal(issues: readonly z.core.$ZodIssue[]): Error {
	const lines = issues.map((issue) => {
		const name = String(issue.path[0] ?? "");
		return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
	});
	return new Error([...new Set(lines)].join("\n"));
}

/**
 * Checks the overrides the way their variables' values are checked: a string goes through its
 * variable's kind (so a public URL is normalised like one from the environment), a number is
 * checked without taking the kind's value (an override's 0 stays 0).
 */
function checkedOverrides(overrides: Partial<HubConfig>): Partial<HubConfig> {
	const checked: Record<string, unknown> = {};
	for (const [field, value] of Object.entries(overrides)) {
		if (value === undefined) continue;
		const variable = READ.find((read) => read.field === field);
		checked[field] = value;
		if (!variable || (typeof value !== "string" && typeof value !== "number") || value === "") continue;
		const parsed = variable.kind.safeParse(String(value));
		if (!parsed.success) throw refusal(parsed.error.issues.map((issue) => ({ ...issue, path: [variable.name] })));
		if (typeof value === "string") checked[field] = parsed.data;
	}
	return checked as Partial<HubConfig>;
}

export function loadConfig(
	overrides: Partial<HubConfig> = {},
	env: Record<string, string | undefined> = process.env,
): HubConfig {
	const parsed = ENVIRONMENT_SCHEMA.safeParse(Object.fromEntries(READ.map(({ name }) => [name, env[name]])));
	if (!parsed.success) throw refusal(parsed.error.issues);
	const fromEnvironment = Object.fromEntries(
		READ.map(({ name, field }) => [field, (parsed.data as Record<string, unknown>)[name]]),
	) as Partial<HubConfig>;
	// Defaults that follow another variable.
	fromEnvironment.maxConnectionsPerAddress ??=
		(fromEnvironment.trustedProxies ?? 0) > 0 ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
	fromEnvironment.accessLog ??= fromEnvironment.logFormat === "json";
	const config = { ...fromEnvironment, ...checkedOverrides(overrides) } as HubConfig;
	return { ...config, dataDir: resolve(config.dataDir) };
}
