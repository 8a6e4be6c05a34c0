/**
 * A throwaway Debian PostgreSQL 15 for the benchmarks: a fresh cluster in a
 * temporary directory owned by the `postgres` system user (the server refuses
 * to run as root), listening on a free loopback port, trust authentication.
 *
 *   const pg = await startPostgres();  // { url, stop() }
 *   node bench/lib/postgres.mjs        // starts one, prints its URL, stops on Ctrl-C
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/** Runs a PostgreSQL program as the `postgres` user when we are root (as CI is), else as ourselves. */
function asPostgres(program, args) {
	const command =
		process.getuid?.() === 0
			? ["runuser", ["-u", "postgres", "--", join(BIN, program), ...args]]
			: [join(BIN, program), args];
	const result = spawnSync(command[0], command[1], { encoding: "utf8" });
	if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
	return result.stdout;
}

/**
 * Settings for a benchmark on a small shared machine: enough shared buffers to
 * hold a million-model catalogue's hot indexes, no fsync wait per commit.
 */
const SETTINGS = [
	"shared_buffers=1GB",
	"work_mem=16MB",
	"maintenance_work_mem=512MB",
	"synchronous_commit=off",
	"max_wal_size=4GB",
];

export async function startPostgres({ settings = SETTINGS } = {}) {
	const dir = mkdtempSync(join(tmpdir(), "hubkit-pg-"));
	chmodSync(dir, 0o755);
	if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
	const dataDir = join(dir, "data");
	asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]);
	const port = await freePort();
	const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-k ${dir}`, ...settings.map((s) => `-c ${s}`)].join(
		" ",
	);
	asPostgres("pg_ctl", ["-D", dataDir, "-l", join(dir, "server.log"), "-o", options, "-w", "start"]);
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		dataDir,
		stop() {
			try {
				asPostgres("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	};
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const pg = await startPostgres();
	console.log(pg.url);
	const stop = () => {
		pg.stop();
		process.exit(0);
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
	setInterval(() => {}, 1 << 30);
}
