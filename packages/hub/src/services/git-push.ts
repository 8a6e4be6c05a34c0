/**
 * What a `git push` changes, once receive-pack (git/receive-pack.ts) has checked the pack and the
 * ref updates: the pushed commits become the repository's commits — the exact bytes git sent are
 * stored and keep their ids — their trees are stored as the API's trees are (services/trees.ts),
 * file contents go to the blob store, and the refs move with the same compare-and-swap an API
 * commit does. Files git holds as LFS pointers are LFS files of the repository: their objects must
 * have reached the hub through the LFS batch API first (git-lfs's pre-push hook does that).
 * An annotated tag is stored as git sent it (`ref_tags.git_object`) beside the commit it names;
 * a tag of a tag, a tree or a blob is refused (the API could not show it as a revision).
 *
 * Every update of one push is one transaction when the client asked for `atomic`; otherwise each
 * ref is its own, and answered on its own.
 */
import type { ExpressionBuilder, Transaction } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { HubError } from "../errors.js";
import { parseCommit, parseTag, parseTree } from "../git/objects.js";
import {
	type AcceptedPush,
	type QuarantineReader,
	type RefResult,
	type RefUpdate,
	ZERO_OID,
} from "../git/receive-pack.js";
import { DIRECTORY_MODE, type EntryMode, type TreeEntryRecord } from "../storage/git-trees.js";
import { parseLfsPointer } from "../storage/lfs.js";
import { storedTag, storedTagBytes, type TagObject } from "../storage/tag-objects.js";
import { afterMainChanged, type CommitDeps } from "./commits.js";
import { repoHoldsLfsObject } from "./lfs-downloads.js";
import { insertPushedCommit, moveBranch } from "./pushed-commits.js";
import { refNameProblem } from "./refs.js";
import type { Repo } from "./repos.js";
import { insertTrees } from "./trees.js";

/** A refusal receive-pack reports for one ref (`ng <ref> <reason>`). */
class RefRefused extends Error {}

/** An annotated tag a push names: its object and the commit it tags. */
interface PushedTag {
	object: TagObject;
	commit: string;
	message: string;
}

export async function applyPush(
	deps: CommitDeps,
	repo: Repo,
	caller: Caller,
	push: AcceptedPush,
): Promise<RefResult[]> {
	const outcomes: RefResult[] = [];
	let mainMoved = false;
	const run = async (updates: readonly RefUpdate[]) => {
		await deps.db.transaction().execute(async (trx) => {
			const importer = new PushImporter(trx, deps, repo, caller, push.objects);
			for (const update of updates) {
				await importer.apply(update);
				if (update.ref === "refs/heads/main") mainMoved = true;
			}
		});
	};
	if (push.atomic) {
		try {
			await run(push.updates);
			outcomes.push(...push.updates.map((update) => ({ ref: update.ref })));
		} catch (error) {
			const reason = refusal(error);
			outcomes.push(...push.updates.map((update) => ({ ref: update.ref, error: reason })));
		}
	} else {
		for (const update of push.updates) {
			try {
				await run([update]);
				outcomes.push({ ref: update.ref });
			} catch (error) {
				outcomes.push({ ref: update.ref, error: refusal(error) });
			}
		}
	}
	if (mainMoved) await afterMainChanged(deps, repo);
	return outcomes;
}

/** What git shows after `!`: a refusal's own words; anything unexpected is the hub's failure (and logged). */
function refusal(error: unknown): string {
	if (error instanceof RefRefused) return error.message;
	if (error instanceof HubError && error.status < 500) return error.message;
	throw error;
}

class PushImporter {
	readonly #storedTrees = new Set<string>();

	constructor(
		readonly trx: Transaction<Database>,
		readonly deps: CommitDeps,
		readonly repo: Repo,
		readonly caller: Caller,
		readonly objects: QuarantineReader,
	) {}

