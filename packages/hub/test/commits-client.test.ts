/**
 * Creating a repository and committing to it with the public @huggingface/hub client,
 * unchanged, against a hub on 127.0.0.1: createRepo, uploadFiles (inline files and a
 * folder), deleteFile, deleteFiles, a commit on a stale parentCommit refused, and the
 * files read back byte-exact through listFiles and downloadFile. On SQLite and PostgreSQL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
	commit,
	createRepo,
	deleteFile,
	deleteFiles,
	downloadFile,
	listFiles,
	modelInfo,
	uploadFiles,
	uploadFilesWithProgress,
} from "@huggingface/hub";
import { afterAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { snapshotOf } from "../src/services/commits.js";
import { defaultGitattributes } from "../src/services/repo-create.js";
import { useHttpHubOn } from "./support/hub.js";
import { SETUPS } from "./support/stores.js";

const folder = mkdtempSync(join(tmpdir(), "hubkit-commit-folder-"));
mkdirSync(join(folder, "data", "nested"), { recursive: true });
writeFileSync(join(folder, "data", "a.txt"), "first file\n");
writeFileSync(join(folder, "data", "nested", "b.json"), '{"b": 2}\n');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(SETUPS)("committing with @huggingface/hub ($label)", (setup) => {
	const hub = useHttpHubOn(setup);

	async function paths(repo: string, accessToken: string): Promise<string[]> {
		const found: string[] = [];
		for await (const entry of listFiles({ repo, recursive: true, hubUrl: hub.url, accessToken })) {
			if (entry.type === "file") found.push(entry.path);
		}
		return found.sort();
	}

	async function text(repo: string, path: string, accessToken: string, revision?: string): Promise<string | null> {
		const blob = await downloadFile({ repo, path, hubUrl: hub.url, accessToken, revision });
		return blob ? await blob.text() : null;
	}

	it("creates a repository, uploads files and a folder, deletes, and refuses a stale parent", async () => {
		const { token } = await createAccessToken(hub.deps.db, "ada", { role: "write" });
		const repo = "ada/notes";
		const created = await createRepo({ repo, accessToken: token, hubUrl: hub.url });
		expect(created).toEqual({ repoUrl: `${hub.url}/ada/notes`, id: "ada/notes" });
		expect(await paths(repo, token)).toEqual([".gitattributes"]);
		expect(await text(repo, ".gitattributes", token)).toBe(defaultGitattributes());
		await expect(createRepo({ repo, accessToken: token, hubUrl: hub.url })).rejects.toMatchObject({ statusCode: 409 });

		const binary = new Uint8Array(300).map((_, index) => (index * 7) % 256);
		const first = await uploadFiles({
			repo,
			accessToken: token,
			hubUrl: hub.url,
			files: [
				{ path: "README.md", content: new Blob(["# Notes\n\nSmall things.\n"]) },
				{ path: "raw/bytes.dat", content: new Blob([binary]) },
				pathToFileURL(join(folder, "data")),
			],
		});
		expect(first?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
		expect(first?.commit.url).toBe(`${hub.url}/ada/notes/commit/${first?.commit.oid}`);
		expect(await paths(repo, token)).toEqual([
			".gitattributes",
			"README.md",
			"data/a.txt",
			"data/nested/b.json",
			"raw/bytes.dat",
		]);
		expect(await text(repo, "README.md", token)).toBe("# Notes\n\nSmall things.\n");
		expect(await text(repo, "data/nested/b.json", token)).toBe('{"b": 2}\n');
		const bytes = await downloadFile({ repo, path: "raw/bytes.dat", hubUrl: hub.url, accessToken: token });
		expect(new Uint8Array((await bytes?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(binary);

		await deleteFile({ repo, path: "raw/bytes.dat", accessToken: token, hubUrl: hub.url });
		await deleteFiles({ repo, paths: ["data/a.txt", "data/nested/b.json"], accessToken: token, hubUrl: hub.url });
		expect(await paths(repo, token)).toEqual([".gitattributes", "README.md"]);
		// The earlier revision is still there, whole.
		expect(await text(repo, "data/a.txt", token, first?.commit.oid)).toBe("first file\n");

		const stale = commit({
			repo,
			accessToken: token,
			hubUrl: hub.url,
			title: "on an old head",
			parentCommit: first?.commit.oid,
			operations: [{ operation: "addOrUpdate", path: "late.txt", content: new Blob(["late"]) }],
		});
		await expect(stale).rejects.toMatchObject({ statusCode: 412 });
		expect(await paths(repo, token)).toEqual([".gitattributes", "README.md"]);

		const head = await hub.deps.db
			.selectFrom("refs")
			.select("commit_sha")
			.where("repo_id", "=", repo)
			.where("name", "=", "main")
			.executeTakeFirstOrThrow();
		const fresh = await commit({
			repo,
			accessToken: token,
			hubUrl: hub.url,
			title: "on the head",
			parentCommit: head.commit_sha,
			operations: [{ operation: "addOrUpdate", path: "late.txt", content: new Blob(["late"]) }],
		});
		expect(fresh?.commit.oid).not.toBe(head.commit_sha);
		expect(await text(repo, "late.txt", token)).toBe("late");
		const row = await hub.deps.db
			.selectFrom("commits")
			.select(["parent_sha", "author", "message"])
			.where("repo_id", "=", repo)
			.where("sha", "=", fresh?.commit.oid ?? "")
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ parent_sha: head.commit_sha, author: "ada", message: "on the head" });
	});

	it("creates a private repository others cannot see, and refuses writes from others and read tokens", async () => {
		const { token } = await createAccessToken(hub.deps.db, "bea", { role: "write" });
		const other = (await createAccessToken(hub.deps.db, "cyd", { role: "write" })).token;
		const reader = (await createAccessToken(hub.deps.db, "bea")).token;
		await createRepo({ repo: "bea/secret", accessToken: token, hubUrl: hub.url, visibility: "private" });
		await uploadFiles({
			repo: "bea/secret",
			accessToken: token,
			hubUrl: hub.url,
			files: [{ path: "x.txt", content: new Blob(["x"]) }],
		});
		expect(await text("bea/secret", "x.txt", token)).toBe("x");
		const attempt = (accessToken: string) =>
			uploadFiles({
				repo: "bea/secret",
				accessToken,
				hubUrl: hub.url,
				files: [{ path: "y.txt", content: new Blob(["y"]) }],
			});
		await expect(attempt(other)).rejects.toMatchObject({ statusCode: 404 });
		await expect(attempt(reader)).rejects.toMatchObject({ statusCode: 403 });
		await expect(createRepo({ repo: "bea/by-cyd", accessToken: other, hubUrl: hub.url })).rejects.toMatchObject({
			statusCode: 403,
		});
		expect(await paths("bea/secret", token)).toEqual([".gitattributes", "x.txt"]);
	});

	it("creates a repository with its first files, and uploads with progress events", async () => {
		const { token } = await createAccessToken(hub.deps.db, "dot", { role: "write" });
		const card = "---\nlicense: mit\npipeline_tag: text-classification\n---\n# Dot\n";
		await createRepo({
			repo: "dot/first",
			accessToken: token,
			hubUrl: hub.url,
			files: [{ path: "README.md", content: new Blob([card]) }],
		});
		expect(await paths("dot/first", token)).toEqual([".gitattributes", "README.md"]);
		const info = await modelInfo({
			name: "dot/first",
			hubUrl: hub.url,
			accessToken: token,
			additionalFields: ["cardData"],
		});
		expect(info.task).toBe("text-classification");
		expect(info.cardData).toEqual({ license: "mit", pipeline_tag: "text-classification" });

		const events: string[] = [];
		const progress = uploadFilesWithProgress({
			repo: "dot/first",
			accessToken: token,
			hubUrl: hub.url,
			files: [{ path: "notes/one.txt", content: new Blob(["one"]) }],
		});
		let step = await progress.next();
		while (!step.done) {
			if (step.value.event === "phase") events.push(step.value.phase);
			step = await progress.next();
		}
		expect(events).toEqual(["preuploading", "uploadingLargeFiles", "committing"]);
		expect(step.value?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
		expect(await text("dot/first", "notes/one.txt", token)).toBe("one");
	});

	it("creates and fills a dataset repository", async () => {
		const { token } = await createAccessToken(hub.deps.db, "eve", { role: "write" });
		const repo = { type: "dataset" as const, name: "eve/rows" };
		const created = await createRepo({ repo, accessToken: token, hubUrl: hub.url });
		expect(created).toEqual({ repoUrl: `${hub.url}/datasets/eve/rows`, id: "eve/rows" });
		const uploaded = await uploadFiles({
			repo,
			accessToken: token,
			hubUrl: hub.url,
			files: [
				{ path: "README.md", content: new Blob(["---\nlicense: cc0-1.0\n---\nRows of things.\n"]) },
				{ path: "data/train.csv", content: new Blob(["a,b\n1,2\n"]) },
			],
		});
		expect(uploaded?.commit.url).toBe(`${hub.url}/datasets/eve/rows/commit/${uploaded?.commit.oid}`);
		const files = await snapshotOf(hub.deps.db, uploaded?.commit.oid ?? "");
		expect([...files.keys()].sort()).toEqual([".gitattributes", "README.md", "data/train.csv"]);
		const record = await hub.deps.db
			.selectFrom("datasets")
			.select(["sha", "description", "tags"])
			.where("id", "=", "eve/rows")
			.executeTakeFirstOrThrow();
		expect(record).toEqual({
			sha: uploaded?.commit.oid,
			description: "Rows of things.",
			tags: JSON.stringify(["license:cc0-1.0"]),
		});
		await deleteFile({ repo, path: "data/train.csv", accessToken: token, hubUrl: hub.url });
		const head = await hub.deps.db
			.selectFrom("refs")
			.select("commit_sha")
			.where("repo_id", "=", "datasets/eve/rows")
			.where("name", "=", "main")
			.executeTakeFirstOrThrow();
		expect([...(await snapshotOf(hub.deps.db, head.commit_sha)).keys()].sort()).toEqual([
			".gitattributes",
			"README.md",
		]);
	});
});
