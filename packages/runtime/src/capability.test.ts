import { describe, expect, it } from "vitest";
import { CHECKS, canRunLocally, type LocalCandidate } from "./capability.js";
import { LOCAL_TASKS } from "./engine-host.js";
import { PACKAGED_MEDIA_ENGINES } from "./packaged/media-engines.js";
import { PACKAGED_TEXT_ENGINES } from "./packaged/text-engines.js";
import { type ModelFile, pooledClassifierFiles } from "./pooled-classifier.js";

const classifier = pooledClassifierFiles({
	labels: ["sport", "weather"],
	vocabulary: ["goal", "rain"],
	vectors: { goal: [1], rain: [-1] },
	weights: [[4, -4]],
	bias: [0, 0],
});

const TASK = "text-classification";

type Entry = ModelFile | { path: string; size: number };

/** Files as the check sees them: with content they are real, with only a size a placeholder. */
function candidate(files: Entry[], pipelineTag: string | undefined): LocalCandidate {
	const find = (path: string) => files.find((file) => file.path === path);
	return {
		id: "acme/model",
		pipelineTag,
		files: {
			async file(path) {
				const file = find(path);
				if (!file) return undefined;
				if ("size" in file) return { size: file.size, real: false };
				const bytes = typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content;
				return { size: bytes.byteLength, real: true };
			},
			async text(path) {
				const file = find(path);
				return file && "content" in file && typeof file.content === "string" ? file.content : "";
			},
		},
	};
}

const replace = (path: string, entry: Entry | undefined): Entry[] => [
	...classifier.filter((file) => file.path !== path),
	...(entry ? [entry] : []),
];

describe("canRunLocally", () => {
	it("gives a model to the engine whose own accepts takes its files, as the worker host does", async () => {
		const manifest = JSON.stringify({ engine: "wink-sentiment", package: "wink-eng-lite-web-model" });
		const packaged = candidate([{ path: "hubkit.json", content: manifest }], TASK);
		expect(await canRunLocally(packaged)).toEqual({ ok: true, task: TASK });
		// A placeholder manifest is no engine's: the task's engine decides, and asks for ONNX weights.
		const placeholder = await canRunLocally(candidate([{ path: "hubkit.json", size: 80 }], TASK));
		expect(placeholder.ok).toBe(false);
		expect(placeholder.ok ? "" : placeholder.reason).not.toContain("hubkit.json");
		// A .gguf among the file names is llama.cpp's, which refuses a placeholder.
		const placeholderGguf = candidate([{ path: "model-Q4_K_M.gguf", size: 1024 }], "text-generation");
		const gguf = { ...placeholderGguf, files: { ...placeholderGguf.files, paths: async () => ["model-Q4_K_M.gguf"] } };
		expect(await canRunLocally(gguf)).toEqual({
			ok: false,
			reason: "Model acme/model: model-Q4_K_M.gguf is a sample placeholder, not the real file",
		});
	});

	it("accepts a text classifier with real ONNX weights, id2label and a tokenizer transformers.js reads", async () => {
		expect(await canRunLocally(candidate(classifier, TASK))).toEqual({ ok: true, task: "text-classification" });
		// model.onnx at the root is where transformers.js also looks.
		const atRoot = classifier.map((file) => (file.path === "onnx/model.onnx" ? { ...file, path: "model.onnx" } : file));
		expect(await canRunLocally(candidate(atRoot, TASK))).toEqual({ ok: true, task: "text-classification" });
	});

	it("says why not, naming the model, for each file the engine needs", async () => {
		const cases: [Entry[], RegExp][] = [
			[
				replace("onnx/model.onnx", undefined),
				/no ONNX weights \(onnx\/model\.onnx, onnx\/model_quantized\.onnx, model\.onnx/,
			],
			[
				replace("onnx/model.onnx", { path: "onnx/model.onnx", size: 90_000_000 }),
				/onnx\/model\.onnx is a sample placeholder/,
			],
			[replace("onnx/model.onnx", { path: "onnx/model.onnx", content: "" }), /onnx\/model\.onnx is empty/],
			[replace("config.json", undefined), /no config\.json/],
			[
				replace("config.json", { path: "config.json", content: '{"model_type": "bert"}' }),
				/config\.json has no id2label/,
			],
			[replace("config.json", { path: "config.json", content: "{ not json" }), /config\.json is not valid JSON/],
			[
				replace("tokenizer.json", { path: "tokenizer.json", size: 1_400_000 }),
				/tokenizer\.json is a sample placeholder/,
			],
			[
				replace("tokenizer.json", {
					path: "tokenizer.json",
					content: JSON.stringify({ model: { type: "CharLevel", vocab: {} } }),
				}),
				/tokenizer\.json has no tokenizer model transformers\.js reads \(BPE, WordPiece, Unigram\)/,
			],
		];
		for (const [files, reason] of cases) {
			const capability = await canRunLocally(candidate(files, TASK));
			expect(capability.ok, String(reason)).toBe(false);
			expect(capability.ok ? "" : capability.reason, String(reason)).toMatch(/^Model acme\/model: /);
			expect(capability.ok ? "" : capability.reason).toMatch(reason);
		}
	});

	it("refuses a task no engine runs, a model without a task, and never reads prototype keys", async () => {
		for (const tag of ["keypoint-detection", undefined, "constructor", "__proto__", "toString"]) {
			const capability = await canRunLocally(candidate(classifier, tag));
			expect(capability, String(tag)).toEqual({
				ok: false,
				reason: `Model acme/model: the local runtime runs ${Object.keys(CHECKS).join(", ")} models, not ${tag ?? "models without a task"}`,
			});
		}
	});

	it("has a check for every task an engine serves, and none for a task without one", () => {
		// A task served only by packaged engines (text-ranking, voice-activity-detection …) is checked by the
		// packaged capabilities (the repo's hubkit.json), not CHECKS.
		const packagedOnly = [...PACKAGED_TEXT_ENGINES, ...PACKAGED_MEDIA_ENGINES]
			.map((engine) => engine.task)
			.filter((task) => !Object.hasOwn(CHECKS, task));
		expect(Object.keys(CHECKS).sort()).toEqual(LOCAL_TASKS.filter((task) => !packagedOnly.includes(task)).sort());
	});
});
