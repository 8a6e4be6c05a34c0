import { listFiles, pathsInfo } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitBlobOid } from "../src/git-oid.js";
import { type FilesHub, type RepoFiles, startFilesHub } from "./files-fixture.js";

interface Entry {
	type: "file" | "directory";
	oid: string;
	size: number;
	path: string;
	lfs?: { oid: string; size: number; pointerSize: number };
	lastCommit?: { id: string; title: string; date: string };
}

// Same regex as @huggingface/hub's parseLinkHeader: absolute URL, `;`, whitespace, quoted rel.
const LINK = /^<(https?:\/\/[^>]+)>;\s+rel="next"$/;

const MANY_FILES: RepoFiles = Object.fromEntries(
	Array.from({ length: 1201 }, (_, index) => [`shards/part-${String(index).padStart(4, "0")}.txt`, `part ${index}\n`]),
);

describe("GET /api/models/{id}/tree/{revision}[/{path}]", () => {
	let files: FilesHub;
	let firstSha: string;
	let mainSha: string;

	beforeAll(async () => {
		files = await startFilesHub("sqlite", [
			{
				id: "acme/tree",
				commits: [
					{ "config.json": "{}", "onnx/model.onnx": "v1" },
					{
						"config.json": "{}",
						"README.md": "# tree\n",
						"onnx/model.onnx": "v2",
						"onnx/extra/notes.txt": "n\n",
						"model.safetensors": "weights",
					},
				],
			},
			{ id: "acme/many", commits: [MANY_FILES] },
		]);
		[firstSha = "", mainSha = ""] = files.commits.get("acme/tree") ?? [];
	});
	afterAll(async () => {
		await files?.close();
	});

	async function getJson(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
		const response = await fetch(`${files.url}${path}`);
		return { status: response.status, body: await response.json(), headers: response.headers };
	}

	it("lists the root's direct children with the exact key sets clients compare", async () => {
		const { status, body, headers } = await getJson("/api/models/acme/tree/tree/main");
		expect(status).toBe(200);
		expect(headers.get("link")).toBeNull();
		const entries = body as Entry[];
		expect(entries.map((entry) => [entry.type, entry.path])).toEqual([
			["file", "README.md"],
			["file", "config.json"],
			["file", "model.safetensors"],
			["directory", "onnx"],
		]);
		expect(entries[1]).toEqual({ type: "file", oid: gitBlobOid("{}"), size: 2, path: "config.json" });
		expect(Object.keys(entries[2] ?? {}).sort()).toEqual(["lfs", "oid", "path", "size", "type"]);
		expect(entries[2]?.lfs).toEqual({ oid: expect.stringMatching(/^[0-9a-f]{64}$/), size: 7, pointerSize: 126 });
		expect(entries[3]).toEqual({
			type: "directory",
			oid: expect.stringMatching(/^[0-9a-f]{40}$/),
			size: 0,
			path: "onnx",
		});
	});

	it("lists everything with recursive=true (or True, or 1), and a sub-directory given raw or %2F-encoded", async () => {
		for (const flag of ["true", "True", "1"]) {
			const { body } = await getJson(`/api/models/acme/tree/tree/main?recursive=${flag}`);
			expect((body as Entry[]).map((entry) => entry.path)).toEqual([
				"README.md",
				"config.json",
				"model.safetensors",
				"onnx",
				"onnx/extra",
				"onnx/extra/notes.txt",
				"onnx/model.onnx",
			]);
		}
		for (const path of ["onnx/extra", "onnx%2Fextra", "onnx/extra/"]) {
			const { body } = await getJson(`/api/models/acme/tree/tree/main/${path}`);
			expect(
				(body as Entry[]).map((entry) => entry.path),
				path,
			).toEqual(["onnx/extra/notes.txt"]);
		}
	});

	it("lists an older commit as it was", async () => {
		const { body, headers } = await getJson(`/api/models/acme/tree/tree/${firstSha}?recursive=true`);
		expect((body as Entry[]).map((entry) => entry.path)).toEqual(["config.json", "onnx", "onnx/model.onnx"]);
		expect(headers.get("x-repo-commit")).toBe(firstSha);
	});

	it("adds lastCommit with expand=true: the newest commit that changed each entry", async () => {
		const { body } = await getJson("/api/models/acme/tree/tree/main?expand=true");
		const byPath = new Map((body as Entry[]).map((entry) => [entry.path, entry.lastCommit]));
		expect(byPath.get("config.json")).toEqual({ id: firstSha, title: "Commit 1", date: "2024-01-01T00:00:00.000Z" });
		expect(byPath.get("README.md")?.id).toBe(mainSha);
		// The directory changed in the second commit because a file inside it did.
		expect(byPath.get("onnx")?.id).toBe(mainSha);
	});

	it("pages with an absolute Link rel=next that keeps every parameter, until the last page has none", async () => {
		const seen: string[] = [];
		let url: string | undefined = `${files.url}/api/models/acme/tree/tree/main?recursive=1&expand=false&limit=3`;
		let pages = 0;
		while (url) {
			const response: Response = await fetch(url);
			expect(response.status).toBe(200);
			const page = (await response.json()) as Entry[];
			seen.push(...page.map((entry) => entry.path));
			pages++;
			const link: string | null = response.headers.get("link");
			url = link ? LINK.exec(link)?.[1] : undefined;
			if (link) {
				expect(url).toBeDefined();
				const next = new URL(url ?? "");
				expect(next.searchParams.get("recursive")).toBe("1");
				expect(next.searchParams.get("limit")).toBe("3");
				expect(next.searchParams.get("cursor")).toBeTruthy();
			}
		}
		expect(pages).toBe(3);
		const { body } = await getJson("/api/models/acme/tree/tree/main?recursive=1");
		expect(seen).toEqual((body as Entry[]).map((entry) => entry.path));
	});

	it("pages a large repository for @huggingface/hub listFiles, which follows Link on its own", async () => {
		const response = await fetch(`${files.url}/api/models/acme/many/tree/main/shards`);
		expect(response.headers.get("link")).toMatch(LINK);
		expect(((await response.json()) as Entry[]).length).toBe(1000);

		const listed: string[] = [];
		for await (const entry of listFiles({ repo: "acme/many", recursive: true, hubUrl: files.url })) {
			listed.push(entry.path);
		}
		expect(listed.length).toBe(1202);
		expect(new Set(listed).size).toBe(1202);
		expect(listed[0]).toBe("shards");
		expect(listed.at(-1)).toBe("shards/part-1200.txt");
	});

	it("refuses bad limits and cursors with 400", async () => {
		for (const query of ["limit=0", "limit=1001", "limit=abc", "cursor=%%%", "cursor=Li4vZXRj"]) {
			const { status, body } = await getJson(`/api/models/acme/tree/tree/main?${query}`);
			expect(status, query).toBe(400);
			expect(body).toEqual({ error: expect.any(String) });
		}
	});

	it("answers a missing directory, a file path and an unknown revision with 404 and the right code", async () => {
		const missing = await getJson("/api/models/acme/tree/tree/main/nope");
		expect(missing.status).toBe(404);
		expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
		const file = await getJson("/api/models/acme/tree/tree/main/config.json");
		expect(file.status).toBe(404);
		const revision = await getJson("/api/models/acme/tree/tree/nope");
		expect(revision.headers.get("x-error-code")).toBe("RevisionNotFound");
		const repo = await getJson("/api/models/acme/nope/tree/main");
		expect(repo.headers.get("x-error-code")).toBe("RepoNotFound");
	});
});

