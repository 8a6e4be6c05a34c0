/**
 * `hubkit <command> --help`: what each command does and takes, and for `serve`
 * every environment variable the hub reads (test/cli-help.test.ts checks that
 * each `HUBKIT_*` name in the source is listed here and in the README's table).
 */

import { NAMESPACES_HELP } from "./namespaces.js";
import { MIGRATE_HELP } from "./sqlite-to-postgres.js";

/** [variable, what it sets and its default]. */
export const ENVIRONMENT: readonly (readonly [string, string])[] = [
	["DATABASE_URL", "postgres://… selects PostgreSQL (never printed); unset: SQLite in the data directory"],
	["HUBKIT_PORT", "port to listen on (default 8787; --port wins)"],
	["HUBKIT_HOST", "address to listen on (default 127.0.0.1; --host wins)"],
	["HUBKIT_DATA_DIR", "data directory: SQLite file and blobs (default .hubkit; --data wins)"],
	["HUBKIT_DATABASE_POOL_SIZE", "PostgreSQL pool connections (default 10)"],
	["HUBKIT_PUBLIC_URL", "where clients reach the hub; absolute URLs in answers start with it"],
	["HUBKIT_TRUST_PROXY", "reverse proxies in front whose X-Forwarded-* to trust (default 0)"],
	[
		"HUBKIT_MAX_CONNECTIONS_PER_ADDRESS",
		"open connections one client address may hold (default 256; 0: no limit, the default behind HUBKIT_TRUST_PROXY)",
	],
	["HUBKIT_WEB_URL", "the site's web server: paths no hub route answers are forwarded there"],
	["HUBKIT_SHUTDOWN_GRACE_MS", "after SIGTERM, time for requests in flight (default 10000)"],
	["HUBKIT_LOG_FORMAT", "text (default: lines for a person) or json (one JSON object a line, for a collector)"],
	["HUBKIT_ACCESS_LOG", "on or off: one line per request (default: on with json, off with text)"],
	["HUBKIT_METRICS_TOKEN", "when set, GET /metrics needs Authorization: Bearer <it> (default: open)"],
	["HUBKIT_BODY_LIMIT_BYTES", "body limit of the API's JSON routes (default 1048576)"],
	["HUBKIT_ROUTER_BODY_LIMIT_BYTES", "body limit of inference calls (default 33554432)"],
	["HUBKIT_UPLOAD_BODY_LIMIT_BYTES", "body limit of uploads (default 5368709120)"],
	["HUBKIT_LFS_CHUNK_BYTES", "part size of multipart LFS uploads (default 67108864)"],
	["HUBKIT_SESSION_IDLE_DAYS", "browser sessions end after this many idle days (default 14)"],
	["HUBKIT_SESSION_MAX_DAYS", "browser sessions end this many days after sign-in (default 30)"],
	[
		"HUBKIT_ANON_RATE_LIMIT_PER_MINUTE",
		"hf-inference calls a minute per address without a token (default 60; 0: token required)",
	],
	["HUBKIT_ANON_RATE_LIMIT_BURST", "such calls at once before the rate applies (default 20)"],
	["HUBKIT_SIGNUPS_PER_HOUR", "sign-up attempts an hour per client address (default 10; 0: no limit)"],
	["HUBKIT_PROVIDER_KEY_<PROVIDER>", "the operator's key for a provider (e.g. HUBKIT_PROVIDER_KEY_TOGETHER)"],
	["HUBKIT_PROVIDER_URL_<PROVIDER>", "a provider's base URL instead of its public one"],
	["HUBKIT_PROVIDERS_FILE", "JSON file of provider keys and URLs (the environment wins over it)"],
	["HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS", "provider calls: connect deadline (default 10000)"],
	["HUBKIT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS", "provider calls: first byte deadline (default 300000)"],
	["HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS", "provider calls: longest silence in an answer (default 120000)"],
	["HUBKIT_ENDPOINTS", "YAML or JSON file mapping models to OpenAI-compatible servers (vLLM, TGI, …)"],
	["HUBKIT_BLOB_STORE", "s3://bucket/prefix keeps files in an S3-compatible store (default: <data>/blobs)"],
	["HUBKIT_S3_ENDPOINT", "the S3 API's URL for the hub (default AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or AWS)"],
	["HUBKIT_S3_FORCE_PATH_STYLE", "1 or 0: bucket in the path (default 1 with a custom endpoint)"],
	["HUBKIT_S3_PART_BYTES", "S3 multipart part size; two parts per upload in memory (default 16777216)"],
	["HUBKIT_S3_PRESIGN_DOWNLOADS", "1: LFS downloads get a 302 to a presigned S3 link (default 0: streamed)"],
	["HUBKIT_S3_PUBLIC_ENDPOINT", "the S3 endpoint written into presigned links (default the hub's)"],
	["HUBKIT_STORAGE_QUOTA_BYTES", "bytes each user and organisation may keep in its repositories (default: no limit)"],
	[
		"HUBKIT_GC_INTERVAL_MINUTES",
		"minutes between the hub's gc runs, which remove unreferenced blobs (default 360; 0: off)",
	],
	["HUBKIT_GC_GRACE_MINUTES", "gc never removes a blob written less than this long ago (default 1440)"],
	["HUBKIT_UPLOAD_REFUSED_TYPES", "extensions people may not upload (default .exe,.msi,.scr,.com,.bat,.cmd,.vbs,.ps1)"],
	["HUBKIT_MAX_FILES_PER_COMMIT", "files one commit may add or delete (default 20000)"],
	["HUBKIT_MAX_FILES_PER_REPO", "files a repository may hold (default 100000)"],
	["HUBKIT_LOCAL_WORKERS", "local runtime worker threads (default 2, or 1 on a one-core machine)"],
	["HUBKIT_LLAMA_IDLE_SECONDS", "GGUF chat: idle seconds before the warm model is released (default 300)"],
	["HUBKIT_LLAMA_THREADS", "GGUF chat: llama.cpp CPU threads (default node-llama-cpp's)"],
	["HUBKIT_LLAMA_QUEUE", "GGUF chat: calls that may wait for the model; one more gets 429 (default 8)"],
];