	async apply(update: RefUpdate): Promise<void> {
		const branch = update.ref.startsWith("refs/heads/") ? update.ref.slice("refs/heads/".length) : undefined;
		const tag = update.ref.startsWith("refs/tags/") ? update.ref.slice("refs/tags/".length) : undefined;
		const name = branch ?? tag;
		if (name === undefined) throw new RefRefused("only branches (refs/heads/) and tags (refs/tags/) can be pushed");
		const problem = refNameProblem(name);
		if (problem) throw new RefRefused(problem);
		if (update.new === ZERO_OID)
			return branch !== undefined ? this.#deleteBranch(branch, update.old) : this.#deleteTag(name, update.old);
		const annotated = tag === undefined ? undefined : await this.#annotatedTag(update.new);
		const commit = annotated?.commit ?? update.new;
		for (const sha of await this.#newCommits(commit)) await this.#importCommit(sha);
		if (branch !== undefined) {
			const old = update.old === ZERO_OID ? null : update.old;
			if (!(await moveBranch(this.trx, this.deps, this.repo, branch, old, update.new))) {
				throw new RefRefused("stale info: the branch moved, fetch first");
			}
			return;
		}
		await this.#setTag(name, update.old, commit, annotated);
	}

	/**
	 * The annotated tag `oid` is, when it is one: pushed now, or a tag object the repository holds
	 * under another name (the client then does not send it again). Undefined for a commit.
	 */
	async #annotatedTag(oid: string): Promise<PushedTag | undefined> {
		const pushed = await this.objects.readObject(oid);
		const bytes = pushed ? (pushed.type === "tag" ? pushed.bytes : undefined) : await this.#storedTagBytes(oid);
		if (bytes === undefined) return undefined;
		const parsed = parseTag(bytes);
		if (parsed.type === "tag") {
			throw new RefRefused("a tag of a tag is not stored: tag the commit itself (git tag -a <name> <commit>)");
		}
		if (parsed.type !== "commit") throw new RefRefused(`a tag must name a commit, not a ${parsed.type}`);
		const object = storedTag(bytes);
		if (object.oid !== oid) throw new RefRefused(`tag ${oid} does not hash to its id`);
		return { object, commit: parsed.object, message: Buffer.from(parsed.message).toString("utf8").replace(/\n$/, "") };
	}

