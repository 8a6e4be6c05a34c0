/**
 * Loads seed records into the database and the blob store. Records are read
 * from the iterable in batches: each batch's blobs are stored first, then its
 * rows go in with one transaction and a few multi-row inserts per table, so a
 * million-record generator streams through in bounded memory. Models that
 * already exist are left as they are, which makes seeding safe to repeat.
 */
import type { Kysely } from "kysely";
import { withIndexesDeferred } from "../db/bulk-load.js";
import type { DatabaseEngine } from "../db/engine.js";
import type { Database } from "../db/schema.js";
import { isReservedName } from "../reserved-names.js";
import { claimSiteNamespaces } from "../services/namespaces.js";
import { storeTrees } from "../services/trees.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { TreeEntryRecord } from "../storage/git-trees.js";
import { repoIdProblem, repoPathProblem } from "../storage/repo-path.js";
import { SeedBlobWriter } from "./seed-blobs.js";
import { withLocalMapping } from "./seed-capability.js";
import { type SeedFileBlob, type SeedRows, seedRows } from "./seed-rows.js";
import type { SeedFile, SeedModel } from "./types.js";

export interface SeedLoadOptions {
	/** Records per transaction. */
	batchSize?: number;
	/** Clock for the derived trending score. */
	now?: Date;
	/** Called after each batch with the number of records read so far. */
	onProgress?: (read: number) => void;
	/** Once aborted, no further record is read: the batch under way is written and the load ends. */
	signal?: AbortSignal;
}

export interface SeedLoadResult {
	/** Records written. */
	loaded: number;
	/** Records skipped because the model already existed. */
	skipped: number;
	files: number;
	seconds: number;
}

const DEFAULT_BATCH_SIZE = 2000;
/** Keeps every multi-row insert under both engines' bound-parameter limits. */
const MAX_PARAMETERS_PER_INSERT = 30_000;

function checkRecord(record: SeedModel): void {
	const [namespace = "", name = "", ...rest] = record.id.split("/");
	const problem = rest.length > 0 ? "Model ids have exactly one '/'" : repoIdProblem(namespace, name);
	if (problem) throw new Error(`Seed record ${JSON.stringify(record.id)}: ${problem}`);
	if (isReservedName(namespace)) {
		throw new Error(`Seed record ${record.id}: ${JSON.stringify(namespace)} is reserved for the hub's own pages`);
	}
	if (record.id.slice(0, record.id.indexOf("/")) !== record.author) {
		throw new Error(`Seed record ${record.id}: author ${JSON.stringify(record.author)} is not the id's namespace`);
	}
}

async function storeFiles(writer: SeedBlobWriter, record: SeedModel): Promise<SeedFileBlob[]> {
	// README.md comes from `readme`; a later entry with the same path replaces an earlier one.
	const byPath = new Map<string, SeedFile>([["README.md", { path: "README.md", content: record.readme }]]);
	for (const file of record.files) {
		const problem = repoPathProblem(file.path);
		if (problem) throw new Error(`Seed record ${record.id}: file ${JSON.stringify(file.path)}: ${problem}`);
		if (file.path !== "README.md") byPath.set(file.path, file);
	}
	const files = [...byPath.values()];
	return await Promise.all(
		files.map(async (file) => {
			if (file.content !== undefined) {
				const blob = await writer.content(file.content);
				return { path: file.path, size: blob.storedSize, blob };
			}
			const size = file.size ?? 0;
			return { path: file.path, size, blob: await writer.placeholder(size) };
		}),
	);
}

async function insertChunked<T extends keyof Database>(
	db: Kysely<Database>,
	table: T,
	rows: Record<string, unknown>[],
	conflictFree = false,
): Promise<void> {
	if (rows.length === 0) return;
	const columns = Object.keys(rows[0] as object).length;
	const chunk = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / columns));
	for (let start = 0; start < rows.length; start += chunk) {
		const query = db.insertInto(table).values(rows.slice(start, start + chunk) as never);
		await (conflictFree ? query.onConflict((conflict) => conflict.doNothing()) : query).execute();
	}
}

/** Tree ids a load has stored, so the small trees many seeded repositories share are sent once (bounded). */
const KNOWN_TREES_LIMIT = 100_000;

