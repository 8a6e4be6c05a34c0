/**
 * The storage quota (`HUBKIT_STORAGE_QUOTA_BYTES`): how many bytes each user and each
 * organisation may keep in its repositories. A namespace's usage is the bytes of the distinct
 * blobs its repositories reference: the files of every commit of their history (a file kept
 * across commits counts once; the same bytes in two of its repositories count once), LFS objects
 * uploaded for them and not committed yet, and LFS uploads under way (their announced size).
 * Files uploaded through Xet are stored twice (services/xet-cas.ts), and both count: the file's
 * blob as above, and the xorbs it is made of. A xorb is charged to every namespace holding a
 * file made from it (as a blob two namespaces hold counts for each); until a shard names it, to
 * the namespace whose write token uploaded it.
 * Avatars and what operators write (`hubkit import`, `mirror`, the seed) are not held to it.
 *
 * Checked where users add bytes, before any byte is stored: preupload (the sizes announced),
 * the LFS batch (each object), the NDJSON commit's inline files, repository creation with
 * files, and Xet uploads (each new xorb; each shard's files and the xorbs of other namespaces
 * they are made of). An upload that would go over is a 413 `StorageQuotaExceeded` naming usage and limit.
 */
import { type Kysely, sql } from "kysely";
import type { HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";
import { HubError } from "../errors.js";
import { UNCOMMITTED_OBJECT_RETENTION_MS } from "./blob-references.js";
import { blobsOfCommits } from "./trees.js";
import { unnamedXorbsOf, xorbsOfFiles } from "./xet-store.js";

export interface NamespaceUsage {
	bytes: number;
	/** The blobs counted, by address. */
	blobs: Set<string>;
}

/** What the settings page, `hubkit user show` and the admin API report. */
export interface StorageReport {
	usedBytes: number;
	/** null: no limit. */
	quotaBytes: number | null;
}

/** The bytes of the distinct blobs the namespace's repositories reference (see the top of this file). */
export async function namespaceUsage(
	db: Kysely<Database>,
	namespace: string,
	now = new Date(),
): Promise<NamespaceUsage> {
	// Repo keys (services/repos.ts): the id for a model, `datasets/{id}` for a dataset.
	const repoKeys = (column: "repo_id" | "commits.repo_id") =>
		sql<boolean>`(${sql.ref(column)} in (select id from models where author = ${namespace}) or ${sql.ref(column)} in (select ${sql.lit("datasets/")} || id from datasets where author = ${namespace}))`;
	const committed = await blobsOfCommits(db, repoKeys("commits.repo_id"));
	const since = new Date(now.getTime() - UNCOMMITTED_OBJECT_RETENTION_MS).toISOString();
	const claimed = await db
		.selectFrom("lfs_objects")
		.select(["oid as sha256", "size"])
		.where(repoKeys("repo_id"))
		.where("created_at", ">=", since)
		.where("size", "is not", null)
		.execute();
	const uploading = await db
		.selectFrom("lfs_uploads")
		.select(["oid as sha256", "size"])
		.where(repoKeys("repo_id"))
		.where("expires_at", ">=", now.toISOString())
		.execute();
	const sizes = new Map<string, number>();
	for (const row of [...committed, ...claimed, ...uploading]) {
		sizes.set(row.sha256, Math.max(sizes.get(row.sha256) ?? 0, Number(row.size ?? 0)));
	}
	// Xet files are kept twice: as the blob counted above and as the xorbs they are made of.
	for (const xorb of [...(await xorbsOfFiles(db, [...sizes.keys()])), ...(await unnamedXorbsOf(db, namespace))]) {
		sizes.set(xorb.blobSha256, xorb.size);
	}
	let bytes = 0;
	for (const size of sizes.values()) bytes += size;
	return { bytes, blobs: new Set(sizes.keys()) };
}

export async function storageReport(
	db: Kysely<Database>,
	config: Pick<HubConfig, "storageQuotaBytes">,
	namespace: string,
): Promise<StorageReport> {
	return { usedBytes: (await namespaceUsage(db, namespace)).bytes, quotaBytes: config.storageQuotaBytes ?? null };
}

/** A user's or organisation's storage report, or undefined when no account has that name. */
export async function accountStorage(
	db: Kysely<Database>,
	config: Pick<HubConfig, "storageQuotaBytes">,
	name: string,
): Promise<({ name: string; kind: string } & StorageReport) | undefined> {
	const account = await db.selectFrom("users").select(["name", "kind"]).where("name", "=", name).executeTakeFirst();
	if (!account) return undefined;
	return { name: account.name, kind: account.kind, ...(await storageReport(db, config, account.name)) };
}

/** What one request adds: a blob's address when known (bytes the namespace holds already add nothing), and its size. */
export interface Addition {
	sha256?: string;
	size: number;
}

/**
 * The running total of one request's additions against the namespace's quota, so each line of a
 * commit is checked as it arrives. No limit configured: every `add` passes without a query.
 */
export class StorageBudget {
	readonly #db: Kysely<Database>;
	readonly #limit: number | undefined;
	readonly #namespace: string;
	#usage: Promise<NamespaceUsage> | undefined;
	#added = 0;
	/** Additions are counted one call after another: lines of one commit are stored concurrently. */
	#queue: Promise<unknown> = Promise.resolve();

	constructor(db: Kysely<Database>, config: Pick<HubConfig, "storageQuotaBytes">, namespace: string) {
		this.#db = db;
		this.#limit = config.storageQuotaBytes;
		this.#namespace = namespace;
	}

	/** Whether a limit is configured (callers skip hashing for `add` without one). */
	get limited(): boolean {
		return this.#limit !== undefined;
	}

	/** Counts the additions, or throws the 413 when they would take the namespace over its quota (nothing counted then). */
	add(additions: readonly Addition[]): Promise<void> {
		const limit = this.#limit;
		if (limit === undefined) return Promise.resolve();
		const counted = this.#queue.then(() => this.#count(additions, limit));
		this.#queue = counted.catch(() => undefined);
		return counted;
	}

	async #count(additions: readonly Addition[], limit: number): Promise<void> {
		this.#usage ??= namespaceUsage(this.#db, this.#namespace);
		const usage = await this.#usage;
		let adding = 0;
		const fresh: string[] = [];
		for (const { sha256, size } of additions) {
			if (sha256 !== undefined) {
				if (usage.blobs.has(sha256) || fresh.includes(sha256)) continue;
				fresh.push(sha256);
			}
			adding += size;
		}
		if (usage.bytes + this.#added + adding > limit) {
			throw quotaExceeded(this.#namespace, usage.bytes + this.#added, adding, limit);
		}
		this.#added += adding;
		for (const sha256 of fresh) usage.blobs.add(sha256);
	}
}

export function quotaExceeded(namespace: string, used: number, adding: number, limit: number): HubError {
	return new HubError(
		413,
		`Storage quota exceeded: ${namespace} uses ${formatBytes(used)} (${used} bytes) of its ${formatBytes(limit)} (${limit} bytes); this upload would add ${formatBytes(adding)} (${adding} bytes). Delete files or repositories, or ask the hub's operator for more room.`,
		{ code: "StorageQuotaExceeded" },
	);
}

/** `1.5 GiB`, `12 KiB`, `300 B`. */
export function formatBytes(bytes: number): string {
	const units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
