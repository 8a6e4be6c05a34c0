/**
 * What the weight files say about themselves reaches the model answers: a committed
 * safetensors file's header gives `safetensors` (parameters per dtype, total; a sharded
 * index sums its shards; an LFS upload is read like an inline file), a GGUF file's header
 * gives `gguf` (architecture, context length, chat template, special tokens, parameter
 * count, quantisation), both in the default model info and through `expand` on info and
 * listings; their totals are the `num_parameters` listings sort by. Truncated or lying headers keep the commit and leave the field out. The card's
 * `base_model` gives `baseModels` with the relation stated or implied by the files, and the
 * base model's `childrenModelCount`; `filter=base_model:…` lists the children. Models stored
 * before the hub kept these fields get them once, on start (services/weights-backfill.ts). On SQLite and
 * PostgreSQL (the children count is a grouped query over tags).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeGguf } from "@hubkit/runtime/models";
import { GGMLQuantizationType } from "@hubkit/tasks";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { fillWeightsMetadata } from "../src/services/weights-backfill.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { batch, put, sha256Of } from "./lfs-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

const DTYPE_BYTES: Record<string, number> = { F32: 4, BF16: 2, F16: 2, I64: 8, U8: 1 };

/** A safetensors file: the 8-byte header length, the JSON header, then zeroed tensor data. */
function safetensors(tensors: Record<string, { dtype: string; shape: number[] }>, lie = 0): Uint8Array {
	let offset = 0;
	const described: Record<string, unknown> = { __metadata__: { format: "pt" } };
	for (const [name, { dtype, shape }] of Object.entries(tensors)) {
		const bytes = shape.reduce((product, size) => product * size, 1) * (DTYPE_BYTES[dtype] as number);
		described[name] = { dtype, shape, data_offsets: [offset, offset + bytes] };
		offset += bytes;
	}
	const json = Buffer.from(JSON.stringify(described));
	const length = Buffer.alloc(8);
	length.writeBigUInt64LE(BigInt(json.length + lie));
	return Buffer.concat([length, json, Buffer.alloc(offset)]);
}

/** A small GGUF model file (F16 weights, one F32 norm), read back as bytes. */
async function ggufBytes(): Promise<Uint8Array> {
	const directory = await mkdtemp(join(tmpdir(), "hubkit-gguf-"));
	try {
		const path = join(directory, "model-F16.gguf");
		await writeGguf(
			path,
			{
				"general.architecture": { type: "string", value: "llama" },
				"general.file_type": { type: "uint32", value: 1 },
				"llama.context_length": { type: "uint32", value: 2048 },
				"tokenizer.ggml.tokens": { type: "array", items: "string", value: ["<s>", "</s>", "hello"] },
				"tokenizer.ggml.bos_token_id": { type: "uint32", value: 0 },
				"tokenizer.ggml.eos_token_id": { type: "uint32", value: 1 },
				"tokenizer.chat_template": { type: "string", value: "{% for m in messages %}{{ m.content }}{% endfor %}" },
			},
			[
				{ name: "token_embd.weight", shape: [8, 3], type: GGMLQuantizationType.F16, fill: (out) => out.fill(0) },
				{ name: "output_norm.weight", shape: [8], type: GGMLQuantizationType.F32, fill: (out) => out.fill(1) },
			],
		);
		return await readFile(path);
	} finally {
		await rm(directory, { recursive: true, force: true });
	}
}