const environmentText = (): string => {
	const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));
	return ENVIRONMENT.map(([name, about]) => `  ${name.padEnd(width)}  ${about}`).join("\n");
};

const DATA = "  --data DIR   the data directory (default .hubkit, or HUBKIT_DATA_DIR); DATABASE_URL selects PostgreSQL";

/** Per command: what it does and its flags. */
const COMMAND_HELP: Record<string, () => string> = {
	serve: () => `Usage: hubkit serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]

Runs the hub: the HTTP API, the file store, the inference router and the local runtime.
Migrates the database and seeds the sample catalogue on first start. SIGTERM or SIGINT
stops it after the requests in flight (HUBKIT_SHUTDOWN_GRACE_MS).

  --port N     port to listen on (0 picks a free one)
  --host ADDR  address to listen on
${DATA}

Logs: plain lines by default; HUBKIT_LOG_FORMAT=json for one JSON object a line with the
request id (and an access line per request). Metrics: GET /metrics (Prometheus).
API reference: GET /api/docs, and /api/openapi.json.

Environment:
${environmentText()}`,
	seed: () => `Usage: hubkit seed [--synthetic N] [--seed S] [--data .hubkit]

Loads the sample catalogue (default) or N synthetic models into the database.

  --synthetic N  that many generated models instead of the sample catalogue
  --seed S       the generator's seed (same seed, same models)

${DATA}`,
	token: () => `Usage:
  hubkit token create --user NAME [--role read|write] [--name LABEL] [--data .hubkit]
  hubkit token list --user NAME [--data .hubkit]
  hubkit token revoke ID [--data .hubkit]

Access tokens. create prints the token alone on stdout (shown once; stored hashed);
list shows ids, names, roles and last use, never a secret; revoke ends one at once.

${DATA}`,
	user: () => `Usage:
  hubkit user create NAME --email E --password-stdin [--admin] [--data .hubkit]
  hubkit user list [--data .hubkit]
  hubkit user show NAME [--data .hubkit]
  hubkit user disable NAME [--data .hubkit]
  hubkit user reset-password NAME --password-stdin [--data .hubkit]

Accounts. Passwords are read from standard input, never from a flag. show prints the account
and the storage its repositories use against HUBKIT_STORAGE_QUOTA_BYTES.

${DATA}`,
	"oauth-app": () => `Usage:
  hubkit oauth-app create --name N --redirect-uri URL [--redirect-uri URL …] [--public] [--data .hubkit]
  hubkit oauth-app list [--data .hubkit]
  hubkit oauth-app delete CLIENT_ID [--data .hubkit]

Apps that sign people in with the hub (OAuth 2.0 / OpenID Connect). create prints
client_id (and client_secret for a confidential app, shown once); --public makes a PKCE app.

${DATA}`,
	import:
		() => `Usage: hubkit import PATH --repo owner/name [--type model|dataset] [--private] [--message M] [--data .hubkit]

Commits a local folder as a repository (created when new), large files through LFS.

${DATA}`,
	mirror:
		() => `Usage: hubkit mirror owner/name --from URL [--revision R] [--type model|dataset] [--to owner/name] [--data .hubkit]

Copies a repository from another hub (HF_TOKEN: a token of the source hub).

${DATA}`,
	check: () => `Usage: hubkit check [--deep] [--data .hubkit]

Checks that every commit's files are in the blob store; --deep re-hashes them.

${DATA}`,
	gc: () => `Usage: hubkit gc [--dry-run] [--grace-minutes N] [--data .hubkit]

Removes the blobs nothing references any more (deleted repositories, rewritten history, uploads
never committed, replaced avatars), safely while hubs serve: blobs written within the grace period
(HUBKIT_GC_GRACE_MINUTES, default 1440; --grace-minutes wins) stay, and one gc runs at a time
across every hub of the database. --dry-run prints what would go and the bytes, removing nothing.
Hubs also run it every HUBKIT_GC_INTERVAL_MINUTES.

${DATA}`,
	migrate: () => MIGRATE_HELP,
	namespaces: () => NAMESPACES_HELP,
	backup: () => `Usage: hubkit backup PATH [--data .hubkit]

Copies an embedded hub (SQLite and blobs on disk) into the new folder PATH while it serves:
SQLite's online backup of the database, then the blobs. With DATABASE_URL or an S3 store, use
those services' own tools (docs/deploy.md, "Backup and restore").

${DATA}`,
	restore: () => `Usage: hubkit restore PATH [--data .hubkit]

Puts a backup made by \`hubkit backup\` into an empty data directory, brings its schema up to
date and checks that every file a revision names is there. Stop any hub using the directory.

${DATA}`,
};

/** The help of `command`: its own text, or its lines of the overall usage (`usage`). */
export function commandHelp(command: string, usage: string): string | undefined {
	const own = COMMAND_HELP[command];
	if (own) return own();
	const lines = usage.split("\n").filter((line) => line.trim().startsWith(`hubkit ${command} `));
	return lines.length > 0 ? `Usage:\n${lines.join("\n")}` : undefined;
}

/** `--help` or `-h` among a command's arguments. */
export function wantsHelp(args: readonly string[]): boolean {
	return args.includes("--help") || args.includes("-h");
}
