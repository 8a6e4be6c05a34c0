/**
 * Annotated tags through `applyPush` (services/git-push.ts), the receive-pack step that stores a
 * push, with the objects handed over as receive-pack hands them: a tag of a commit is kept byte
 * for byte and served as a tag object peeled to its commit; a tag of a tag or of a tree is
 * refused; moving or deleting one compares the tag object's id. `hubkit check` reports a stored
 * tag object that no longer hashes to its id. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../src/auth/caller.js";
import { encodeTag, type GitObjectType, type GitTag, objectId } from "../src/git/objects.js";
import type { AcceptedPush, QuarantineReader, RefUpdate } from "../src/git/receive-pack.js";
import { ZERO_OID } from "../src/git/receive-pack.js";
import { applyPush } from "../src/services/git-push.js";
import { openGitRepository } from "../src/services/git-repository.js";
import { checkIntegrity } from "../src/services/integrity.js";
import { findRepo } from "../src/services/repos.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";
import { createTestRepo } from "./support/repos.js";

const TAGGER = { name: "Alice", email: "alice@example.com", seconds: 1_700_000_000, timezone: "+0100" };
const caller = { userName: "alice" } as Caller;

function tagOf(object: string, type: GitObjectType, name: string): { oid: string; bytes: Uint8Array } {
	const tag: GitTag = {
		object,
		type,
		tag: name,
		tagger: TAGGER,
		extraHeaders: [],
		message: Buffer.from(`${name}\n`),
	};
	const bytes = encodeTag(tag);
	return { oid: objectId("tag", bytes), bytes };
}

/** The received objects, as receive-pack's quarantine reader hands them to `apply`. */
function received(...tags: { oid: string; bytes: Uint8Array }[]): QuarantineReader {
	const byId = new Map(tags.map((tag) => [tag.oid, tag.bytes]));
	return {
		count: byId.size,
		readObject: async (oid) => {
			const bytes = byId.get(oid);
			return bytes ? { type: "tag", bytes } : undefined;
		},
		objects: async function* () {},
	};
}

describe.each(ENGINES)("annotated tags pushed on %s", (engine) => {
	let database: TestDatabase;
	let hub: TestHub;
	let repos = 0;
	let id = "";
	let commit = "";

	beforeAll(async () => {
		database = await startTestDatabase(engine);
		hub = await openTestHub(database.config);
	});
	afterAll(async () => {
		await hub.close();
		await database.cleanup();
	});

	/** Each test tags a repository of its own. */
	async function newRepo(): Promise<void> {
		repos += 1;
		id = `alice/tagged-${repos}`;
		commit = await createTestRepo(hub.deps, id);
	}

	async function push(objects: QuarantineReader, ...updates: RefUpdate[]) {
		const repo = await findRepo(hub.deps.db, "model", id);
		if (!repo) throw new Error("no repository");
		const accepted: AcceptedPush = { updates, objects, atomic: false, pushOptions: [] };
		return applyPush(hub.deps, repo, caller, accepted);
	}

	it("stores a tag of a commit and serves it peeled, and moves or deletes it by its own id", async () => {
		await newRepo();
		const v1 = tagOf(commit, "commit", "v1");
		expect(await push(received(v1), { ref: "refs/tags/v1", old: ZERO_OID, new: v1.oid })).toEqual([
			{ ref: "refs/tags/v1" },
		]);
		const view = openGitRepository(hub.deps, { key: id });
		expect((await view.refs()).find((ref) => ref.name === "refs/tags/v1")).toEqual({
			name: "refs/tags/v1",
			oid: v1.oid,
			peeled: commit,
		});
		const served = await view.readObject(v1.oid);
		expect(served?.type).toBe("tag");
		expect(Buffer.from(served?.bytes ?? []).equals(Buffer.from(v1.bytes))).toBe(true);

		// The same tag object under a second name: the client does not send it again.
		expect(await push(received(), { ref: "refs/tags/also-v1", old: ZERO_OID, new: v1.oid })).toEqual([
			{ ref: "refs/tags/also-v1" },
		]);

		const stale = await push(received(), { ref: "refs/tags/v1", old: commit, new: ZERO_OID });
		expect(stale).toEqual([{ ref: "refs/tags/v1", error: "stale info: the tag moved, fetch first" }]);
		expect(await push(received(), { ref: "refs/tags/v1", old: v1.oid, new: commit })).toEqual([
			{ ref: "refs/tags/v1" },
		]);
		expect((await view.refs()).find((ref) => ref.name === "refs/tags/v1")).toEqual({
			name: "refs/tags/v1",
			oid: commit,
		});
		expect(await push(received(), { ref: "refs/tags/also-v1", old: v1.oid, new: ZERO_OID })).toEqual([
			{ ref: "refs/tags/also-v1" },
		]);
		expect((await view.refs()).map((ref) => ref.name)).toEqual(["refs/heads/main", "refs/tags/v1"]);
	});

	it("refuses a tag of a tag and a tag of a tree", async () => {
		await newRepo();
		const inner = tagOf(commit, "commit", "inner");
		const outer = tagOf(inner.oid, "tag", "outer");
		const { tree_oid: tree } = await hub.deps.db
			.selectFrom("commits")
			.select("tree_oid")
			.where("sha", "=", commit)
			.executeTakeFirstOrThrow();
		const ofTree = tagOf(tree, "tree", "of-tree");
		const results = await push(
			received(inner, outer, ofTree),
			{ ref: "refs/tags/outer", old: ZERO_OID, new: outer.oid },
			{ ref: "refs/tags/of-tree", old: ZERO_OID, new: ofTree.oid },
		);
		expect(results).toEqual([
			{ ref: "refs/tags/outer", error: expect.stringMatching(/^a tag of a tag is not stored/) },
			{ ref: "refs/tags/of-tree", error: "a tag must name a commit, not a tree" },
		]);
		const tags = await hub.deps.db.selectFrom("ref_tags").select("name").where("repo_id", "=", id).execute();
		expect(tags).toEqual([]);
	});

	it("is reported by hubkit check when its stored object no longer matches its id", async () => {
		await newRepo();
		const v1 = tagOf(commit, "commit", "v1");
		await push(received(v1), { ref: "refs/tags/v1", old: ZERO_OID, new: v1.oid });
		const tagProblems = async () =>
			(await checkIntegrity(hub.deps)).problems.filter((problem) => problem.startsWith(`${id}: tag v1`));
		expect(await tagProblems()).toEqual([]);
		await hub.deps.db
			.updateTable("ref_tags")
			.set({ git_object: Buffer.from(tagOf(commit, "commit", "other").bytes).toString("base64") })
			.where("repo_id", "=", id)
			.execute();
		expect(await tagProblems()).toEqual([expect.stringContaining(`tag v1 (${v1.oid}) its git object hashes to`)]);
	});
});