async function writeBatch(
	db: Kysely<Database>,
	batch: SeedRows[],
	blobs: Map<string, number>,
	knownTrees: Set<string>,
): Promise<void> {
	const trees = new Map<string, TreeEntryRecord[]>();
	for (const rows of batch) {
		for (const [oid, entries] of rows.trees) if (!knownTrees.has(oid)) trees.set(oid, entries);
	}
	await db.transaction().execute(async (trx) => {
		// The catalogue's namespaces belong to the site, never to whoever holds the name already.
		await claimSiteNamespaces(
			trx,
			batch.map((rows) => rows.model.author),
			{ contestHeld: true },
		);
		await insertChunked(
			trx,
			"blobs",
			[...blobs].map(([sha256, size]) => ({ sha256, size })),
			true,
		);
		await insertChunked(
			trx,
			"models",
			batch.map((rows) => rows.model),
		);
		await insertChunked(
			trx,
			"model_tags",
			batch.flatMap((rows) => rows.tags),
		);
		await insertChunked(
			trx,
			"model_apps",
			batch.flatMap((rows) => rows.apps),
		);
		await insertChunked(
			trx,
			"provider_mappings",
			batch.flatMap((rows) => rows.mappings),
		);
		await insertChunked(
			trx,
			"commits",
			batch.map((rows) => rows.commit),
		);
		await insertChunked(
			trx,
			"refs",
			batch.map((rows) => ({ repo_id: rows.commit.repo_id, name: "main", commit_sha: rows.commit.sha })),
		);
		// Stored unless already there: identical directories of different repositories are one tree.
		await storeTrees(trx, trees);
	});
	if (knownTrees.size > KNOWN_TREES_LIMIT) knownTrees.clear();
	for (const oid of trees.keys()) knownTrees.add(oid);
}

async function existingIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
	const rows = await db.selectFrom("models").select("id").where("id", "in", ids).execute();
	return new Set(rows.map((row) => row.id));
}

export interface SeedTarget {
	db: Kysely<Database>;
	blobStore: BlobStore;
	/** When given and the catalogue is empty, indexes are built once at the end instead of row by row. */
	engine?: DatabaseEngine;
}

export async function loadSeed(
	target: SeedTarget,
	records: Iterable<SeedModel>,
	options: SeedLoadOptions = {},
): Promise<SeedLoadResult> {
	const started = performance.now();
	const { engine } = target;
	const empty = !(await target.db.selectFrom("models").select("id").limit(1).executeTakeFirst());
	const result =
		engine && empty
			? await withIndexesDeferred(target.db, engine, () => loadRecords(target, records, options))
			: await loadRecords(target, records, options);
	result.seconds = (performance.now() - started) / 1000;
	return result;
}

async function loadRecords(
	target: SeedTarget,
	records: Iterable<SeedModel>,
	options: SeedLoadOptions,
): Promise<SeedLoadResult> {
	const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
	const now = options.now ?? new Date();
	const writer = new SeedBlobWriter(target.blobStore);
	const knownTrees = new Set<string>();
	const result: SeedLoadResult = { loaded: 0, skipped: 0, files: 0, seconds: 0 };
	let read = 0;
	let pending: SeedModel[] = [];

	const flush = async () => {
		const existing = await existingIds(
			target.db,
			pending.map((record) => record.id),
		);
		const seen = new Set<string>();
		const fresh = pending.filter((record) => {
			if (existing.has(record.id) || seen.has(record.id)) return false;
			seen.add(record.id);
			return true;
		});
		result.skipped += pending.length - fresh.length;
		const blobs = new Map<string, number>();
		const batch = await Promise.all(
			fresh.map(async (record) => {
				const files = await storeFiles(writer, record);
				for (const file of files) blobs.set(file.blob.sha256, file.blob.storedSize);
				// hf-inference is the runtime's to promise: live exactly when it can run the model (seed-capability.ts).
				const inferenceProviderMapping = await withLocalMapping(record);
				return seedRows({ ...record, inferenceProviderMapping }, files, now);
			}),
		);
		await writeBatch(target.db, batch, blobs, knownTrees);
		result.loaded += batch.length;
		result.files += batch.reduce((sum, rows) => sum + rows.fileCount, 0);
		pending = [];
		options.onProgress?.(read);
	};

	for (const record of records) {
		if (options.signal?.aborted) break;
		checkRecord(record);
		pending.push(record);
		read++;
		if (pending.length >= batchSize) await flush();
	}
	if (pending.length > 0) await flush();
	return result;
}
