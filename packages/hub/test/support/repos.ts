/**
 * Repositories for tests that need one without going through the create and commit routes:
 * a model or dataset record with a first commit on `main` (the rows `src/seed/seed-rows.ts`
 * writes for a seeded model), and further commits on a branch, each holding whole files.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { createAccessToken, newObjectId } from "../../src/auth/tokens.js";
import type { Database } from "../../src/db/schema.js";
import type { HubDeps } from "../../src/deps.js";
import { gitBlobOid } from "../../src/git-oid.js";
import { loadSeed } from "../../src/seed/load.js";
import type { SeedModel } from "../../src/seed/types.js";
import { forgetModelInfo } from "../../src/services/model-info-cache.js";
import { grantNamespace } from "../../src/services/namespace-conflicts.js";
import { type RepoType, repoKey } from "../../src/services/repos.js";
import { commitSnapshot, storeTrees } from "../../src/services/trees.js";
import { buildTrees, type SnapshotFile } from "../../src/storage/git-trees.js";

export interface TestRepoOptions {
	type?: RepoType;
	private?: boolean;
	gated?: "auto" | "manual";
	/** Files of the first commit; a README.md and a config.json by default. */
	files?: Record<string, string>;
	/** Date of the first commit (and the record's creation). */
	date?: string;
	/**
	 * Only the record, for a schema older than the trees (migration tests): the first commit is
	 * written later with `writeFirstCommit`, once the schema has them.
	 */
	recordOnly?: boolean;
}

type RepoDeps = Pick<HubDeps, "db" | "blobStore">;

let commitCounter = 0;

function fakeSha(seed: string): string {
	commitCounter += 1;
	return createHash("sha1").update(`test commit ${commitCounter} ${seed} ${Math.random()}`).digest("hex");
}

/** Stores the contents and their blob rows; the files as a snapshot names them. */
async function writeFiles(
	deps: Pick<RepoDeps, "blobStore">,
	db: Kysely<Database>,
	files: Record<string, string | Uint8Array>,
) {
	const written = new Map<string, SnapshotFile>();
	for (const [path, content] of Object.entries(files)) {
		const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
		const blob = await deps.blobStore.put(bytes);
		await db
			.insertInto("blobs")
			.values({ sha256: blob.sha256, size: blob.size })
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
		written.set(path, { path, blobSha256: blob.sha256, size: blob.size, gitOid: gitBlobOid(bytes) });
	}
	return written;
}

/** Stores the files (contents, blob rows, trees) as one commit's complete snapshot; its root tree id. */
export async function storeSnapshot(
	deps: Pick<RepoDeps, "blobStore">,
	db: Kysely<Database>,
	files: Record<string, string | Uint8Array>,
): Promise<string> {
	return writeTrees(db, (await writeFiles(deps, db, files)).values());
}

/** Stores the snapshot's trees; its root tree id. */
async function writeTrees(db: Kysely<Database>, files: Iterable<SnapshotFile>): Promise<string> {
	const trees = buildTrees(files);
	await storeTrees(db, trees.trees);
	return trees.root;
}

/** A repository `id` (`owner/name`) owned by its namespace, with one commit on `main`; returns that commit. */
export async function createTestRepo(deps: RepoDeps, id: string, options: TestRepoOptions = {}): Promise<string> {
	const type = options.type ?? "model";
	const [author = "", name = ""] = id.split("/");
	const date = options.date ?? "2025-01-01T00:00:00.000Z";
	const sha = fakeSha(id);
	const files = options.files ?? { "README.md": `# ${id}\n`, "config.json": '{"model_type":"bert"}\n' };
	const common = {
		id,
		author,
		name,
		private: options.private ? 1 : 0,
		gated: options.gated ?? null,
		downloads: 0,
		likes: 0,
		trending_score: 0,
		created_at: date,
		last_modified: date,
		sha,
		tags: "[]",
		card_data: null,
		owner: author,
		main_size: Object.values(files).reduce((sum, content) => sum + Buffer.byteLength(content), 0),
	};
	await deps.db.transaction().execute(async (trx) => {
		if (type === "model") {
			await trx
				.insertInto("models")
				.values({
					...common,
					pipeline_tag: null,
					library_name: null,
					config: null,
					widget_data: null,
					transformers_info: null,
					num_parameters: null,
				})
				.execute();
		} else {
			await trx
				.insertInto("datasets")
				.values({ ...common, description: null })
				.execute();
		}
		if (!options.recordOnly) await writeFirstCommit({ ...deps, db: trx }, id, sha, options);
	});
	return sha;
}

/** The first commit of a repository whose record names `sha` as its head (createTestRepo's second half). */
export async function writeFirstCommit(
	deps: RepoDeps,
	id: string,
	sha: string,
	options: Omit<TestRepoOptions, "recordOnly"> = {},
): Promise<void> {
	const type = options.type ?? "model";
	const key = repoKey(type, id);
	const files = options.files ?? { "README.md": `# ${id}\n`, "config.json": '{"model_type":"bert"}\n' };
	const tree = await writeTrees(deps.db, (await writeFiles(deps, deps.db, files)).values());
	await deps.db
		.insertInto("commits")
		.values({
			repo_id: key,
			sha,
			parent_sha: null,
			message: "Initial commit",
			created_at: options.date ?? "2025-01-01T00:00:00.000Z",
			author: id.split("/")[0] ?? "",
			tree_oid: tree,
		})
		.execute();
	await deps.db.insertInto("refs").values({ repo_id: key, name: "main", commit_sha: sha }).execute();
}

