/**
 * Models and datasets for the dataset tests: models through the file tests' fixture,
 * datasets written the same way (commits, refs, trees and blobs under the repo key
 * `datasets/{id}`, a `datasets` row and its `dataset_tags`), served by the real app.
 */
import { createHash } from "node:crypto";
import { repoKey } from "../src/services/repos.js";
import { type FilesHub, type RepoFiles, type RepoSpec, startFilesHub } from "./files-fixture.js";
import type { EngineName } from "./support/engines.js";
import { storeSnapshot } from "./support/repos.js";

export interface DatasetSpec {
	id: string;
	private?: boolean;
	owner?: string;
	gated?: "auto" | "manual";
	tags?: string[];
	downloads?: number;
	likes?: number;
	createdAt?: string;
	cardData?: Record<string, unknown>;
	description?: string;
	/** Oldest first; the last one is `main`. */
	commits: RepoFiles[];
}

export interface DatasetsHub extends FilesHub {
	/** Commit shas per dataset id, oldest first. */
	datasetCommits: Map<string, string[]>;
	datasetDownloads(id: string): Promise<number>;
}

export async function startDatasetsHub(
	engine: EngineName,
	repos: { models: RepoSpec[]; datasets: DatasetSpec[] },
	users: string[] = [],
): Promise<DatasetsHub> {
	const files = await startFilesHub(engine, repos.models, users);
	const { db, blobStore } = files.hub.deps;
	const datasetCommits = new Map<string, string[]>();
	for (const [position, dataset] of repos.datasets.entries()) {
		const key = repoKey("dataset", dataset.id);
		const shas = dataset.commits.map((_, index) => createHash("sha1").update(`${key}#${index}`).digest("hex"));
		datasetCommits.set(dataset.id, shas);
		for (const [index, commitFiles] of dataset.commits.entries()) {
			const sha = shas[index] as string;
			const tree = await storeSnapshot({ blobStore }, db, commitFiles);
			await db
				.insertInto("commits")
				.values({
					repo_id: key,
					sha,
					parent_sha: index === 0 ? null : (shas[index - 1] as string),
					message: `Data ${index + 1}`,
					created_at: new Date(Date.UTC(2024, 1, index + 1)).toISOString(),
					tree_oid: tree,
				})
				.execute();
		}
		const head = shas.at(-1) as string;
		await db.insertInto("refs").values({ repo_id: key, name: "main", commit_sha: head }).execute();
		const [author = "", name = ""] = dataset.id.split("/");
		const createdAt = dataset.createdAt ?? new Date(Date.UTC(2024, 2, 1 + position)).toISOString();
		await db
			.insertInto("datasets")
			.values({
				id: dataset.id,
				author,
				name,
				private: dataset.private ? 1 : 0,
				gated: dataset.gated ?? null,
				downloads: dataset.downloads ?? 0,
				likes: dataset.likes ?? 0,
				trending_score: 0,
				created_at: createdAt,
				last_modified: createdAt,
				sha: head,
				tags: JSON.stringify(dataset.tags ?? []),
				card_data: dataset.cardData ? JSON.stringify(dataset.cardData) : null,
				description: dataset.description ?? null,
				owner: dataset.owner ?? null,
				main_size: 0,
			})
			.execute();
		for (const tag of dataset.tags ?? []) {
			await db.insertInto("dataset_tags").values({ dataset_id: dataset.id, tag }).execute();
		}
	}
	return {
		...files,
		datasetCommits,
		async datasetDownloads(id) {
			const row = await db.selectFrom("datasets").select("downloads").where("id", "=", id).executeTakeFirstOrThrow();
			return Number(row.downloads);
		},
	};
}
