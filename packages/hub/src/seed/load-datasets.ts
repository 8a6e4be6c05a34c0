/**
 * Writes seeded dataset repositories: the card-only ones of the task pages (seed/sample-datasets.ts)
 * and the hub's own samples with data (seed/demo-datasets.ts). Each becomes one commit on `main`
 * (a git commit signed by the hub at one fixed time, so every hub seeds the same commit for the
 * same files), and datasets that exist already are left as they are.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { claimSiteNamespaces } from "../services/namespaces.js";
import { repoKey } from "../services/repos.js";
import { storeTrees } from "../services/trees.js";
import type { BlobStore } from "../storage/blob-store.js";
import { commitObject } from "../storage/commit-objects.js";
import { buildTrees } from "../storage/git-trees.js";
import { SeedBlobWriter } from "./seed-blobs.js";

export interface SeedDataset {
	/** `author/name`. */
	id: string;
	author: string;
	name: string;
	tags: string[];
	/** The card's front matter. */
	cardData: Record<string, unknown>;
	/** The card's first paragraph, for listings. */
	description: string;
	/** README.md first. */
	files: { path: string; content: string | Uint8Array }[];
	/** The commit's title. */
	message: string;
}

/** When every seeded dataset's commit is dated: its id must not depend on when a hub loaded it. */
const SEED_COMMIT_TIME = "2025-01-01T00:00:00.000Z";

/** Writes the datasets this hub does not have yet; returns how many it wrote. */
export async function loadSeedDatasets(
	target: { db: Kysely<Database>; blobStore: BlobStore },
	datasets: SeedDataset[],
	now = new Date(),
): Promise<number> {
	const existing = new Set((await target.db.selectFrom("datasets").select("id").execute()).map((row) => row.id));
	const fresh = datasets.filter((dataset) => !existing.has(dataset.id));
	if (fresh.length === 0) return 0;
	const writer = new SeedBlobWriter(target.blobStore);
	const stored = await Promise.all(
		fresh.map((dataset) =>
			Promise.all(dataset.files.map(async (file) => ({ path: file.path, blob: await writer.content(file.content) }))),
		),
	);
	const at = now.toISOString();
	await target.db.transaction().execute(async (trx) => {
		await claimSiteNamespaces(
			trx,
			fresh.map((dataset) => dataset.author),
			{ contestHeld: true },
		);
		const blobs = new Map(stored.flat().map(({ blob }) => [blob.sha256, blob.storedSize]));
		await trx
			.insertInto("blobs")
			.values([...blobs].map(([sha256, size]) => ({ sha256, size })))
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
		for (const [index, dataset] of fresh.entries()) {
			const files = stored[index] ?? [];
			const key = repoKey("dataset", dataset.id);
			const trees = buildTrees(
				files.map(({ path, blob }) => ({ path, blobSha256: blob.sha256, size: blob.storedSize, gitOid: blob.gitOid })),
			);
			const commit = commitObject({
				tree: trees.root,
				parents: [],
				author: null,
				createdAt: SEED_COMMIT_TIME,
				message: dataset.message,
			});
			const sha = commit.sha;
			await storeTrees(trx, trees.trees);
			await trx
				.insertInto("commits")
				.values({
					repo_id: key,
					sha,
					parent_sha: null,
					message: dataset.message,
					created_at: SEED_COMMIT_TIME,
					tree_oid: trees.root,
					git_object: commit.base64,
				})
				.execute();
			await trx.insertInto("refs").values({ repo_id: key, name: "main", commit_sha: sha }).execute();
			await trx
				.insertInto("datasets")
				.values({
					id: dataset.id,
					author: dataset.author,
					name: dataset.name,
					private: 0,
					gated: null,
					downloads: 0,
					likes: 0,
					trending_score: 0,
					created_at: at,
					last_modified: at,
					sha,
					tags: JSON.stringify(dataset.tags),
					card_data: JSON.stringify(dataset.cardData),
					description: dataset.description,
					owner: dataset.author,
					main_size: files.reduce((sum, file) => sum + file.blob.storedSize, 0),
				})
				.execute();
			if (dataset.tags.length > 0) {
				await trx
					.insertInto("dataset_tags")
					.values(dataset.tags.map((tag) => ({ dataset_id: dataset.id, tag })))
					.execute();
			}
		}
	});
	return fresh.length;
}
