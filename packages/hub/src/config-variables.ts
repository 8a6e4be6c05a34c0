/**
 * Every environment variable the hub reads, declared once: what it sets, what it accepts, its
 * default, what 0 means, and (for those loadConfig reads) the HubConfig field and the kind that
 * parses it. `hubkit serve --help`, the README's and docs/deploy.md's tables are rendered from
 * this list (config-docs.ts; `npm run docs:config` in packages/hub rewrites the tables).
 */
import type { HubConfig } from "./config.js";
import {
	checkedBlobStore,
	checkedDatabaseUrl,
	checkedHttpUrl,
	checkedPublicUrl,
	DEFAULT_UPLOAD_REFUSED_TYPES,
	uploadRefusedTypes,
	upstreamNames,
} from "./config-checks.js";
import { choice, flag, integer, type Kind, list, onOff, text, textOr } from "./config-kinds.js";

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
export const DEFAULT_MIRROR_REFRESH_SECONDS = 600;

/** The groups the help and the tables list variables in, in this order. */
export const SECTIONS = [
	"Server",
	"Database",
	"Files and storage",
	"Mirror of another hub",
	"Uploads and limits",
	"Accounts and abuse",
	"Inference",
	"Logs and metrics",
] as const;

export interface ConfigVariable {
	/** The variable; a family is written `PREFIX_<NAME>`, several read together `A, B`. */
	name: string;
	section: (typeof SECTIONS)[number];
	/** What it sets, in a line (Markdown: `code` spans are printed bare in the help). */
	about: string;
	/** What it takes. */
	accepts: string;
	/** Its default, as a person reads it. */
	default: string;
	/** What 0 means when it is not the plain number (unset and empty always mean the default). */
	zero?: string;
	/** The `hubkit serve` flag that wins over it. */
	flag?: string;
	/** How loadConfig reads it: the HubConfig field it fills and the kind that parses it. */
	reads?: { field: keyof HubConfig; kind: Kind<unknown> };
	/** Who reads it when loadConfig does not. */
	readBy?: string;
}

