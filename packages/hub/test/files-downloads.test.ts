import { downloadFile, fileDownloadInfo, fileExists } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilesHub, startFilesHub } from "./files-fixture.js";

const CONFIG = '{"model_type":"bert"}\n';
const WEIGHTS = "w".repeat(5000);

describe("download counting and @huggingface/hub downloads", () => {
	let files: FilesHub;

	beforeAll(async () => {
		files = await startFilesHub("sqlite", [
			// transformers counts config.json fetches (the catalogue's default rule).
			{ id: "acme/counted", commits: [{ "config.json": CONFIG, "README.md": "# c\n", "empty.txt": "" }] },
			// trellis counts fetches of .safetensors files.
			{ id: "acme/trellis", libraryName: "trellis", commits: [{ "model.safetensors": WEIGHTS, "config.json": "{}" }] },
		]);
	});
	afterAll(async () => {
		await files?.close();
	});

	async function countAfter(repoId: string, requests: Array<[string, RequestInit?]>): Promise<number> {
		const before = await files.downloads(repoId);
		for (const [path, init] of requests) await (await fetch(`${files.url}${path}`, init)).arrayBuffer();
		return (await files.downloads(repoId)) - before;
	}

	it("counts a full GET of a file the library's rule names, once per GET", async () => {
		expect(await countAfter("acme/counted", [["/acme/counted/resolve/main/config.json"]])).toBe(1);
		expect(await countAfter("acme/counted", [["/acme/counted/resolve/main/config.json"]])).toBe(1);
	});

	it("does not count files outside the rule", async () => {
		expect(await countAfter("acme/counted", [["/acme/counted/resolve/main/README.md"]])).toBe(0);
		expect(await countAfter("acme/trellis", [["/acme/trellis/resolve/main/config.json"]])).toBe(0);
		expect(await countAfter("acme/trellis", [["/acme/trellis/resolve/main/model.safetensors"]])).toBe(1);
	});

	it("counts huggingface_hub's HEAD-then-GET once, and never a HEAD, a 304, a 416, a probe or a resumption", async () => {
		const config = "/acme/counted/resolve/main/config.json";
		expect(await countAfter("acme/counted", [[config, { method: "HEAD" }], [config]])).toBe(1);
		const etag = (await fetch(`${files.url}${config}`, { method: "HEAD" })).headers.get("etag") ?? "";
		expect(
			await countAfter("acme/counted", [
				[config, { method: "HEAD" }],
				[config, { headers: { "If-None-Match": etag } }],
				[config, { headers: { Range: "bytes=999-" } }],
				[config, { headers: { Range: "bytes=0-0" } }],
				[config, { headers: { Range: "bytes=5-" } }],
			]),
		).toBe(0);
		// A ranged read that starts the file (a client fetching in slices) is the download.
		expect(await countAfter("acme/counted", [[config, { headers: { Range: "bytes=0-9" } }]])).toBe(1);
	});

	it("serves downloadFile/fileDownloadInfo/fileExists, counting a client download once", async () => {
		const before = await files.downloads("acme/trellis");
		const info = await fileDownloadInfo({ repo: "acme/trellis", path: "model.safetensors", hubUrl: files.url });
		expect(info?.size).toBe(5000);
		expect(info?.etag).toMatch(/^"[0-9a-f]{64}"$/);

		const blob = await downloadFile({ repo: "acme/trellis", path: "model.safetensors", hubUrl: files.url });
		expect(await blob?.text()).toBe(WEIGHTS);
		expect((await files.downloads("acme/trellis")) - before).toBe(1);

		expect(await fileExists({ repo: "acme/trellis", path: "model.safetensors", hubUrl: files.url })).toBe(true);
		expect(await fileExists({ repo: "acme/trellis", path: "nope.bin", hubUrl: files.url })).toBe(false);
		expect(await downloadFile({ repo: "acme/trellis", path: "nope.bin", hubUrl: files.url })).toBeNull();

		const pointer = await downloadFile({
			repo: "acme/trellis",
			path: "model.safetensors",
			raw: true,
			hubUrl: files.url,
		});
		expect(await pointer?.text()).toMatch(
			/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 5000\n$/,
		);
	});

	it("downloads an empty file with downloadFile", async () => {
		const blob = await downloadFile({ repo: "acme/counted", path: "empty.txt", hubUrl: files.url });
		expect(blob?.size).toBe(0);
		expect(await blob?.text()).toBe("");
	});
});