/**
 * A commit on `branch` (main by default) whose files are its parent's plus `files`; the record's
 * `sha` follows `main`. Returns the new commit.
 */
export async function addTestCommit(
	deps: RepoDeps,
	type: RepoType,
	id: string,
	commit: { message: string; author?: string; date?: string; files?: Record<string, string>; branch?: string },
): Promise<string> {
	const key = repoKey(type, id);
	const branch = commit.branch ?? "main";
	const sha = fakeSha(`${id} ${commit.message}`);
	await deps.db.transaction().execute(async (trx) => {
		const head = await trx
			.selectFrom("refs")
			.select("commit_sha")
			.where("repo_id", "=", key)
			.where("name", "=", branch)
			.executeTakeFirstOrThrow();
		const files = (await commitSnapshot(trx, head.commit_sha)).files;
		for (const [path, file] of await writeFiles(deps, trx, commit.files ?? {})) files.set(path, file);
		const tree = await writeTrees(trx, files.values());
		await trx
			.insertInto("commits")
			.values({
				repo_id: key,
				sha,
				parent_sha: head.commit_sha,
				message: commit.message,
				created_at: commit.date ?? new Date().toISOString(),
				author: commit.author ?? null,
				tree_oid: tree,
			})
			.execute();
		await trx
			.updateTable("refs")
			.set({ commit_sha: sha })
			.where("repo_id", "=", key)
			.where("name", "=", branch)
			.execute();
		if (branch === "main") {
			await trx
				.updateTable(type === "model" ? "models" : "datasets")
				.set({ sha })
				.where("id", "=", id)
				.execute();
		}
	});
	if (type === "model") forgetModelInfo(deps.db, id);
	return sha;
}

export const TEST_ORG = "acme";

/** Tokens of the people the permission tests use. */
export interface TestPeople {
	/** `alice` owns user repositories: a read and a write token. */
	ownerRead: string;
	ownerWrite: string;
	/** Members of the organisation `acme`, each with a write token: `rita` has the read role, `will` the write role. */
	orgReader: string;
	orgWriter: string;
	/** `oscar`, in no organisation, with a write token. */
	other: string;
}

/** alice, rita, will and oscar, and the organisation acme (rita reads, will writes). */
export async function createTestPeople(db: Kysely<Database>): Promise<TestPeople> {
	const token = async (name: string, role: "read" | "write") => (await createAccessToken(db, name, { role })).token;
	const people: TestPeople = {
		ownerRead: await token("alice", "read"),
		ownerWrite: await token("alice", "write"),
		orgReader: await token("rita", "write"),
		orgWriter: await token("will", "write"),
		other: await token("oscar", "write"),
	};
	await createTestOrganization(db, TEST_ORG, [
		["rita", "read"],
		["will", "write"],
	]);
	return people;
}

/** An organisation (its full name capitalised) whose members, existing users, have the given roles. */
export async function createTestOrganization(
	db: Kysely<Database>,
	name: string,
	members: readonly (readonly [user: string, role: "read" | "write" | "admin"])[],
): Promise<void> {
	const at = new Date().toISOString();
	const orgId = newObjectId();
	const fullname = name.charAt(0).toUpperCase() + name.slice(1);
	await db
		.insertInto("users")
		.values({ id: orgId, name, fullname, email: null, created_at: at, kind: "org" })
		.execute();
	for (const [member, role] of members) {
		const user = await db.selectFrom("users").select("id").where("name", "=", member).executeTakeFirstOrThrow();
		await db.insertInto("org_members").values({ org_id: orgId, user_id: user.id, role, created_at: at }).execute();
	}
}

/** A fetch with an optional bearer token and JSON body; the answer's status and parsed body. */
export async function call(
	url: string,
	options: { method?: string; token?: string; body?: unknown } = {},
	// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field, each checked by its assertion
): Promise<{ status: number; body: any; headers: Headers }> {
	const headers: Record<string, string> = {};
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	const response = await fetch(url, {
		method: options.method ?? (options.body === undefined ? "GET" : "POST"),
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const text = await response.text();
	let body: unknown = text;
	try {
		body = text ? JSON.parse(text) : undefined;
	} catch {
		// Not JSON (a file's bytes): the text as it came.
	}
	return { status: response.status, body, headers: response.headers };
}

/**
 * Seed records some of whose namespaces belong to people (`owners`), settled the way a site admin
 * would: the accounts exist first, the catalogue naming their names is recorded as a conflict, and
 * `grant` hands each namespace to its account. Other namespaces become the site's, as always.
 */
export async function loadSeedOwnedBy(
	deps: Pick<HubDeps, "db" | "blobStore">,
	owners: string[],
	records: Iterable<SeedModel>,
): Promise<void> {
	for (const owner of owners) {
		const held = await deps.db.selectFrom("users").select("id").where("name", "=", owner).executeTakeFirst();
		if (!held) await createAccessToken(deps.db, owner);
	}
	await loadSeed(deps, records);
	for (const owner of owners) await grantNamespace(deps.db, owner, owner, null);
}
