/**
 * The operator's commands, as real processes beside a running `hubkit serve`:
 * `hubkit import` of an ONNX model folder and of a GGUF model folder makes each
 * runnable through the router of the hub already running (no restart), with task
 * and library worked out from the files; `hubkit mirror` from that hub into a
 * second data directory gives byte-identical files and the same card; and
 * `hubkit check` finds both hubs whole. The mirror keeps the source's commit ids
 * (also when the source moves on) and is neither imported into nor cloned with git. Then a mirror continues a partial
 * download with a Range request, and a partial copy with the wrong bytes is
 * refused and removed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bpeClassifierFiles, writeTinyLlama } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MirrorError, mirrorFile, partPath, readSourceRevision } from "../src/services/mirror.js";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { writeFolder } from "./support/folders.js";

const sentiment = bpeClassifierFiles({
	labels: ["NEGATIVE", "POSITIVE"],
	vocabulary: ["i", "love", "great", "this", "film", "the", "movie", "was", "awful", "hate"],
	vectors: { love: [1], great: [1], awful: [-1], hate: [-1] },
	weights: [[-24, 24]],
	bias: [0, 0],
});

const CARD = "---\nlicense: apache-2.0\nlanguage: en\ntags:\n- sentiment\n---\n# Sentiment\n\nHand-set weights.\n";

interface TreeEntry {
	path: string;
	oid: string;
	size: number;
	type: string;
	lfs?: { oid: string };
}

async function tree(url: string, id: string): Promise<TreeEntry[]> {
	const response = await fetch(`${url}/api/models/${id}/tree/main?recursive=true`);
	expect(response.status).toBe(200);
	return (await response.json()) as TreeEntry[];
}

describe.each(ENGINES)("hubkit import, mirror and check (%s)", (engine) => {
	let source: TestDatabase;
	let target: TestDatabase;
	const running: ServingCli[] = [];
	const folders: string[] = [];

	const envOf = (database: TestDatabase): Record<string, string> => database.cliEnv;

	beforeAll(async () => {
		source = await startTestDatabase(engine);
		target = await startTestDatabase(engine);
	});
	afterAll(async () => {
		for (const hub of running.splice(0)) hub.child.kill("SIGKILL");
		await Promise.all(running.map((hub) => hub.exited));
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
		await source.cleanup();
		await target.cleanup();
	});

	it("imports ONNX and GGUF model folders into a running hub, runnable at once; mirrors one byte for byte", async () => {
		const hub = await serveCli(["--data", source.config.dataDir], envOf(source));
		running.push(hub);

		const onnxFolder = writeFolder([...sentiment, { path: "README.md", content: CARD }]);
		folders.push(onnxFolder);
		const imported = await runCli(
			["import", onnxFolder, "--repo", "ops/sentiment", "--data", source.config.dataDir],
			envOf(source),
		);
		expect(imported.code, imported.output).toBe(0);
		expect(imported.output).toContain("Created model ops/sentiment");
		expect(imported.output).toContain("The local runtime serves it (text-classification)");

		const info = (await (await fetch(`${hub.url}/api/models/ops/sentiment`)).json()) as Record<string, unknown>;
		expect(info).toMatchObject({ pipeline_tag: "text-classification", library_name: "transformers.js" });
		expect(info.cardData).toMatchObject({ license: "apache-2.0", tags: ["sentiment"] });
		// The running hub serves the new model through its router (its caches see another process's write).
		const classify = async () => {
			const response = await fetch(`${hub.url}/hf-inference/models/ops/sentiment`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ inputs: "I love this film" }),
			});
			if (response.status !== 200) return `${response.status}`;
			const [labels] = (await response.json()) as { label: string }[][];
			return labels?.[0]?.label;
		};
		await expect.poll(classify, { timeout: 30_000 }).toBe("POSITIVE");

		const ggufFolder = mkdtempSync(join(tmpdir(), "hubkit-import-gguf-"));
		folders.push(ggufFolder);
		await writeTinyLlama(join(ggufFolder, "tiny-llama-F32.gguf"), { seed: 3 });
		const llama = await runCli(
			["import", ggufFolder, "--repo", "ops/tiny-llama", "--data", source.config.dataDir],
			envOf(source),
		);
		expect(llama.code, llama.output).toBe(0);
		expect(llama.output).toContain("The local runtime serves it (conversational)");
		const chat = async () => {
			const response = await fetch(`${hub.url}/v1/chat/completions`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ model: "ops/tiny-llama", messages: [{ role: "user", content: "hi" }], max_tokens: 3 }),
			});
			if (response.status !== 200) return response.status;
			const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
			return typeof answer.choices?.[0]?.message?.content === "string" ? 200 : 500;
		};
		await expect.poll(chat, { timeout: 60_000 }).toBe(200);

		// A second hub's data directory, filled from the first over HTTP.
		const mirrored = await runCli(
			["mirror", "ops/sentiment", "--from", hub.url, "--data", target.config.dataDir],
			envOf(target),
		);
		expect(mirrored.code, mirrored.output).toBe(0);
		expect(mirrored.output).toContain("Created model ops/sentiment");
		const second = await serveCli(["--data", target.config.dataDir], envOf(target));
		running.push(second);
		const [original, copy] = await Promise.all([tree(hub.url, "ops/sentiment"), tree(second.url, "ops/sentiment")]);
		expect(copy).toEqual(original);
		for (const entry of original.filter((item) => item.type === "file")) {
			const [left, right] = await Promise.all(
				[hub.url, second.url].map(async (url) =>
					Buffer.from(await (await fetch(`${url}/ops/sentiment/resolve/main/${entry.path}`)).arrayBuffer()),
				),
			);
			expect(right.equals(left as Buffer), entry.path).toBe(true);
		}
		const copiedInfo = (await (await fetch(`${second.url}/api/models/ops/sentiment`)).json()) as Record<
			string,
			unknown
		>;
		expect(copiedInfo.cardData).toEqual(info.cardData);
		expect(copiedInfo.pipeline_tag).toBe("text-classification");

		for (const database of [source, target]) {
			const checked = await runCli(["check", "--deep", "--data", database.config.dataDir], envOf(database));
			expect(checked.code, checked.output).toBe(0);
			expect(checked.output).toContain("OK:");
		}
	});

	it("keeps the upstream's commit ids on a mirror, follows the upstream, and neither imports into it nor clones it", async () => {
		const [hub, second] = running as [ServingCli, ServingCli];
		const shaAt = async (url: string) =>
			((await (await fetch(`${url}/api/models/ops/sentiment/revision/main`)).json()) as { sha: string }).sha;
		const first = await shaAt(hub.url);
		expect(await shaAt(second.url)).toBe(first);
		const byUpstreamId = await fetch(`${second.url}/ops/sentiment/resolve/${first}/README.md`);
		expect(byUpstreamId.status).toBe(200);
		expect(byUpstreamId.headers.get("x-repo-commit")).toBe(first);

		const access = await (await fetch(`${second.url}/api/models/ops/sentiment/access`)).json();
		expect(access).toMatchObject({ mayWrite: false, mirrorOf: `${hub.url}/ops/sentiment` });
		const clone = await fetch(`${second.url}/ops/sentiment.git/info/refs?service=git-upload-pack`);
		expect(clone.status).toBe(403);
		expect(await clone.text()).toContain(
			`ops/sentiment is a mirror of ${hub.url}/ops/sentiment: git clone it from there`,
		);
		const intoMirror = await runCli(
			["import", folders[0] as string, "--repo", "ops/sentiment", "--data", target.config.dataDir],
			envOf(target),
		);
		expect(intoMirror.code).toBe(1);
		expect(intoMirror.output).toContain(`ops/sentiment is a mirror of ${hub.url}/ops/sentiment: import into another`);

		// The upstream moves on: the next mirror takes its new commit, id and all, on top of the first.
		const changed = writeFolder([
			...sentiment,
			{ path: "README.md", content: `${CARD}\nNow with a second paragraph.\n` },
		]);
		folders.push(changed);
		const updated = await runCli(
			["import", changed, "--repo", "ops/sentiment", "--data", source.config.dataDir],
			envOf(source),
		);
		expect(updated.code, updated.output).toBe(0);
		const next = await shaAt(hub.url);
		expect(next).not.toBe(first);
		const mirrorAgain = () =>
			runCli(["mirror", "ops/sentiment", "--from", hub.url, "--data", target.config.dataDir], envOf(target));
		const again = await mirrorAgain();
		expect(again.code, again.output).toBe(0);
		expect(again.output).toContain(`Updated model ops/sentiment (6 files), main at ${next}:`);
		await expect.poll(() => shaAt(second.url), { timeout: 10_000 }).toBe(next);
		const history = (await (await fetch(`${second.url}/api/models/ops/sentiment/commits/main`)).json()) as {
			id: string;
		}[];
		expect(history.map((commit) => commit.id)).toEqual([next, first]);
		const unchanged = await mirrorAgain();
		expect(unchanged.output).toContain(`Unchanged: model ops/sentiment (6 files), main at ${next}:`);
	});

	it("continues a partial download with Range, and refuses (and removes) a partial copy with wrong bytes", async () => {
		const hub = running[0] as ServingCli;
		const store = new DiskBlobStore(mkdtempSync(join(tmpdir(), "hubkit-mirror-store-")));
		const workDir = mkdtempSync(join(tmpdir(), "hubkit-mirror-work-"));
		folders.push(workDir);
		const mirrorSource = { from: hub.url, type: "model" as const, id: "ops/sentiment", revision: "main" };
		const revision = await readSourceRevision(mirrorSource);
		const weights = revision.files.find((file) => file.path === "onnx/model.onnx");
		expect(weights?.sha256).toMatch(/^[0-9a-f]{64}$/);
		const file = weights as NonNullable<typeof weights>;
		const bytes = Buffer.from(
			await (await fetch(`${hub.url}/ops/sentiment/resolve/main/onnx/model.onnx`)).arrayBuffer(),
		);

		const part = partPath(workDir, mirrorSource, revision.sha, file.path);
		writeFileSync(part, bytes.subarray(0, 100));
		const resumed = await mirrorFile(mirrorSource, revision.sha, file, { blobStore: store, workDir });
		expect(resumed).toMatchObject({ fetched: "resumed", blob: { sha256: file.sha256, size: bytes.length } });

		const readme = revision.files.find((item) => item.path === "README.md") as (typeof revision.files)[number];
		const readmePart = partPath(workDir, mirrorSource, revision.sha, readme.path);
		writeFileSync(readmePart, "this is not how the card starts");
		await expect(mirrorFile(mirrorSource, revision.sha, readme, { blobStore: store, workDir })).rejects.toThrow(
			MirrorError,
		);
		await expect(readFile(readmePart)).rejects.toMatchObject({ code: "ENOENT" });
		// The next run starts over and gets it right.
		const again = await mirrorFile(mirrorSource, revision.sha, readme, { blobStore: store, workDir });
		expect(again.fetched).toBe("downloaded");
	});

	it("says clearly what is wrong with a source it cannot read", async () => {
		const hub = running[0] as ServingCli;
		const missing = await runCli(
			["mirror", "ops/missing", "--from", hub.url, "--data", target.config.dataDir],
			envOf(target),
		);
		expect(missing.code).toBe(1);
		expect(missing.output).toMatch(/Reading ops\/missing at main: 401 .*set HF_TOKEN/);
		const reserved = await runCli(
			["import", folders[0] as string, "--repo", "api/weights", "--data", target.config.dataDir],
			envOf(target),
		);
		expect(reserved.code).toBe(1);
		expect(reserved.output).toContain('Invalid namespace: "api" is reserved');
		const notUrl = await runCli([
			"mirror",
			"ops/sentiment",
			"--from",
			"ftp://example",
			"--data",
			target.config.dataDir,
		]);
		expect(notUrl.code).toBe(1);
		expect(notUrl.output).toContain("--from must be an http:// or https:// URL");
	});
});
