/**
 * `hubkit <command> --help`: what each command does and takes, and for `serve`
 * every environment variable the hub reads, rendered from their declaration
 * (config-variables.ts; test/cli-help.test.ts checks that each `HUBKIT_*` name in
 * the source is listed here and in the README's table).
 */
import { environmentHelp } from "../config-docs.js";
import { NAMESPACES_HELP } from "./namespaces.js";
import { MIGRATE_HELP } from "./sqlite-to-postgres.js";

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
${environmentHelp()}`,
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
		() => `Usage: hubkit mirror owner/name --from URL [--revision R] [--include GLOB]… [--exclude GLOB]… [--type model|dataset] [--to owner/name] [--data .hubkit]

Copies one revision of a repository from another hub (HF_TOKEN: a token of the source hub).
--revision: a branch or tag (it becomes the mirror's branch or tag of that name) or a commit id;
default main. --include/--exclude: shell-style patterns on the path (as huggingface_hub's
allow_patterns/ignore_patterns; repeat them): only the files they want are fetched, the others'
LFS files are listed and fetched on first download by a hub run with HUBKIT_UPSTREAM (regular
files are always copied). Run again, it fetches only what is new or changed and says how many
files it fetched and how many were already here.

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