	async #storedTagBytes(oid: string): Promise<Uint8Array | undefined> {
		const stored = await this.trx
			.selectFrom("ref_tags")
			.select("git_object")
			.where("repo_id", "=", this.repo.key)
			.where("tag_oid", "=", oid)
			.where("git_object", "is not", null)
			.executeTakeFirst();
		return stored?.git_object ? storedTagBytes(stored.git_object) : undefined;
	}

	/** The commits `tip` brings that the repository lacks, parents before children. */
	async #newCommits(tip: string): Promise<string[]> {
		const order: string[] = [];
		const seen = new Set<string>();
		// Depth-first without recursion: a long history must not exhaust the stack.
		const stack: { sha: string; parents?: string[] }[] = [{ sha: tip }];
		while (stack.length > 0) {
			const top = stack[stack.length - 1] as { sha: string; parents?: string[] };
			if (top.parents === undefined) {
				if (seen.has(top.sha) || (await this.#known(top.sha))) {
					stack.pop();
					continue;
				}
				seen.add(top.sha);
				const object = await this.objects.readObject(top.sha);
				if (object?.type !== "commit") throw new RefRefused(`${top.sha} is not a commit`);
				top.parents = [...parseCommit(object.bytes).parents];
			}
			const next = top.parents.pop();
			if (next === undefined) {
				order.push(top.sha);
				stack.pop();
			} else if (!seen.has(next)) {
				stack.push({ sha: next });
			}
		}
		return order;
	}

	async #known(sha: string): Promise<boolean> {
		const row = await this.trx
			.selectFrom("commits")
			.select("sha")
			.where("repo_id", "=", this.repo.key)
			.where("sha", "=", sha)
			.executeTakeFirst();
		return row !== undefined;
	}

	async #importCommit(sha: string): Promise<void> {
		const object = await this.objects.readObject(sha);
		if (object?.type !== "commit") throw new RefRefused(`${sha} is not a commit`);
		const commit = parseCommit(object.bytes);
		await this.#importTree(commit.tree, "");
		await insertPushedCommit(this.trx, this.repo, { sha, bytes: object.bytes, commit, pusher: this.caller.userName });
	}

	/** Stores a tree the push brings and the trees and blobs under it; one the hub holds is kept as it is. */
	async #importTree(oid: string, path: string): Promise<void> {
		if (this.#storedTrees.has(oid)) return;
		const object = await this.objects.readObject(oid);
		const stored = await this.trx.selectFrom("trees").select("oid").where("oid", "=", oid).executeTakeFirst();
		if (stored || !object) {
			if (!stored) throw new RefRefused(`tree ${oid} is missing`);
			this.#storedTrees.add(oid);
			return;
		}
		if (object.type !== "tree") throw new RefRefused(`${oid} is not a tree`);
		const records: TreeEntryRecord[] = [];
		for (const entry of parseTree(object.bytes)) {
			const entryPath = path === "" ? entry.name : `${path}/${entry.name}`;
			if (entry.mode === DIRECTORY_MODE) {
				await this.#importTree(entry.oid, entryPath);
				records.push({
					name: entry.name,
					mode: DIRECTORY_MODE,
					objectOid: entry.oid,
					blobSha256: null,
					size: null,
					lfs: false,
				});
				continue;
			}
			records.push({
				name: entry.name,
				mode: entry.mode as EntryMode,
				objectOid: entry.oid,
				...(await this.#file(entry.oid, entryPath)),
			});
		}
		await insertTrees(this.trx, [[oid, records]]);
		this.#storedTrees.add(oid);
	}

	/** Where a file's content is: the blob store key and size, and whether git holds a pointer. */
	async #file(oid: string, path: string): Promise<{ blobSha256: string; size: number; lfs: boolean }> {
		const blob = await this.objects.readObject(oid);
		if (blob === undefined) {
			// Not in the pack: the client knew the repository has it, and receive-pack checked that.
			const known = await this.trx
				.selectFrom("tree_entries")
				.select(["blob_sha256", "size", "lfs"])
				.where("object_oid", "=", oid)
				.where("blob_sha256", "is not", null)
				.executeTakeFirst();
			if (!known?.blob_sha256) throw new RefRefused(`blob ${oid} (${path}) is missing`);
			return { blobSha256: known.blob_sha256, size: Number(known.size), lfs: Number(known.lfs) === 1 };
		}
		if (blob.type !== "blob") throw new RefRefused(`${oid} (${path}) is not a blob`);
		const pointer = parseLfsPointer(blob.bytes);
		if (pointer) {
			const size = await this.deps.blobStore.size(pointer.sha256);
			if (size !== pointer.size || !(await repoHoldsLfsObject(this.trx, this.repo.key, pointer.sha256))) {
				throw new RefRefused(
					`the LFS object of ${path} (${pointer.sha256}) was not uploaded: run git lfs push --all origin, or push with git-lfs installed (git lfs install)`,
				);
			}
			await this.#blobRow(pointer.sha256, pointer.size);
			return { blobSha256: pointer.sha256, size: pointer.size, lfs: true };
		}
		const put = await this.deps.blobStore.put(blob.bytes);
		await this.#blobRow(put.sha256, blob.bytes.byteLength);
		return { blobSha256: put.sha256, size: blob.bytes.byteLength, lfs: false };
	}

	async #blobRow(sha256: string, size: number): Promise<void> {
		await this.trx
			.insertInto("blobs")
			.values({ sha256, size })
			.onConflict((conflict) => conflict.column("sha256").doNothing())
			.execute();
	}

	async #deleteBranch(branch: string, old: string): Promise<void> {
		if (branch === "main") throw new RefRefused("the main branch cannot be deleted");
		const deleted = await this.trx
			.deleteFrom("refs")
			.where("repo_id", "=", this.repo.key)
			.where("name", "=", branch)
			.where("commit_sha", "=", old)
			.executeTakeFirst();
		if (Number(deleted.numDeletedRows) !== 1) throw new RefRefused("stale info: the branch moved, fetch first");
	}

	async #deleteTag(tag: string, old: string): Promise<void> {
		const deleted = await this.trx
			.deleteFrom("ref_tags")
			.where("repo_id", "=", this.repo.key)
			.where("name", "=", tag)
			.where((eb) => tagIs(eb, old))
			.executeTakeFirst();
		if (Number(deleted.numDeletedRows) !== 1) throw new RefRefused("stale info: the tag moved, fetch first");
	}

	async #setTag(tag: string, old: string, target: string, annotated: PushedTag | undefined): Promise<void> {
		const object = {
			commit_sha: target,
			message: annotated?.message ?? null,
			tag_oid: annotated?.object.oid ?? null,
			git_object: annotated?.object.base64 ?? null,
		};
		if (old !== ZERO_OID) {
			const moved = await this.trx
				.updateTable("ref_tags")
				.set(object)
				.where("repo_id", "=", this.repo.key)
				.where("name", "=", tag)
				.where((eb) => tagIs(eb, old))
				.executeTakeFirst();
			if (Number(moved.numUpdatedRows) !== 1) throw new RefRefused("stale info: the tag moved, fetch first");
			return;
		}
		const inserted = await this.trx
			.insertInto("ref_tags")
			.values({
				repo_id: this.repo.key,
				name: tag,
				...object,
				created_at: new Date().toISOString(),
			})
			.onConflict((conflict) => conflict.columns(["repo_id", "name"]).doNothing())
			.executeTakeFirst();
		if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new RefRefused("the tag already exists");
	}
}

/** The tag row git knows as `oid`: its tag object's id when annotated, else its commit. */
function tagIs(eb: ExpressionBuilder<Database, "ref_tags">, oid: string) {
	return eb.or([eb("tag_oid", "=", oid), eb.and([eb("tag_oid", "is", null), eb("commit_sha", "=", oid)])]);
}