describe("POST /api/models/{id}/paths-info/{revision}", () => {
	let files: FilesHub;

	beforeAll(async () => {
		files = await startFilesHub("sqlite", [
			{ id: "acme/info", commits: [{ "config.json": "{}", "onnx/model.onnx": "bytes" }] },
		]);
	});
	afterAll(async () => {
		await files?.close();
	});

	it("answers @huggingface/hub pathsInfo (JSON body) with the entries that exist", async () => {
		const entries = await pathsInfo({
			repo: "acme/info",
			paths: ["config.json", "onnx", "missing.txt"],
			hubUrl: files.url,
		});
		expect(entries.map((entry) => [entry.type, entry.path])).toEqual([
			["file", "config.json"],
			["directory", "onnx"],
		]);
		const expanded = await pathsInfo({ repo: "acme/info", paths: ["config.json"], expand: true, hubUrl: files.url });
		expect(expanded[0]?.lastCommit?.title).toBe("Commit 1");
	});

	it("reads the form-urlencoded body huggingface_hub sends (repeated paths)", async () => {
		const response = await fetch(`${files.url}/api/models/acme/info/paths-info/main`, {
			method: "POST",
			headers: { "Content-Type": "application/x-www-form-urlencoded" },
			body: "paths=config.json&paths=onnx%2Fmodel.onnx&expand=false",
		});
		const entries = (await response.json()) as Entry[];
		expect(entries.map((entry) => entry.path)).toEqual(["config.json", "onnx/model.onnx"]);
		expect(entries[1]?.lfs?.size).toBe(5);
	});

	it("refuses a body that is not a list of paths, or a path that escapes the repository", async () => {
		for (const body of ['{"paths":"config.json"}', '{"paths":[1]}', "not json", '{"paths":["../x"]}']) {
			const response = await fetch(`${files.url}/api/models/acme/info/paths-info/main`, {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body,
			});
			expect(response.status, body).toBe(400);
			expect(await response.json()).toEqual({ error: expect.any(String) });
		}
	});
});
