/**
 * `hubkit backup PATH` and `hubkit restore PATH`: a copy of an embedded hub (SQLite and blobs on
 * disk) taken while it serves, and put back into a new data directory. A hub on PostgreSQL or an
 * S3 store is backed up with those services' own tools (docs/deploy.md).
 */
import { parseArgs } from "node:util";
import { BackupError, backupDataDirectory, restoreDataDirectory } from "../services/backup.js";
import { checkIntegrity } from "../services/integrity.js";
import { CommandError, configFrom, UsageError, withHub } from "./shared.js";

function onePath(positionals: string[], command: string): string {
	const [path, ...extra] = positionals;
	if (!path || extra.length > 0) throw new UsageError(`Give one folder: hubkit ${command} PATH`);
	return path;
}

function embeddedOnly(values: { data?: string }, command: string): string {
	const config = configFrom(values);
	if (config.databaseUrl) {
		throw new CommandError(
			`hubkit ${command} is for the embedded database; with DATABASE_URL use pg_dump / pg_restore (docs/deploy.md, "Backup and restore")`,
		);
	}
	return config.dataDir;
}

async function asCommandError<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof BackupError) throw new CommandError(error.message);
		throw error;
	}
}

export async function backupCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const target = onePath(positionals, "backup");
	const dataDir = embeddedOnly(values, "backup");
	const manifest = await asCommandError(() => backupDataDirectory(dataDir, target));
	process.stderr.write(
		`Backed up ${dataDir} into ${target}: the database and ${manifest.blobs} blobs (${manifest.blobBytes} bytes)\n`,
	);
}

export async function restoreCommand(args: string[]): Promise<void> {
	const { values, positionals } = parseArgs({ args, options: { data: { type: "string" } }, allowPositionals: true });
	const source = onePath(positionals, "restore");
	const dataDir = embeddedOnly(values, "restore");
	const manifest = await asCommandError(() => restoreDataDirectory(source, dataDir));
	// Opening the hub brings an older backup's schema up to date; the check proves the copy whole.
	await withHub(values, async (hub) => {
		const report = await checkIntegrity(hub.deps);
		if (report.problems.length > 0) {
			for (const problem of report.problems) process.stdout.write(`${problem}\n`);
			throw new CommandError(`Restored, but ${report.problems.length} problems were found (above)`);
		}
		process.stderr.write(
			`Restored the backup of ${manifest.createdAt} into ${dataDir}: ${report.repositories} repositories, ${report.commits} commits, ${manifest.blobs} blobs\n`,
		);
	});
}
