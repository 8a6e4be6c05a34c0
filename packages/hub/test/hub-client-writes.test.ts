/**
 * The public `@huggingface/hub` client writing to this hub unchanged, for a model
 * and a dataset, on both database engines: createRepo → uploadFiles (a small file
 * sent inline, a 12 MiB file through Git LFS, a folder) → listFiles and
 * downloadFile read every byte back → deleteFile → a commit on a stale
 * parentCommit is refused → deleteRepo. The blobs are on disk, as in production.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
	commit,
	createRepo,
	deleteFile,
	deleteRepo,
	downloadFile,
	listFiles,
	repoExists,
	uploadFiles,
} from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { startTestDatabase } from "./support/engines.js";
import { listen, openTestHub } from "./support/hub.js";
import { openTestStore, SETUPS } from "./support/stores.js";

const LARGE_FILE_BYTES = 12 * 1024 * 1024;

async function bytesOf(blob: Blob | null): Promise<Buffer> {
	expect(blob).not.toBeNull();
	return Buffer.from(await (blob as Blob).arrayBuffer());
}

describe.each(SETUPS)("@huggingface/hub writes to the hub ($label)", ({ engine, store }) => {
	let hubUrl = "";
	let accessToken = "";
	const closers: (() => Promise<void>)[] = [];
	const folder = mkdtempSync(join(tmpdir(), "hubkit-upload-folder-"));

	beforeAll(async () => {
		const database = await startTestDatabase(engine);
		closers.push(() => database.cleanup());
		const testStore = await openTestStore(store, join(database.config.dataDir, "store"));
		closers.push(() => testStore.cleanup());
		const hub = await openTestHub({ ...database.config, ...testStore.config }, testStore.store);
		closers.push(() => hub.close());
		const server = await listen(hub.app);
		closers.push(() => server.close());
		hubUrl = server.url;
		accessToken = (await createAccessToken(hub.deps.db, "you", { role: "write" })).token;
		mkdirSync(join(folder, "nested"), { recursive: true });
		writeFileSync(join(folder, "labels.txt"), "negative\npositive\n");
		writeFileSync(join(folder, "nested", "notes.md"), "# Notes\n");
	});

	afterAll(async () => {
		for (const close of closers.splice(0).reverse()) await close();
		rmSync(folder, { recursive: true, force: true });
	});

	for (const type of ["model", "dataset"] as const) {
		it(`creates, fills, reads back, edits and deletes a ${type} repository`, async () => {
			const repo = { type, name: `you/written-${type}` };
			const credentials = { accessToken, hubUrl };

			const created = await createRepo({ ...credentials, repo });
			expect(created.repoUrl).toBe(`${hubUrl}/${type === "model" ? "" : "datasets/"}you/written-${type}`);
			await expect(createRepo({ ...credentials, repo })).rejects.toMatchObject({ statusCode: 409 });

			const readme =
				"---\nlicense: mit\ntags:\n- written-by-a-test\n---\n# Written\n\nA repository written by a test.\n";
			const large = randomBytes(LARGE_FILE_BYTES);
			const uploaded = await uploadFiles({
				...credentials,
				repo,
				files: [
					{ path: "README.md", content: new Blob([readme]) },
					{ path: "data/large.bin", content: new Blob([large]) },
					{ path: "folder", content: pathToFileURL(folder) },
				],
			});
			expect(uploaded?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
			const firstCommit = uploaded?.commit.oid as string;

			const listed = [];
			for await (const entry of listFiles({ ...credentials, repo, recursive: true })) listed.push(entry);
			const files = listed.filter((entry) => entry.type === "file").map((entry) => entry.path);
			expect(files.sort()).toEqual(
				[".gitattributes", "README.md", "data/large.bin", "folder/labels.txt", "folder/nested/notes.md"].sort(),
			);
			const largeEntry = listed.find((entry) => entry.path === "data/large.bin");
			expect(largeEntry?.lfs?.size).toBe(LARGE_FILE_BYTES);
			expect(largeEntry?.size).toBe(LARGE_FILE_BYTES);

			expect((await bytesOf(await downloadFile({ ...credentials, repo, path: "README.md" }))).toString()).toBe(readme);
			expect((await bytesOf(await downloadFile({ ...credentials, repo, path: "data/large.bin" }))).equals(large)).toBe(
				true,
			);
			expect(
				(await bytesOf(await downloadFile({ ...credentials, repo, path: "folder/nested/notes.md" }))).toString(),
			).toBe("# Notes\n");

			await deleteFile({ ...credentials, repo, path: "folder/labels.txt" });
			const afterDelete = [];
			for await (const entry of listFiles({ ...credentials, repo, recursive: true })) afterDelete.push(entry.path);
			expect(afterDelete).not.toContain("folder/labels.txt");
			expect(afterDelete).toContain("data/large.bin");

			// The first commit is no longer the head: a commit made on top of it is refused, and changes nothing.
			await expect(
				commit({
					...credentials,
					repo,
					title: "Written on a stale parent",
					parentCommit: firstCommit,
					operations: [{ operation: "addOrUpdate", path: "stale.txt", content: new Blob(["stale"]) }],
				}),
			).rejects.toMatchObject({ statusCode: 412 });
			const afterStale = [];
			for await (const entry of listFiles({ ...credentials, repo, recursive: true })) afterStale.push(entry.path);
			expect(afterStale).not.toContain("stale.txt");

			await deleteRepo({ ...credentials, repo });
			expect(await repoExists({ ...credentials, repo })).toBe(false);
		});
	}
});
