/**
 * A model fetched through the caching mirror is a model like any other here: its weights' facts
 * (safetensors parameters, GGUF architecture) show before the weights themselves are fetched, and
 * the hub's CPU runtime runs an ONNX classifier and a GGUF chat model mirrored from the upstream,
 * fetching the weights the first time they are needed, then with the upstream gone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bpeClassifierFiles, writeTinyLlama } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Balancer, startBalancer } from "./support/balancer.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { writeFolder } from "./support/folders.js";

const CLASSIFIER = "ops/sentiment";
const LLAMA = "ops/tiny-llama";
const SAFETENSORS = "ops/tensors";

/** A safetensors file of one F32 tensor of `rows` × 4: the header, then zeroed data. */
function safetensors(rows: number): Buffer {
	const header = Buffer.from(
		JSON.stringify({
			__metadata__: { format: "pt" },
			weight: { dtype: "F32", shape: [rows, 4], data_offsets: [0, rows * 16] },
		}),
	);
	const length = Buffer.alloc(8);
	length.writeBigUInt64LE(BigInt(header.length));
	return Buffer.concat([length, header, Buffer.alloc(rows * 16)]);
}

async function classify(hub: string): Promise<string> {
	const response = await fetch(`${hub}/hf-inference/models/${CLASSIFIER}`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({ inputs: "I love this film" }),
	});
	const text = await response.text();
	if (response.status !== 200) return `${response.status} ${text}`;
	const [labels] = JSON.parse(text) as { label: string }[][];
	return labels?.[0]?.label ?? text;
}

async function chat(hub: string): Promise<number> {
	const response = await fetch(`${hub}/v1/chat/completions`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({ model: LLAMA, messages: [{ role: "user", content: "hi" }], max_tokens: 4 }),
	});
	const body = (await response.json()) as { choices?: unknown[]; error?: unknown };
	expect(body.choices, JSON.stringify(body)).toHaveLength(1);
	return response.status;
}

describe("models of the caching mirror run here", () => {
	let source: TestDatabase;
	let target: TestDatabase;
	let upstream: ServingCli;
	let proxy: Balancer;
	let mirror: ServingCli;
	const folders: string[] = [];
	/** Whole downloads of files ending with `path` (a header read is a 206). */
	const downloads = (path: string) =>
		proxy.log.filter((entry) => entry.path.includes("/resolve/") && entry.path.endsWith(path) && entry.status === 200);
	const headerReads = (path: string) =>
		proxy.log.filter((entry) => entry.path.includes("/resolve/") && entry.path.endsWith(path) && entry.status === 206);

	beforeAll(async () => {
		source = await startTestDatabase("sqlite");
		target = await startTestDatabase("sqlite");
		const classifier = writeFolder(
			bpeClassifierFiles({
				labels: ["NEGATIVE", "POSITIVE"],
				vocabulary: ["i", "love", "this", "film", "awful"],
				vectors: { love: [1], awful: [-1] },
				weights: [[-24, 24]],
				bias: [0, 0],
			}),
		);
		const llama = mkdtempSync(join(tmpdir(), "hubkit-mirror-llama-"));
		await writeTinyLlama(join(llama, "tiny-llama-F32.gguf"), { seed: 3 });
		const tensors = writeFolder([
			{ path: "model.safetensors", content: safetensors(8) },
			{ path: "config.json", content: JSON.stringify({ architectures: ["BertModel"], model_type: "bert" }) },
		]);
		folders.push(classifier, llama, tensors);
		for (const [id, folder] of [
			[CLASSIFIER, classifier],
			[LLAMA, llama],
			[SAFETENSORS, tensors],
		] as const) {
			const imported = await runCli(["import", folder, "--repo", id, "--data", source.config.dataDir], source.cliEnv);
			expect(imported.code, imported.output).toBe(0);
		}
		upstream = await serveCli(["--data", source.config.dataDir], source.cliEnv);
		proxy = await startBalancer();
		proxy.backends.push(upstream.url);
		mirror = await serveCli(["--data", target.config.dataDir], { ...target.cliEnv, HUBKIT_UPSTREAM: proxy.url });
	});

	afterAll(async () => {
		for (const hub of [mirror, upstream]) hub?.child.kill("SIGKILL");
		await Promise.all([mirror?.exited, upstream?.exited]);
		await proxy?.close().catch(() => undefined);
		await source?.cleanup();
		await target?.cleanup();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it("shows the weights' facts before the weights are fetched", async () => {
		const info = async (hub: string, id: string) =>
			(await (await fetch(`${hub}/api/models/${id}`)).json()) as Record<string, unknown>;
		const [tensors, llama] = [await info(mirror.url, SAFETENSORS), await info(mirror.url, LLAMA)];
		expect(tensors.safetensors).toEqual({ parameters: { F32: 32 }, total: 32 });
		expect(tensors.safetensors).toEqual((await info(upstream.url, SAFETENSORS)).safetensors);
		expect(llama.gguf).toEqual((await info(upstream.url, LLAMA)).gguf);
		expect(llama.gguf).toMatchObject({ architecture: "llama" });
		expect(downloads(".safetensors")).toHaveLength(0);
		expect(downloads(".gguf")).toHaveLength(0);
		// Read from the upstream's bytes, a header at a time.
		expect(headerReads(".safetensors").length).toBeGreaterThan(0);
		expect(headerReads(".gguf").length).toBeGreaterThan(0);
	});

	it("runs a mirrored ONNX classifier and GGUF chat model, fetching their weights once", async () => {
		expect((await fetch(`${mirror.url}/api/models/${CLASSIFIER}`)).status).toBe(200);
		expect(await classify(mirror.url)).toBe("POSITIVE");
		expect(await chat(mirror.url)).toBe(200);
		expect(downloads(".onnx")).toHaveLength(1);
		expect(downloads(".gguf")).toHaveLength(1);
	}, 120_000);

	it("runs them again after a restart with the upstream gone", async () => {
		await proxy.close();
		mirror.child.kill("SIGTERM");
		await mirror.exited;
		mirror = await serveCli(["--data", target.config.dataDir], { ...target.cliEnv, HUBKIT_UPSTREAM: proxy.url });
		expect(await classify(mirror.url)).toBe("POSITIVE");
		expect(await chat(mirror.url)).toBe(200);
	}, 120_000);
});
