/**
 * What a commit stores: the trees of the directories it touched, not a copy of the whole
 * file list, so a one-byte commit on a 3,000-file repository adds at most one tree per
 * directory on the changed path (depth + 1) and their entries, whatever the repository's
 * size. And the caps: 20,001 files in one commit, or a repository over
 * `HUBKIT_MAX_FILES_PER_REPO`, are refused with 422 `TooManyFiles` and leave the branch as
 * it was. On SQLite and PostgreSQL, over HTTP.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { snapshotOf } from "../src/services/commits.js";
import { blobsCommitsReach } from "../src/services/trees.js";
import { type CommitLine, commitRaw, createRepoRaw, header, headOf, inline } from "./commits-fixture.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub, useHttpHub } from "./support/hub.js";

const FOLDERS = 50;

async function newRepo(url: string, deps: TestHub["deps"], name: string): Promise<string> {
	const [namespace = "", repoName] = name.split("/");
	const { token } = await createAccessToken(deps.db, namespace, { role: "write" });
	const created = await createRepoRaw(url, token, { name: repoName, organization: namespace });
	expect(created.status).toBe(200);
	return token;
}

async function treeRows(deps: TestHub["deps"]): Promise<{ trees: number; entries: number }> {
	const trees = await deps.db
		.selectFrom("trees")
		.select((eb) => eb.fn.countAll().as("n"))
		.executeTakeFirstOrThrow();
	const entries = await deps.db
		.selectFrom("tree_entries")
		.select((eb) => eb.fn.countAll().as("n"))
		.executeTakeFirstOrThrow();
	return { trees: Number(trees.n), entries: Number(entries.n) };
}

describe.each(ENGINES)("commits store trees (%s)", (engine) => {
	const hub = useHttpHub(engine);

	it("adds only the trees on the changed path: a one-byte commit on 3,000 files stays small", async () => {
		const token = await newRepo(hub.url, hub.deps, "tess/many");
		const files: CommitLine[] = [header("3,000 files")];
		for (let index = 0; index < 3000; index++)
			files.push(inline(`folder-${index % FOLDERS}/file-${index}.txt`, `${index}\n`));
		expect((await commitRaw(hub.url, token, "tess/many", files)).status).toBe(200);

		// One file one level down: the root (the folders and .gitattributes) and its folder (60 entries), nothing else.
		let before = await treeRows(hub.deps);
		expect(
			(await commitRaw(hub.url, token, "tess/many", [header("one byte"), inline("folder-7/file-7.txt", "x")])).status,
		).toBe(200);
		let after = await treeRows(hub.deps);
		expect(after.trees - before.trees).toBeLessThanOrEqual(2);
		expect(after.entries - before.entries).toBeLessThanOrEqual(FOLDERS + 1 + 3000 / FOLDERS);

		// A new file four levels down: depth + 1 trees, their entries, the root's.
		before = after;
		expect((await commitRaw(hub.url, token, "tess/many", [header("deep"), inline("a/b/c/d.txt", "y")])).status).toBe(
			200,
		);
		after = await treeRows(hub.deps);
		expect(after.trees - before.trees).toBeLessThanOrEqual(4);
		expect(after.entries - before.entries).toBeLessThanOrEqual(FOLDERS + 2 + 3);

		// Deleting a file: the root and one folder again.
		before = after;
		const deleted = await commitRaw(hub.url, token, "tess/many", [
			header("delete"),
			{ key: "deletedFile", value: { path: "folder-9/file-9.txt" } },
		]);
		expect(deleted.status).toBe(200);
		after = await treeRows(hub.deps);
		expect(after.trees - before.trees).toBeLessThanOrEqual(2);

		// The snapshot is still whole, with the change in it.
		const snapshot = await snapshotOf(hub.deps.db, (await headOf(hub.deps.db, "tess/many")) ?? "");
		expect(snapshot.size).toBe(3001); // 3,000, .gitattributes and d.txt, less file-9
		expect(snapshot.has("folder-9/file-9.txt")).toBe(false);
		expect(snapshot.get("folder-7/file-7.txt")?.size).toBe(1);
		expect(snapshot.get("a/b/c/d.txt")?.size).toBe(1);
		const resolved = await fetch(`${hub.url}/tess/many/resolve/main/folder-7/file-7.txt`);
		expect(await resolved.text()).toBe("x");
	});

	it("keeps a deleted repository's trees, which no longer keep its blobs alive; shared trees still do", async () => {
		const token = await newRepo(hub.url, hub.deps, "tess/doomed");
		await newRepo(hub.url, hub.deps, "tess/keeper");
		const lines = [header("files"), inline("only/here.txt", "only in tess/doomed"), inline("README.md", "# doomed")];
		expect((await commitRaw(hub.url, token, "tess/doomed", lines)).status).toBe(200);
		const snapshot = await snapshotOf(hub.deps.db, (await headOf(hub.deps.db, "tess/doomed")) ?? "");
		const only = snapshot.get("only/here.txt")?.blobSha256 ?? "";
		const kept = snapshot.get(".gitattributes")?.blobSha256 ?? "";
		expect(await blobsCommitsReach(hub.deps.db, [only, kept])).toHaveLength(2);
		const before = await treeRows(hub.deps);
		const deleted = await fetch(`${hub.url}/api/repos/delete`, {
			method: "DELETE",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "doomed", organization: "tess" }),
		});
		expect(deleted.status).toBe(200);

		// The trees stay (a commit being written may share them); only commits keep blobs alive.
		expect((await treeRows(hub.deps)).trees).toBe(before.trees);
		// tess/keeper holds the same .gitattributes (the same root tree): still reached, still readable.
		expect(await blobsCommitsReach(hub.deps.db, [only, kept])).toEqual([kept]);
		const keeper = await snapshotOf(hub.deps.db, (await headOf(hub.deps.db, "tess/keeper")) ?? "");
		expect([...keeper.keys()]).toEqual([".gitattributes"]);
	});

	it("refuses 20,001 files in one commit with TooManyFiles and leaves the branch", async () => {
		const token = await newRepo(hub.url, hub.deps, "tess/huge");
		const head = await headOf(hub.deps.db, "tess/huge");
		const lines: CommitLine[] = [header("too many")];
		for (let index = 0; index < 20_001; index++) lines.push(inline(`data/${index}.txt`, "same"));
		const refused = await commitRaw(hub.url, token, "tess/huge", lines);
		expect(refused.status).toBe(422);
		expect(refused.headers.get("x-error-code")).toBe("TooManyFiles");
		expect(refused.body.error).toMatch(/at most 20000 files may be added or deleted per commit/);
		expect(await headOf(hub.deps.db, "tess/huge")).toBe(head);
	});
});

describe.each(ENGINES)("files per repository (%s)", (engine) => {
	let testDb: TestDatabase | undefined;
	let opened: TestHub | undefined;
	let server: Listening | undefined;
	afterEach(async () => {
		await server?.close();
		await opened?.close();
		await testDb?.cleanup();
	});

	it("refuses a commit that would leave more files than HUBKIT_MAX_FILES_PER_REPO", async () => {
		testDb = await startTestDatabase(engine);
		opened = await openTestHub({ ...testDb.config, maxFilesPerRepo: 4, maxFilesPerCommit: 3 });
		server = await listen(opened.app);
		// A new repository holds its .gitattributes: three more files make four.
		const token = await newRepo(server.url, opened.deps, "tess/capped");
		const three = [header("three"), inline("a.txt", "a"), inline("b.txt", "b"), inline("c.txt", "c")];
		expect((await commitRaw(server.url, token, "tess/capped", three)).status).toBe(200);
		const head = await headOf(opened.deps.db, "tess/capped");

		const over = await commitRaw(server.url, token, "tess/capped", [header("one more"), inline("d.txt", "d")]);
		expect(over.status).toBe(422);
		expect(over.headers.get("x-error-code")).toBe("TooManyFiles");
		expect(over.body.error).toMatch(/at most 4 files \(HUBKIT_MAX_FILES_PER_REPO\), this commit would leave 5/);
		expect(await headOf(opened.deps.db, "tess/capped")).toBe(head);

		// Replacing a file keeps the count; four operations are over the per-commit cap of 3.
		expect((await commitRaw(server.url, token, "tess/capped", [header("edit"), inline("a.txt", "A")])).status).toBe(
			200,
		);
		const four = [
			header("four"),
			inline("a.txt", "1"),
			inline("b.txt", "2"),
			inline("c.txt", "3"),
			inline("e.txt", "4"),
		];
		const tooMany = await commitRaw(server.url, token, "tess/capped", four);
		expect(tooMany.status).toBe(422);
		expect(tooMany.body.error).toMatch(/at most 3 files/);

		// The site is told the smaller of the preupload and commit caps.
		const access = await fetch(`${server.url}/api/models/tess/capped/write-access`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(((await access.json()) as { maxFilesPerCommit: number }).maxFilesPerCommit).toBe(3);
	});
});
