/**
 * One seed record as the rows it becomes: the model, its tags, its provider
 * mappings, the local apps that can run it, and a first commit on `main`
 * holding README.md and the files (its trees, storage/git-trees.ts).
 */
import type { Insertable } from "kysely";
import type { ModelsTable, ProviderMappingsTable } from "../db/schema.js";
import { localAppsOf, parameterCountOf } from "../services/model-derived.js";
import { mappingRows } from "../services/provider-mapping.js";
import { commitObject } from "../storage/commit-objects.js";
import { buildTrees, type TreeEntryRecord } from "../storage/git-trees.js";
import type { SeedBlob } from "./seed-blobs.js";
import type { SeedModel } from "./types.js";

export interface SeedRows {
	model: Insertable<ModelsTable>;
	tags: { model_id: string; tag: string }[];
	apps: { model_id: string; app: string }[];
	mappings: Insertable<ProviderMappingsTable>[];
	commit: {
		repo_id: string;
		sha: string;
		parent_sha: null;
		message: string;
		created_at: string;
		tree_oid: string;
		git_object: string;
	};
	/** The commit's trees by id (seeded repositories share many: the loader stores each once). */
	trees: Map<string, TreeEntryRecord[]>;
	fileCount: number;
}

export interface SeedFileBlob {
	path: string;
	/** The size listings show (a placeholder may store fewer bytes). */
	size: number;
	blob: SeedBlob;
}

const SEED_MESSAGE = "Initial commit";

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** A sample trending score: likes, fading with age since the last change (sample data, like the counts). */
export function sampleTrendingScore(likes: number, lastModified: string, now: Date): number {
	const ageDays = Math.max(0, (now.getTime() - Date.parse(lastModified)) / 86_400_000);
	return Math.round(likes / (1 + ageDays / 30));
}

export function seedRows(record: SeedModel, files: SeedFileBlob[], now: Date): SeedRows {
	const trees = buildTrees(
		files.map((file) => ({ path: file.path, blobSha256: file.blob.sha256, size: file.size, gitOid: file.blob.gitOid })),
	);
	// A git commit of what it holds, signed by the hub: re-running a seed yields the same id.
	const commit = commitObject({
		tree: trees.root,
		parents: [],
		author: null,
		createdAt: record.createdAt,
		message: SEED_MESSAGE,
	});
	const sha = commit.sha;
	const name = record.id.slice(record.id.indexOf("/") + 1);
	const tags = [...new Set(record.tags)];
	return {
		model: {
			id: record.id,
			author: record.author,
			name,
			pipeline_tag: record.pipeline_tag ?? null,
			library_name: record.library_name ?? null,
			private: record.private ? 1 : 0,
			gated: record.gated || null,
			downloads: record.downloads,
			likes: record.likes,
			trending_score: sampleTrendingScore(record.likes, record.lastModified, now),
			created_at: record.createdAt,
			last_modified: record.lastModified,
			sha,
			tags: JSON.stringify(tags),
			config: json(record.config),
			card_data: json(record.cardData),
			widget_data: json(record.widgetData),
			transformers_info: json(record.transformersInfo),
			owner: record.author,
			main_size: files.reduce((sum, file) => sum + file.size, 0),
			num_parameters: parameterCountOf(record.config),
		},
		tags: tags.map((tag) => ({ model_id: record.id, tag })),
		apps: localAppsOf({
			id: record.id,
			tags,
			pipeline_tag: record.pipeline_tag,
			library_name: record.library_name,
			config: record.config,
			cardData: record.cardData,
			paths: files.map((file) => file.path),
		}).map((app) => ({ model_id: record.id, app })),
		mappings: mappingRows(record.id, record.inferenceProviderMapping),
		commit: {
			repo_id: record.id,
			sha,
			parent_sha: null,
			message: SEED_MESSAGE,
			created_at: record.createdAt,
			tree_oid: trees.root,
			git_object: commit.base64,
		},
		trees: trees.trees,
		fileCount: files.length,
	};
}