describe.each(ENGINES)("model metadata from the weight files (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let token = "";
	let gguf: Uint8Array = new Uint8Array(0);

	const get = async (path: string) => {
		const response = await fetch(`${hub.url}${path}`);
		expect(response.status).toBe(200);
		return response.json();
	};
	async function commit(name: string, lines: Parameters<typeof commitRaw>[3]): Promise<void> {
		const created = await createRepoRaw(hub.url, token, { name, organization: null });
		expect(created.status).toBe(200);
		const committed = await commitRaw(hub.url, token, `dana/${name}`, [header("weights"), ...lines]);
		expect(committed.status).toBe(200);
	}
	/** Uploads bytes over LFS and returns the commit line naming them. */
	async function lfs(path: string, bytes: Uint8Array) {
		const asked = await batch(
			hub.url,
			"/dana/lfs-weights",
			token,
			[{ oid: sha256Of(bytes), size: bytes.length }],
			["basic"],
		);
		expect(asked.status).toBe(200);
		const href = asked.objects[0]?.actions?.upload.href;
		if (href) expect((await put(href, bytes)).status).toBe(200);
		return { key: "lfsFile", value: { path, algo: "sha256", oid: sha256Of(bytes), size: bytes.length } };
	}

	beforeAll(async () => {
		token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
		gguf = await ggufBytes();
	});

	it("counts the parameters of a safetensors file per dtype, inline or over LFS", async () => {
		const weights = safetensors({
			"encoder.weight": { dtype: "F32", shape: [4, 3] },
			"encoder.bias": { dtype: "F32", shape: [4] },
			"embed.weight": { dtype: "BF16", shape: [10, 2] },
			position_ids: { dtype: "I64", shape: [1, 5] },
		});
		await commit("plain-weights", [inline("model.safetensors", weights)]);
		const expected = { parameters: { F32: 16, BF16: 20, I64: 5 }, total: 41 };
		expect((await get("/api/models/dana/plain-weights")).safetensors).toEqual(expected);
		expect((await get("/api/models/dana/plain-weights")).gguf).toBeUndefined();

		expect((await createRepoRaw(hub.url, token, { name: "lfs-weights", organization: null })).status).toBe(200);
		const line = await lfs("model.safetensors", weights);
		expect((await commitRaw(hub.url, token, "dana/lfs-weights", [header("lfs"), line])).status).toBe(200);
		const info = await get("/api/models/dana/lfs-weights?expand=safetensors");
		expect(info).toEqual({ _id: expect.any(String), id: "dana/lfs-weights", safetensors: expected });
	});

	it("sums the shards a sharded index names", async () => {
		const first = safetensors({ "a.weight": { dtype: "F16", shape: [6, 5] } });
		const second = safetensors({ "b.weight": { dtype: "F16", shape: [7] }, "b.scale": { dtype: "F32", shape: [2] } });
		const index = {
			metadata: { total_size: 0 },
			weight_map: {
				"a.weight": "model-00001-of-00002.safetensors",
				"b.weight": "model-00002-of-00002.safetensors",
				"b.scale": "model-00002-of-00002.safetensors",
			},
		};
		await commit("sharded", [
			inline("model.safetensors.index.json", JSON.stringify(index)),
			inline("model-00001-of-00002.safetensors", first),
			inline("model-00002-of-00002.safetensors", second),
			// Not named by the index: not counted.
			inline("extra/other.safetensors", safetensors({ x: { dtype: "F32", shape: [100] } })),
		]);
		expect((await get("/api/models/dana/sharded")).safetensors).toEqual({ parameters: { F16: 37, F32: 2 }, total: 39 });
	});

	it("reads a GGUF header: architecture, context, template, tokens, parameters, quantisation", async () => {
		await commit("llama-gguf", [inline("model-F16.gguf", gguf)]);
		const info = await get("/api/models/dana/llama-gguf");
		expect(info.gguf).toEqual({
			total: 32,
			architecture: "llama",
			context_length: 2048,
			chat_template: "{% for m in messages %}{{ m.content }}{% endfor %}",
			bos_token: "<s>",
			eos_token: "</s>",
			quantization: "F16",
		});
		expect(info.safetensors).toBeUndefined();
		const listed = await get("/api/models?author=dana&search=llama-gguf&expand=gguf");
		expect(listed).toEqual([{ _id: expect.any(String), id: "dana/llama-gguf", gguf: info.gguf }]);
		// The totals are the parameter counts listings sort by.
		const bySize = await get("/api/models?author=dana&sort=num_parameters&limit=4&expand=sha");
		expect(bySize.map((model: { id: string }) => model.id)).toEqual([
			"dana/plain-weights",
			"dana/lfs-weights",
			"dana/sharded",
			"dana/llama-gguf",
		]);
	});

	it("keeps the commit and leaves the field out when a header is truncated or lies", async () => {
		const lying = safetensors({ w: { dtype: "F32", shape: [3] } }, 1_000_000);
		const notJson = Buffer.concat([Buffer.from([5, 0, 0, 0, 0, 0, 0, 0]), Buffer.from("{nope")]);
		await commit("bad-weights", [
			inline("model.safetensors", lying),
			inline("other.safetensors", notJson),
			inline("model-Q4_K_M.gguf", gguf.subarray(0, 60)),
		]);
		const info = await get("/api/models/dana/bad-weights?expand=safetensors&expand=gguf&expand=sha");
		expect(info).toEqual({ _id: expect.any(String), id: "dana/bad-weights", sha: expect.any(String) });
		// One good shard beside a bad one is not a count either (half a model would mislead).
		await commit("half-bad", [
			inline("a.safetensors", safetensors({ w: { dtype: "F32", shape: [3] } })),
			inline("b.safetensors", notJson),
		]);
		expect((await get("/api/models/dana/half-bad")).safetensors).toBeUndefined();
	});

	it("answers the model tree: base models with their relation, children counts, the base_model filter", async () => {
		await commit("base", [inline("README.md", "---\nlicense: mit\n---\n# Base\n")]);
		await commit("tuned", [inline("README.md", "---\nbase_model: dana/base\n---\n# Tuned\n")]);
		await commit("quant", [inline("README.md", "---\nbase_model: dana/base\n---\n"), inline("m-F16.gguf", gguf)]);
		await commit("lora", [
			inline("README.md", "---\nbase_model: dana/base\n---\n"),
			inline("adapter_config.json", JSON.stringify({ peft_type: "LORA" })),
		]);
		await commit("merged", [inline("README.md", "---\nbase_model: [dana/base, dana/tuned]\n---\n")]);
		const counted = await get("/api/models/dana/base?expand=childrenModelCount");
		expect(counted.childrenModelCount).toEqual({ finetune: 1, quantized: 1, adapter: 1, merge: 1 });
		// A new child is counted at once: its commit forgets the base's cached answer.
		await commit("stated", [inline("README.md", "---\nbase_model: dana/base\nbase_model_relation: quantized\n---\n")]);

		const relation = async (name: string) => (await get(`/api/models/dana/${name}?expand=baseModels`)).baseModels;
		expect(await relation("tuned")).toEqual({ relation: "finetune", models: [{ id: "dana/base" }] });
		expect(await relation("quant")).toEqual({ relation: "quantized", models: [{ id: "dana/base" }] });
		expect(await relation("lora")).toEqual({ relation: "adapter", models: [{ id: "dana/base" }] });
		expect(await relation("merged")).toEqual({
			relation: "merge",
			models: [{ id: "dana/base" }, { id: "dana/tuned" }],
		});
		expect(await relation("stated")).toEqual({ relation: "quantized", models: [{ id: "dana/base" }] });
		expect(await get("/api/models/dana/base?expand=baseModels")).toEqual({ _id: expect.any(String), id: "dana/base" });

		const base = await get("/api/models/dana/base?expand=childrenModelCount");
		expect(base.childrenModelCount).toEqual({ finetune: 1, quantized: 2, adapter: 1, merge: 1 });
		expect((await get("/api/models/dana/tuned?expand=childrenModelCount")).childrenModelCount).toEqual({ merge: 1 });

		const children = await get("/api/models?filter=base_model:dana/base&expand=baseModels&expand=childrenModelCount");
		expect(children.map((model: { id: string }) => model.id).sort()).toEqual(
			["dana/lora", "dana/merged", "dana/quant", "dana/stated", "dana/tuned"].sort(),
		);
		const tuned = children.find((model: { id: string }) => model.id === "dana/tuned");
		expect(tuned).toEqual({
			_id: expect.any(String),
			id: "dana/tuned",
			baseModels: { relation: "finetune", models: [{ id: "dana/base" }] },
			childrenModelCount: { merge: 1 },
		});
		const quantized = await get("/api/models?filter=base_model:quantized:dana/base");
		expect(quantized.map((model: { id: string }) => model.id).sort()).toEqual(["dana/quant", "dana/stated"]);
	});

	it("fills in, once, the models stored before the hub kept these fields", async () => {
		const db = hub.deps.db;
		await db.updateTable("models").set({ safetensors: null, gguf: null, num_parameters: null }).execute();
		// Every pushed model with readable weights: three safetensors, two GGUF.
		expect(await fillWeightsMetadata(hub.deps)).toBe(5);
		const rows = await db
			.selectFrom("models")
			.select(["id", "safetensors", "gguf", "num_parameters"])
			.where("id", "in", ["dana/sharded", "dana/quant", "dana/bad-weights"])
			.orderBy("id")
			.execute();
		expect(rows).toEqual([
			{ id: "dana/bad-weights", safetensors: null, gguf: null, num_parameters: null },
			{ id: "dana/quant", safetensors: null, gguf: expect.stringContaining('"total":32'), num_parameters: 32 },
			{
				id: "dana/sharded",
				safetensors: JSON.stringify({ parameters: { F16: 37, F32: 2 }, total: 39 }),
				gguf: null,
				num_parameters: 39,
			},
		]);
		expect(await fillWeightsMetadata(hub.deps)).toBeUndefined();
	});
});
