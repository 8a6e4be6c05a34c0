/**
 * Repositories for the file-route tests, written straight into the tables the
 * file routes read (models, commits, refs, trees, blobs) with contents in
 * a real blob store (disk, or S3 on s3rver), then served by the real app on 127.0.0.1.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAccessToken } from "../src/auth/tokens.js";
import type { HubConfig } from "../src/config.js";
import { type EngineName, startTestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { storeSnapshot } from "./support/repos.js";
import { openTestStore, type StoreName, type TestStore } from "./support/stores.js";

export type RepoFiles = Record<string, string | Uint8Array>;

export interface RepoSpec {
	id: string;
	libraryName?: string;
	private?: boolean;
	owner?: string;
	gated?: "auto" | "manual";
	/** Oldest first; the last one is `main`. Each maps every path of that commit to its content. */
	commits: RepoFiles[];
}

export interface FilesHub {
	hub: TestHub;
	server: Listening;
	url: string;
	/** The disk store's directory (unused on S3). */
	storeRoot: string;
	testStore: TestStore;
	/** Commit shas per repo id, oldest first. */
	commits: Map<string, string[]>;
	tokens: Record<string, string>;
	downloads(repoId: string): Promise<number>;
	close(): Promise<void>;
}

function commitSha(repoId: string, index: number): string {
	return createHash("sha1").update(`${repoId}#${index}`).digest("hex");
}

export async function startFilesHub(
	engine: EngineName,
	repos: RepoSpec[],
	users: string[] = [],
	options: { store?: StoreName; config?: Partial<HubConfig> } = {},
): Promise<FilesHub> {
	const database = await startTestDatabase(engine);
	const storeRoot = mkdtempSync(join(tmpdir(), "hubkit-files-store-"));
	const testStore = await openTestStore(options.store ?? "disk", storeRoot);
	const hub = await openTestHub({ ...database.config, ...testStore.config, ...options.config }, testStore.store);
	const { db } = hub.deps;
	const commits = new Map<string, string[]>();

	for (const repo of repos) {
		const [author = "", name = ""] = repo.id.split("/");
		const shas = repo.commits.map((_, index) => commitSha(repo.id, index));
		commits.set(repo.id, shas);
		for (const [index, files] of repo.commits.entries()) {
			const sha = shas[index] as string;
			const tree = await storeSnapshot(hub.deps, db, files);
			await db
				.insertInto("commits")
				.values({
					repo_id: repo.id,
					sha,
					parent_sha: index === 0 ? null : (shas[index - 1] as string),
					message: `Commit ${index + 1}\n\nDetails.`,
					created_at: new Date(Date.UTC(2024, 0, index + 1)).toISOString(),
					tree_oid: tree,
				})
				.execute();
		}
		const head = shas.at(-1) as string;
		await db.insertInto("refs").values({ repo_id: repo.id, name: "main", commit_sha: head }).execute();
		await db
			.insertInto("models")
			.values({
				id: repo.id,
				author,
				name,
				pipeline_tag: null,
				library_name: repo.libraryName ?? "transformers",
				private: repo.private ? 1 : 0,
				gated: repo.gated ?? null,
				downloads: 0,
				likes: 0,
				trending_score: 0,
				created_at: "2024-01-01T00:00:00.000Z",
				last_modified: "2024-01-01T00:00:00.000Z",
				sha: head,
				tags: "[]",
				config: null,
				card_data: null,
				widget_data: null,
				transformers_info: null,
				owner: repo.owner ?? null,
			})
			.execute();
	}

	const tokens: Record<string, string> = {};
	for (const user of users) tokens[user] = (await createAccessToken(db, user)).token;

	const server = await listen(hub.app);
	return {
		hub,
		server,
		url: server.url,
		storeRoot,
		testStore,
		commits,
		tokens,
		async downloads(repoId) {
			const row = await db.selectFrom("models").select("downloads").where("id", "=", repoId).executeTakeFirstOrThrow();
			return Number(row.downloads);
		},
		async close() {
			await server.close();
			await hub.close();
			await database.cleanup();
			await testStore.cleanup();
			rmSync(storeRoot, { recursive: true, force: true });
		},
	};
}
