/**
 * `hubkit check`: whether what the database says a hub holds is there and whole.
 * Every branch and tag names a commit of its repository; every commit's stored git
 * object hashes to its id (a mirror's keeps its upstream's) and names its tree; every
 * annotated tag's object hashes to its id and names the tag's commit; every repository's
 * record names its `main` head; every blob a commit references is in the store
 * with the size the database recorded (and, with `deep`, hashes to its address).
 * Blobs nothing references (an upload that was never committed, the files of a
 * deleted repository) are counted, not reported: content-addressed blobs may be
 * shared, and an unreferenced one is harmless. A mirror's LFS file is recorded before its bytes
 * are fetched (services/mirrored-blobs.ts): a blob absent from the store that only mirrors'
 * commits reach is counted as not fetched yet, not reported; one a local repository's commit
 * reaches is missing, whoever else holds it.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { BlobStore } from "../storage/blob-store.js";
import { commitObjectProblem } from "../storage/commit-objects.js";
import { tagObjectProblem } from "../storage/tag-objects.js";
import { qualifiedRef } from "./ref-names.js";
import { parseRepoKey, repoKey } from "./repos.js";
import { blobsCommitsReach, referencedBlobs } from "./trees.js";

export interface IntegrityReport {
	repositories: number;
	commits: number;
	blobs: number;
	/** Of those, mirrors' LFS blobs whose bytes are still upstream (fetched when first asked for). */
	notFetched: number;
	/** One line per problem found; empty when the hub is whole. */
	problems: string[];
}

const PAGE = 1000;

export async function checkIntegrity(
	deps: { db: Kysely<Database>; blobStore: BlobStore },
	options: { deep?: boolean } = {},
): Promise<IntegrityReport> {
	const { db, blobStore } = deps;
	const problems: string[] = [];

	const commits = await db.selectFrom("commits").select(["repo_id", "sha"]).execute();
	const commitsOf = new Map<string, Set<string>>();
	for (const commit of commits) {
		let set = commitsOf.get(commit.repo_id);
		if (!set) {
			set = new Set();
			commitsOf.set(commit.repo_id, set);
		}
		set.add(commit.sha);
	}

	const refs = [
		...(await db.selectFrom("refs").select(["repo_id", "name", "commit_sha"]).execute()).map((ref) => ({
			...ref,
			kind: "branch",
		})),
		...(await db.selectFrom("ref_tags").select(["repo_id", "name", "commit_sha"]).execute()).map((ref) => ({
			...ref,
			kind: "tag",
		})),
		...(await db.selectFrom("special_refs").select(["repo_id", "kind", "name", "commit_sha"]).execute()).map((ref) => ({
			...ref,
			kind: "ref",
			name: qualifiedRef(ref),
		})),
	];
	for (const ref of refs) {
		if (!commitsOf.get(ref.repo_id)?.has(ref.commit_sha)) {
			problems.push(`${ref.repo_id}: ${ref.kind} ${ref.name} names ${ref.commit_sha}, which is not a commit of it`);
		}
	}

	await checkCommitObjects(db, problems);
	const annotated = await db
		.selectFrom("ref_tags")
		.select(["repo_id", "name", "commit_sha", "tag_oid", "git_object"])
		.where("tag_oid", "is not", null)
		.execute();
	for (const tag of annotated) {
		const problem = tagObjectProblem(tag.tag_oid ?? "", tag.commit_sha, tag.git_object);
		if (problem) problems.push(`${tag.repo_id}: tag ${tag.name} (${tag.tag_oid}) ${problem}`);
	}

	const mains = new Map(
		refs.filter((ref) => ref.kind === "branch" && ref.name === "main").map((ref) => [ref.repo_id, ref.commit_sha]),
	);
	const records = [
		...(await db.selectFrom("models").select(["id", "sha"]).execute()).map((row) => ({
			key: repoKey("model", row.id),
			sha: row.sha,
		})),
		...(await db.selectFrom("datasets").select(["id", "sha"]).execute()).map((row) => ({
			key: repoKey("dataset", row.id),
			sha: row.sha,
		})),
	];
	for (const record of records) {
		const head = mains.get(record.key);
		const { type, id } = parseRepoKey(record.key);
		if (head === undefined) problems.push(`${type} ${id} has no main branch`);
		else if (head !== record.sha) problems.push(`${type} ${id}: its record says ${record.sha}, main is at ${head}`);
	}

	// Every referenced blob, once, with the size the database recorded for it.
	let checked = 0;
	let notFetched = 0;
	let after = "";
	for (;;) {
		const page = await referencedBlobs(db, after, PAGE);
		// A tree no commit reaches (a deleted repository's) keeps nothing: gc may have removed its blobs.
		const reached = new Set(
			await blobsCommitsReach(
				db,
				page.map((blob) => blob.sha256),
			),
		);
		const absent: string[] = [];
		for (const blob of page) {
			if (!reached.has(blob.sha256)) continue;
			checked++;
			const stored = await blobStore.size(blob.sha256);
			if (stored === undefined) {
				absent.push(blob.sha256);
			} else if (blob.size !== null && stored !== Number(blob.size)) {
				problems.push(`blob ${blob.sha256} holds ${stored} bytes; the database recorded ${blob.size}`);
			} else if (options.deep && (await hashOf(blobStore, blob.sha256)) !== blob.sha256) {
				problems.push(`blob ${blob.sha256} does not hash to its address: its bytes changed in the store`);
			}
		}
		const missing = new Set(await blobsCommitsReach(db, absent, { outsideMirrors: true }));
		for (const sha256 of absent) {
			if (missing.has(sha256)) problems.push(`blob ${sha256} is referenced by a commit but missing from the store`);
			else notFetched++;
		}
		if (page.length < PAGE) break;
		after = page.at(-1)?.sha256 ?? after;
	}

	return { repositories: records.length, commits: commits.length, blobs: checked, notFetched, problems };
}

/** Each commit's git object, a page at a time (they are the largest rows of `commits`). */
async function checkCommitObjects(db: Kysely<Database>, problems: string[]): Promise<void> {
	let after: { repo_id: string; sha: string } | undefined;
	for (;;) {
		const cursor = after;
		const page = await db
			.selectFrom("commits")
			.leftJoin("mirrored_repos", "mirrored_repos.repo_id", "commits.repo_id")
			.select(["commits.repo_id", "sha", "tree_oid", "git_object", "upstream"])
			.$if(cursor !== undefined, (query) =>
				query.where(({ eb, refTuple, tuple }) =>
					eb(refTuple("commits.repo_id", "sha"), ">", tuple(cursor?.repo_id ?? "", cursor?.sha ?? "")),
				),
			)
			.orderBy("commits.repo_id")
			.orderBy("sha")
			.limit(PAGE)
			.execute();
		for (const commit of page) {
			const mirrored = commit.upstream !== null;
			const problem = commitObjectProblem(commit.sha, commit.tree_oid, commit.git_object, mirrored);
			if (problem) problems.push(`${commit.repo_id}: commit ${commit.sha} ${problem}`);
		}
		if (page.length < PAGE) return;
		after = page.at(-1);
	}
}

async function hashOf(blobStore: BlobStore, sha256: string): Promise<string | undefined> {
	const stream = await blobStore.read(sha256);
	if (!stream) return undefined;
	const hash = createHash("sha256");
	for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
	return hash.digest("hex");
}