/** Ties a field to a kind whose values it can hold (undefined: the default is decided in loadConfig). */
const reads = <F extends keyof HubConfig>(field: F, kind: Kind<HubConfig[F] | undefined>) => ({
	field,
	kind: kind as Kind<unknown>,
});

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
	// Server
	{
		name: "HUBKIT_PORT",
		section: "Server",
		about: "port to listen on",
		accepts: "a port number",
		default: "`8787`",
		zero: "a free port",
		flag: "--port",
		reads: reads("port", integer(DEFAULT_PORT)),
	},
	{
		name: "HUBKIT_HOST",
		section: "Server",
		about: "address to listen on",
		accepts: "an address",
		default: "`127.0.0.1`",
		flag: "--host",
		reads: reads("host", textOr(DEFAULT_HOST)),
	},
	{
		name: "HUBKIT_DATA_DIR",
		section: "Server",
		about: "data directory: the SQLite file, blobs on disk, temporary files",
		accepts: "a path",
		default: "`.hubkit`",
		flag: "--data",
		reads: reads("dataDir", textOr(DEFAULT_DATA_DIR)),
	},
	{
		name: "HUBKIT_PUBLIC_URL",
		section: "Server",
		about: "where clients reach the hub: absolute URLs in answers (`Link`, `avatarUrl`) start with it",
		accepts: "an http(s) URL, a path allowed",
		default: "the URL `hubkit serve` prints",
		reads: reads("publicUrl", text(checkedPublicUrl)),
	},
	{
		name: "HUBKIT_TRUST_PROXY",
		section: "Server",
		about: "reverse proxies in front of the hub: how many `X-Forwarded-For` entries (from the right) to trust",
		accepts: "a count",
		default: "`0`",
		zero: "`X-Forwarded-*` is ignored",
		reads: reads("trustedProxies", integer(0)),
	},
	{
		name: "HUBKIT_MAX_CONNECTIONS_PER_ADDRESS",
		section: "Server",
		about: "open connections one client address (IPv6: its /64) may hold; more get 429 and are closed",
		accepts: "a count",
		default: "`256`, or `0` behind `HUBKIT_TRUST_PROXY` (the proxy holds the clients)",
		zero: "no limit",
		reads: reads("maxConnectionsPerAddress", integer(undefined)),
	},
	{
		name: "HUBKIT_WEB_URL",
		section: "Server",
		about: "the site's web server: paths no hub route answers are forwarded there",
		accepts: "a URL",
		default: "none: unknown paths get the JSON 404",
		reads: reads("webUrl", text()),
	},
	{
		name: "HUBKIT_HUB_URL",
		section: "Server",
		about: "(site) the hub the site's server reads from",
		accepts: "a URL",
		default: "`http://127.0.0.1:8787`",
		readBy: "the site (apps/web)",
	},
	{
		name: "HUBKIT_SHUTDOWN_GRACE_MS",
		section: "Server",
		about: "after SIGTERM, how long requests in flight may take before their connections are cut",
		accepts: "milliseconds",
		default: "`10000`",
		reads: reads("shutdownGraceMs", integer(DEFAULT_SHUTDOWN_GRACE_MS)),
	},
	// Database
	{
		name: "DATABASE_URL",
		section: "Database",
		about: "`postgres://user:password@host:5432/db` selects PostgreSQL (never printed)",
		accepts: "a postgres:// or postgresql:// URL",
		default: "SQLite in the data directory (`hub.sqlite`)",
		reads: reads("databaseUrl", text(checkedDatabaseUrl)),
	},
	{
		name: "HUBKIT_DATABASE_POOL_SIZE",
		section: "Database",
		about: "PostgreSQL connections per hub process",
		accepts: "a count",
		default: "`10`",
		zero: "1",
		reads: reads("databasePoolSize", integer(10, { zero: 1 })),
	},
	// Files and storage
	{
		name: "HUBKIT_BLOB_STORE",
		section: "Files and storage",
		about: "keeps file contents in an S3-compatible bucket under a key prefix",
		accepts: "`s3://bucket/prefix`",
		default: "disk: `<data>/blobs`",
		reads: reads("blobStore", text(checkedBlobStore)),
	},
	{
		name: "HUBKIT_S3_ENDPOINT",
		section: "Files and storage",
		about: "the S3 API's URL (MinIO, Ceph, R2, …) for the hub",
		accepts: "an http(s) URL",
		default: "`AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`, or AWS's for the region",
		reads: reads("s3Endpoint", text(checkedHttpUrl)),
	},
	{
		name: "AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY",
		section: "Files and storage",
		about: "S3 region and credentials (or any source the AWS SDK reads: roles, profiles)",
		accepts: "the AWS SDK's",
		default: "`us-east-1` with a custom endpoint",
		readBy: "the AWS SDK",
	},
	{
		name: "HUBKIT_S3_FORCE_PATH_STYLE",
		section: "Files and storage",
		about: "bucket in the path (`host/bucket/key`), as MinIO and most S3-compatible servers want",
		accepts: "`1` or `0`",
		default: "`1` with a custom endpoint, `0` on AWS",
		reads: reads("s3ForcePathStyle", flag(undefined)),
	},
	{
		name: "HUBKIT_S3_PART_BYTES",
		section: "Files and storage",
		about: "S3 multipart part size; two parts per upload are held in memory",
		accepts: `bytes, at least ${MIN_S3_PART_BYTES}`,
		default: "`16777216` (16 MiB)",
		reads: reads(
			"s3PartBytes",
			integer(DEFAULT_S3_PART_BYTES, { min: MIN_S3_PART_BYTES, minReason: "S3's smallest part" }),
		),
	},
	{
		name: "HUBKIT_S3_PRESIGN_DOWNLOADS",
		section: "Files and storage",
		about: "LFS downloads get a 302 to a presigned S3 link (15 min) instead of streaming through the hub",
		accepts: "`1` or `0`",
		default: "`0`",
		reads: reads("s3PresignDownloads", flag(false)),
	},
	{
		name: "HUBKIT_S3_PUBLIC_ENDPOINT",
		section: "Files and storage",
		about: "the S3 endpoint written into presigned links, when clients reach S3 at another address",
		accepts: "an http(s) URL",
		default: "the hub's endpoint",
		reads: reads("s3PublicEndpoint", text(checkedHttpUrl)),
	},
	{
		name: "HUBKIT_STORAGE_QUOTA_BYTES",
		section: "Files and storage",
		about: "bytes each user and organisation may keep in its repositories",
		accepts: "bytes",
		default: "none",
		zero: "no limit",
		reads: reads("storageQuotaBytes", integer(undefined, { zero: undefined })),
	},
	{
		name: "HUBKIT_GC_INTERVAL_MINUTES",
		section: "Files and storage",
		about: "minutes between the hub's own gc runs, which remove unreferenced blobs",
		accepts: "minutes",
		default: "`360`",
		zero: "off (only `hubkit gc`)",
		reads: reads("gcIntervalMinutes", integer(DEFAULT_GC_INTERVAL_MINUTES)),
	},
	{
		name: "HUBKIT_GC_GRACE_MINUTES",
		section: "Files and storage",
		about: "gc never removes a blob written less than this many minutes ago (uploads, commits under way)",
		accepts: "minutes",
		default: "`1440` (a day)",
		reads: reads("gcGraceMinutes", integer(DEFAULT_GC_GRACE_MINUTES)),
	},
	// Mirror of another hub
	{
		name: "HUBKIT_UPSTREAM",
		section: "Mirror of another hub",
		about:
			"a hub to mirror (huggingface.co, or any that speaks its API): a public repository this hub lacks is fetched from it on first use, then served from here",
		accepts: "an http(s) URL",
		default: "none: no mirroring",
		reads: reads("upstream", text(checkedHttpUrl)),
	},
	{
		name: "HUBKIT_UPSTREAM_TOKEN",
		section: "Mirror of another hub",
		about: "token sent to the upstream only (never printed)",
		accepts: "a secret",
		default: "none",
		reads: reads("upstreamToken", text()),
	},
	{
		name: "HUBKIT_UPSTREAM_ALLOW",
		section: "Mirror of another hub",
		about: "mirror only these namespaces and repositories (`HUBKIT_UPSTREAM_DENY` wins over it)",
		accepts: "comma-separated namespaces and `owner/name` ids",
		default: "every public repository",
		reads: reads("upstreamAllow", list([], upstreamNames("HUBKIT_UPSTREAM_ALLOW"))),
	},
	{
		name: "HUBKIT_UPSTREAM_DENY",
		section: "Mirror of another hub",
		about: "never mirror these namespaces and repositories",
		accepts: "comma-separated namespaces and `owner/name` ids",
		default: "none",
		reads: reads("upstreamDeny", list([], upstreamNames("HUBKIT_UPSTREAM_DENY"))),
	},
	{
		name: "HUBKIT_UPSTREAM_OFFLINE",
		section: "Mirror of another hub",
		about: "never call the upstream: mirrored repositories are served as they are, others are missing",
		accepts: "`1` or `0`",
		default: "`0`",
		reads: reads("upstreamOffline", flag(false)),
	},
	{
		name: "HUBKIT_MIRROR_REFRESH_SECONDS",
		section: "Mirror of another hub",
		about: "a mirrored branch or tag (`main` too) is asked of the upstream again once this old; a commit id never",
		accepts: "seconds",
		default: "`600`",
		zero: "on every request",
		reads: reads("mirrorRefreshSeconds", integer(DEFAULT_MIRROR_REFRESH_SECONDS)),
	},
	{
		name: "HUBKIT_MIRROR_MAX_BYTES",
		section: "Mirror of another hub",
		about:
			"bytes of mirrored LFS files kept: past it the least recently used are deleted, and fetched again when next asked for (local repositories' files never)",
		accepts: "bytes",
		default: "none",
		zero: "no limit",
		reads: reads("mirrorMaxBytes", integer(undefined, { zero: undefined })),
	},
	// Uploads and limits
	{
		name: "HUBKIT_BODY_LIMIT_BYTES",
		section: "Uploads and limits",
		about: "body limit of the API's JSON routes (`/api/…`); more: 413",
		accepts: "bytes",
		default: "`1048576` (1 MiB)",
		reads: reads("bodyLimitBytes", integer(DEFAULT_BODY_LIMIT_BYTES)),
	},
	{
		name: "HUBKIT_ROUTER_BODY_LIMIT_BYTES",
		section: "Uploads and limits",
		about: "body limit of inference calls through the router (images and audio in JSON)",
		accepts: "bytes",
		default: "`33554432` (32 MiB)",
		reads: reads("routerBodyLimitBytes", integer(DEFAULT_ROUTER_BODY_LIMIT_BYTES)),
	},
	{
		name: "HUBKIT_UPLOAD_BODY_LIMIT_BYTES",
		section: "Uploads and limits",
		about: "body limit of uploads (LFS PUTs, commits with files), streamed, never held in memory",
		accepts: "bytes",
		default: "`5368709120` (5 GiB)",
		reads: reads("uploadBodyLimitBytes", integer(DEFAULT_UPLOAD_BODY_LIMIT_BYTES)),
	},
	{
		name: "HUBKIT_LFS_CHUNK_BYTES",
		section: "Uploads and limits",
		about: "part size of `multipart` LFS uploads (larger files go in parts)",
		accepts: "bytes",
		default: "`67108864` (64 MiB)",
		zero: "the default",
		reads: reads("lfsChunkBytes", integer(DEFAULT_LFS_CHUNK_BYTES, { zero: DEFAULT_LFS_CHUNK_BYTES })),
	},
	{
		name: "HUBKIT_UPLOAD_REFUSED_TYPES",
		section: "Uploads and limits",
		about: "file extensions users' commits may not add (`hubkit import` and `hubkit mirror` are not held to it)",
		accepts: "comma-separated extensions",
		default: `\`${DEFAULT_UPLOAD_REFUSED_TYPES.join(",")}\`; empty: any type`,
		reads: reads("uploadRefusedTypes", list(DEFAULT_UPLOAD_REFUSED_TYPES, uploadRefusedTypes)),
	},
	{
		name: "HUBKIT_MAX_FILES_PER_COMMIT",
		section: "Uploads and limits",
		about: "files one commit may add or delete; more: 422 `TooManyFiles`",
		accepts: "a count",
		default: "`20000`",
		zero: "the default",
		reads: reads("maxFilesPerCommit", integer(DEFAULT_MAX_FILES_PER_COMMIT, { zero: DEFAULT_MAX_FILES_PER_COMMIT })),
	},
	{
		name: "HUBKIT_MAX_FILES_PER_REPO",
		section: "Uploads and limits",
		about: "files a repository may hold after a commit; more: 422 `TooManyFiles`",
		accepts: "a count",
		default: "`100000`",
		zero: "the default",
		reads: reads("maxFilesPerRepo", integer(DEFAULT_MAX_FILES_PER_REPO, { zero: DEFAULT_MAX_FILES_PER_REPO })),
	},
	// Accounts and abuse
	{
		name: "HUBKIT_SESSION_IDLE_DAYS",
		section: "Accounts and abuse",
		about: "browser sessions end after this many days without a request",
		accepts: "days",
		default: "`14`",
		zero: "the default",
		reads: reads("sessionIdleDays", integer(DEFAULT_SESSION_IDLE_DAYS, { zero: DEFAULT_SESSION_IDLE_DAYS })),
	},
	{
		name: "HUBKIT_SESSION_MAX_DAYS",
		section: "Accounts and abuse",
		about: "browser sessions end this many days after sign-in, however busy",
		accepts: "days",
		default: "`30`",
		zero: "the default",
		reads: reads("sessionMaxDays", integer(DEFAULT_SESSION_MAX_DAYS, { zero: DEFAULT_SESSION_MAX_DAYS })),
	},
	{
		name: "HUBKIT_SIGNUPS_PER_HOUR",
		section: "Accounts and abuse",
		about: "sign-up attempts an hour per client address (each costs a password hash)",
		accepts: "a count",
		default: "`10`",
		zero: "no limit",
		reads: reads("signUpsPerHour", integer(DEFAULT_SIGN_UPS_PER_HOUR)),
	},
	{
		name: "HUBKIT_ANON_RATE_LIMIT_PER_MINUTE",
		section: "Accounts and abuse",
		about: "hf-inference calls a minute per client address without a token",
		accepts: "a count",
		default: "`60`",
		zero: "a token is required",
		reads: reads("anonymousRateLimitPerMinute", integer(DEFAULT_ANON_RATE_LIMIT_PER_MINUTE)),
	},
	{
		name: "HUBKIT_ANON_RATE_LIMIT_BURST",
		section: "Accounts and abuse",
		about: "such calls one address may make at once before the per-minute rate applies",
		accepts: "a count",
		default: "`20`",
		zero: "1",
		reads: reads("anonymousRateLimitBurst", integer(DEFAULT_ANON_RATE_LIMIT_BURST, { zero: 1 })),
	},
	// Inference
	{
		name: "HUBKIT_PROVIDER_KEY_<PROVIDER>",
		section: "Inference",
		about: "the operator's key for a provider (`HUBKIT_PROVIDER_KEY_TOGETHER`, …; never printed)",
		accepts: "a key",
		default: "none",
		readBy: "router/provider-keys.ts",
	},
	{
		name: "HUBKIT_PROVIDER_URL_<PROVIDER>",
		section: "Inference",
		about: "a provider's base URL instead of its public one",
		accepts: "a URL",
		default: "the provider's own",
		readBy: "router/provider-keys.ts",
	},
	{
		name: "HUBKIT_PROVIDERS_FILE",
		section: "Inference",
		about: "JSON file of provider keys and URLs (the environment wins over it)",
		accepts: "a path",
		default: "none",
		reads: reads("providersFile", text()),
	},
	{
		name: "HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS",
		section: "Inference",
		about: "calls to providers and external servers: TCP and TLS connect deadline",
		accepts: "milliseconds",
		default: "`10000`",
		zero: "the default",
		reads: reads(
			"upstreamConnectTimeoutMs",
			integer(DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS, { zero: DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS }),
		),
	},
	{
		name: "HUBKIT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS",
		section: "Inference",
		about: "such calls: from the request sent to the answer's first byte",
		accepts: "milliseconds",
		default: "`300000`",
		zero: "the default",
		reads: reads(
			"upstreamFirstByteTimeoutMs",
			integer(DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS, { zero: DEFAULT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS }),
		),
	},
	{
		name: "HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS",
		section: "Inference",
		about: "such calls: longest silence inside an answer (no overall cap, so long streams live)",
		accepts: "milliseconds",
		default: "`120000`",
		zero: "the default",
		reads: reads(
			"upstreamIdleTimeoutMs",
			integer(DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS, { zero: DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS }),
		),
	},
	{
		name: "HUBKIT_ENDPOINTS",
		section: "Inference",
		about: "YAML or JSON file mapping models to OpenAI-compatible servers (vLLM, TGI, …)",
		accepts: "a path",
		default: "none: every hf-inference call runs locally",
		reads: reads("endpointsFile", text()),
	},
	{
		name: "HUBKIT_LOCAL_WORKERS",
		section: "Inference",
		about: "worker threads of the local runtime (hf-inference)",
		accepts: "a count",
		default: "`2` (`1` on a one-core machine)",
		zero: "the default",
		reads: reads("localRuntimeWorkers", integer(undefined, { zero: undefined })),
	},
	{
		name: "HUBKIT_LLAMA_IDLE_SECONDS",
		section: "Inference",
		about: "GGUF chat: seconds without calls before the warm model is released",
		accepts: "seconds",
		default: "`300`",
		zero: "the default",
		reads: reads("llamaIdleSeconds", integer(undefined, { zero: undefined })),
	},
	{
		name: "HUBKIT_LLAMA_THREADS",
		section: "Inference",
		about: "GGUF chat: llama.cpp's CPU threads",
		accepts: "a count",
		default: "node-llama-cpp's (the machine's cores)",
		zero: "the default",
		reads: reads("llamaThreads", integer(undefined, { zero: undefined })),
	},
	{
		name: "HUBKIT_LLAMA_QUEUE",
		section: "Inference",
		about: "GGUF chat: calls that may wait for the warm model; one more gets 429",
		accepts: "a count",
		default: "`8`",
		reads: reads("llamaQueue", integer(undefined)),
	},
	// Logs and metrics
	{
		name: "HUBKIT_LOG_FORMAT",
		section: "Logs and metrics",
		about: "`hubkit serve`'s log: lines for a person (`text`) or one JSON object a line (`json`)",
		accepts: "`text` or `json`",
		default: "`text`",
		reads: reads("logFormat", choice(["text", "json"], "text")),
	},
	{
		name: "HUBKIT_ACCESS_LOG",
		section: "Logs and metrics",
		about: "one log line per request, with its request id",
		accepts: "`on` or `off`",
		default: "`on` with `json`, `off` with `text`",
		reads: reads("accessLog", onOff()),
	},
	{
		name: "HUBKIT_METRICS_TOKEN",
		section: "Logs and metrics",
		about: "when set, `GET /metrics` (Prometheus) needs `Authorization: Bearer <it>` (never printed)",
		accepts: "a secret",
		default: "none: `/metrics` is open to anyone who reaches it",
		reads: reads("metricsToken", text()),
	},
];
