/**
 * `hubkit migrate --from sqlite:PATH --to postgres://…`: moves a hub's database
 * from the embedded SQLite file to PostgreSQL (db/copy-database.ts does the
 * copy). Files stay where they are: the new hub is started with the same blob
 * store (the same `--data` directory, or the same object store).
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { CopyRefused, copyDatabase } from "../db/copy-database.js";
import { migrateToLatest } from "../db/migrate.js";
import { openDatabase, SQLITE_FILE_NAME } from "../db/open.js";
import type { Database } from "../db/schema.js";
import { CommandError, table, UsageError } from "./shared.js";

export const MIGRATE_HELP = `Usage: hubkit migrate --from sqlite:PATH --to postgres://USER@HOST:PORT/DB

Copies every table of a hub's SQLite database (users, tokens, sessions, organisations,
models, datasets, commits, refs, tags, likes, access requests, LFS objects, OAuth apps…)
into an empty PostgreSQL database, then prints each table's row count on both sides.

  --from sqlite:PATH   the hub's data directory (holding ${SQLITE_FILE_NAME}) or the file itself
  --to URL             the target database; DATABASE_URL when left out (keeps a password
                       out of the process list). Never printed.

Both databases are first brought to the newest schema (the source as \`hubkit serve\` would).
The target must be empty: the command refuses a database that holds any hub data.
The copy is one transaction: it lands whole, with every count checked, or not at all
(run it again after fixing the cause). Stop the hub first, or the copy is the database as it
was when the copy began. Files are not moved: start the new hub with the same blob store
(the same --data directory). Then: DATABASE_URL=postgres://… hubkit serve --data PATH`;

function sourceFile(from: string | undefined): string {
	if (!from?.startsWith("sqlite:")) throw new UsageError("--from must be sqlite:PATH");
	const path = from.slice("sqlite:".length);
	if (!existsSync(path)) throw new CommandError(`No such file or directory: ${path}`);
	const file = statSync(path).isDirectory() ? join(path, SQLITE_FILE_NAME) : path;
	if (!existsSync(file)) throw new CommandError(`No hub database in ${path} (expected ${SQLITE_FILE_NAME})`);
	return file;
}

function targetUrl(to: string | undefined): string {
	const url = to ?? process.env.DATABASE_URL;
	if (!url) throw new UsageError("--to postgres://… (or DATABASE_URL) is required");
	if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError("--to must start with postgres:// or postgresql://");
	return url;
}

export async function migrateCommand(args: string[]): Promise<void> {
	const { values } = parseArgs({
		args,
		options: { from: { type: "string" }, to: { type: "string" }, help: { type: "boolean", short: "h" } },
	});
	if (values.help) {
		process.stdout.write(`${MIGRATE_HELP}\n`);
		return;
	}
	const file = sourceFile(values.from);
	const url = targetUrl(values.to);
	const sqlite = new SQLite(file);
	// A hub still running on the file may hold the write lock for a moment.
	sqlite.pragma("busy_timeout = 5000");
	const source = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
	const target = openDatabase({ dataDir: "", databaseUrl: url, databasePoolSize: 2 });
	try {
		await migrateToLatest(source, "sqlite");
		await migrateToLatest(target.db, "postgres");
		const started = performance.now();
		let lastReport = started;
		const counts = await copyDatabase(source, target.db, {
			onProgress: (name, rows) => {
				if (performance.now() - lastReport < 5000) return;
				lastReport = performance.now();
				process.stderr.write(`  ${name}: ${rows} rows\n`);
			},
		});
		process.stdout.write(
			table(
				["TABLE", "SOURCE", "TARGET"],
				counts.map((count) => [count.table, String(count.source), String(count.target)]),
			),
		);
		const total = counts.reduce((sum, count) => sum + count.target, 0);
		const seconds = (performance.now() - started) / 1000;
		process.stderr.write(`Copied ${total} rows in ${counts.length} tables in ${seconds.toFixed(1)} s; counts match\n`);
	} catch (error) {
		if (error instanceof CopyRefused) throw new CommandError(error.message);
		throw error;
	} finally {
		await source.destroy();
		await target.close();
	}
}
