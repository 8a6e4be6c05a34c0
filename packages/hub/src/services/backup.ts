/**
 * `hubkit backup` and `hubkit restore` for the embedded default: the SQLite database and the
 * blobs on disk. The database is copied with SQLite's online backup, a consistent snapshot even
 * while a hub writes; the blobs are copied after it. Blobs are named by content and stored before
 * any commit names them, so every blob the snapshot refers to is already on disk when the copy
 * starts; blobs written later are copied too and are harmless. Uploads in progress (`lfs-parts/`)
 * and the mirror's work files are not part of a backup.
 *
 * PostgreSQL and S3 have their own tools for this (docs/deploy.md, "Backup and restore").
 */
import { constants } from "node:fs";
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { SQLITE_FILE_NAME } from "../db/open.js";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "../storage/disk-store.js";

/** The file that says a folder is a Hubkit backup, and of what. */
export const BACKUP_MANIFEST = "hubkit-backup.json";
const BACKUP_FORMAT = 1;

export interface BackupManifest {
	format: number;
	createdAt: string;
	database: string;
	blobs: number;
	blobBytes: number;
}

/** The backup or restore could not be done as asked; nothing outside the target was changed. */
export class BackupError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "BackupError";
	}
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
	try {
		return (await readdir(folder)).length === 0;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
		throw error;
	}
}

/** Copies `blobs/ab/<the other 62 hex digits>` from one root to another; returns how many and their bytes. */
async function copyBlobs(fromRoot: string, toRoot: string): Promise<{ blobs: number; bytes: number }> {
	const from = join(fromRoot, "blobs");
	const to = join(toRoot, "blobs");
	await mkdir(to, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
	let blobs = 0;
	let bytes = 0;
	let prefixes: string[];
	try {
		prefixes = await readdir(from);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { blobs, bytes };
		throw error;
	}
	for (const prefix of prefixes.sort()) {
		if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
		await mkdir(join(to, prefix), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
		for (const name of (await readdir(join(from, prefix))).sort()) {
			if (!/^[0-9a-f]{62}$/.test(name)) continue;
			const target = join(to, prefix, name);
			// COPYFILE_EXCL: a restore never overwrites; the copy lands with the source's private mode.
			await copyFile(join(from, prefix, name), target, constants.COPYFILE_EXCL);
			blobs += 1;
			bytes += (await stat(target)).size;
		}
	}
	return { blobs, bytes };
}

/** Writes a backup of the data directory `dataDir` into `target`, which must be empty or missing. */
export async function backupDataDirectory(dataDir: string, target: string): Promise<BackupManifest> {
	const database = join(dataDir, SQLITE_FILE_NAME);
	try {
		await stat(database);
	} catch {
		throw new BackupError(`No hub database at ${database}: is --data the hub's data directory?`);
	}
	if (!(await isEmptyOrMissing(target))) throw new BackupError(`${target} is not empty: back up into a new folder`);
	await mkdir(target, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });

	const sqlite = new SQLite(database, { fileMustExist: true });
	try {
		sqlite.pragma("busy_timeout = 5000");
		await sqlite.backup(join(target, SQLITE_FILE_NAME));
	} finally {
		sqlite.close();
	}
	const copied = await copyBlobs(dataDir, target);
	const manifest: BackupManifest = {
		format: BACKUP_FORMAT,
		createdAt: new Date().toISOString(),
		database: SQLITE_FILE_NAME,
		blobs: copied.blobs,
		blobBytes: copied.bytes,
	};
	await writeFile(join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
		mode: PRIVATE_FILE_MODE,
	});
	return manifest;
}

/** Puts a backup made by `backupDataDirectory` into `dataDir`, which must hold no hub yet. */
export async function restoreDataDirectory(source: string, dataDir: string): Promise<BackupManifest> {
	let manifest: BackupManifest;
	try {
		manifest = JSON.parse(await readFile(join(source, BACKUP_MANIFEST), "utf8")) as BackupManifest;
	} catch {
		throw new BackupError(`${source} is not a Hubkit backup (no readable ${BACKUP_MANIFEST})`);
	}
	if (manifest.format !== BACKUP_FORMAT) {
		throw new BackupError(`${source} is a backup of format ${manifest.format}; this hub reads format ${BACKUP_FORMAT}`);
	}
	if (!(await isEmptyOrMissing(dataDir))) {
		throw new BackupError(`${dataDir} is not empty: restore into a new data directory (and stop any hub using it)`);
	}
	await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
	await copyFile(join(source, SQLITE_FILE_NAME), join(dataDir, SQLITE_FILE_NAME), constants.COPYFILE_EXCL);
	const copied = await copyBlobs(source, dataDir);
	if (copied.blobs !== manifest.blobs) {
		throw new BackupError(`The backup lists ${manifest.blobs} blobs but ${copied.blobs} were found in it`);
	}
	return manifest;
}
