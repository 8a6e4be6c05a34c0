/**
 * A real PostgreSQL server for one test run: Debian's binaries, a fresh cluster
 * in a temporary directory, listening on a free port on 127.0.0.1 (its unix
 * socket stays in that directory, away from the system's /var/run/postgresql).
 * PostgreSQL refuses to run as root, so under root (CI) every command runs as
 * the `postgres` system user, which owns the directory; otherwise as the
 * current user. It is a throw-away server: durability settings are off.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

declare module "vitest" {
	export interface ProvidedContext {
		/** The test server's superuser URL (postgres-global-setup.ts); empty when HUBKIT_TEST_PG=pglite. */
		postgresAdminUrl: string;
	}
}

export interface PostgresServer {
	/** The superuser's URL to the `postgres` database, for CREATE/DROP DATABASE. */
	adminUrl: string;
	/** Stops the server and removes its directory; safe to call twice and from an exit handler. */
	stop(): void;
}

const SUPERUSER = "postgres";
const SYSTEM_USER = "postgres";
/** Each test database's hubs open pools of 10; several files run at once and some start several hubs. */
const MAX_CONNECTIONS = 300;
/** A free port picked here may be taken before the server binds it; then another is tried. */
const START_ATTEMPTS = 4;

const INSTALL_HINT =
	"The hub's PostgreSQL tests start a real PostgreSQL server and need its binaries " +
	"(initdb, pg_ctl): `apt-get install postgresql` (Debian), or set HUBKIT_TEST_PG=pglite " +
	"to run them on PGlite instead.";

/** The newest Debian PostgreSQL (/usr/lib/postgresql/<major>/bin), else initdb on PATH. */
export function findPostgresBinaries(): string {
	const debianRoot = "/usr/lib/postgresql";
	const majors = existsSync(debianRoot)
		? readdirSync(debianRoot)
				.filter((name) => /^\d+$/.test(name) && existsSync(join(debianRoot, name, "bin", "initdb")))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (majors[0]) return join(debianRoot, majors[0], "bin");
	for (const dir of (process.env.PATH ?? "").split(":")) {
		if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
	}
	throw new Error(`PostgreSQL is not installed. ${INSTALL_HINT}`);
}

export async function startPostgresServer(): Promise<PostgresServer> {
	const bin = findPostgresBinaries();
	const asRoot = process.getuid?.() === 0;
	const dir = mkdtempSync(join(tmpdir(), "hubkit-test-pg-"));
	const dataDir = join(dir, "data");
	const logFile = join(dir, "server.log");
	let stopped = false;
	const removeDirectory = () => rmSync(dir, { recursive: true, force: true });

	/** Runs a PostgreSQL binary as the user that owns the cluster; throws with its output when it fails. */
	const run = (program: string, args: string[]): void => {
		const command = asRoot ? "runuser" : join(bin, program);
		const commandArgs = asRoot ? ["-u", SYSTEM_USER, "--", join(bin, program), ...args] : args;
		// cwd: the postgres user may not be allowed into the directory the tests were started from.
		const result = spawnSync(command, commandArgs, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
		if (result.status !== 0) {
			const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim();
			throw new Error(`${program} ${args[0] ?? ""} failed (exit ${result.status}): ${output}`);
		}
	};

	try {
		if (asRoot) {
			const owner = systemUser(SYSTEM_USER);
			chownSync(dir, owner.uid, owner.gid);
		}
		// --no-sync and fsync=off: nothing here needs to survive a power cut, and syncing is most of initdb's time.
		// Locale C: ids sort byte by byte, as SQLite (and PGlite) sort them.
		run("initdb", ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
		let port = 0;
		for (let attempt = 1; ; attempt++) {
			port = await freeLoopbackPort();
			const options = [
				"-c listen_addresses=127.0.0.1",
				`-c port=${port}`,
				`-c unix_socket_directories=${dir}`,
				`-c max_connections=${MAX_CONNECTIONS}`,
				"-c fsync=off",
				"-c synchronous_commit=off",
				"-c full_page_writes=off",
			].join(" ");
			try {
				run("pg_ctl", ["start", "-D", dataDir, "-w", "-t", "60", "-l", logFile, "-o", options]);
				break;
			} catch (error) {
				const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
				if (attempt < START_ATTEMPTS && /could not bind|address already in use/i.test(log)) continue;
				throw new Error(`${(error as Error).message}\n${log}`);
			}
		}
		return {
			adminUrl: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
			stop() {
				if (stopped) return;
				stopped = true;
				try {
					// immediate: the cluster is thrown away, so no shutdown checkpoint is worth waiting for.
					run("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-w"]);
				} finally {
					removeDirectory();
				}
			},
		};
	} catch (error) {
		removeDirectory();
		throw error;
	}
}

function systemUser(name: string): { uid: number; gid: number } {
	const line = readFileSync("/etc/passwd", "utf8")
		.split("\n")
		.find((entry) => entry.startsWith(`${name}:`));
	const [, , uid, gid] = line?.split(":") ?? [];
	if (uid === undefined || gid === undefined) {
		throw new Error(
			`Running as root, the PostgreSQL test server runs as the "${name}" user, which does not exist. ${INSTALL_HINT}`,
		);
	}
	return { uid: Number(uid), gid: Number(gid) };
}

function freeLoopbackPort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			const port = typeof address === "object" && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}
