/**
 * The transformers.js engine: ONNX model folders (the layout transformers.js
 * repositories use: `config.json`, `tokenizer.json`, `onnx/model.onnx` or
 * `model.onnx`, `_quantized` variants) run by `@huggingface/transformers` on
 * onnxruntime-node, with its own tokenizers (BPE, Unigram, WordPiece). One
 * engine per task it serves (TRANSFORMERS_TASKS), all loading the same way;
 * the files come from the hub's store (transformers/model-store.ts), never
 * from the network.
 */
import { availableParallelism } from "node:os";
import { isMainThread } from "node:worker_threads";
import type { PipelineType } from "@hubkit/tasks";
import type { LocalEngine, ModelFiles } from "./engine.js";
import { RuntimeError } from "./errors.js";
import { AUDIO_TASKS } from "./transformers/audio-tasks.js";
import { EMBEDDING_TASKS } from "./transformers/embedding-tasks.js";
import { GENERATION_TASKS } from "./transformers/generation-task.js";
import { IMAGE_TASKS } from "./transformers/image-tasks.js";
import { withModelFiles } from "./transformers/model-store.js";
import { SEQ2SEQ_TASKS } from "./transformers/seq2seq-tasks.js";
import { SPEECH_TASKS } from "./transformers/speech-task.js";
import { TEXT_TASKS } from "./transformers/text-tasks.js";
import type { Pipe, TransformersTask, WeightLayout } from "./transformers/types.js";
import { VISION_TASKS } from "./transformers/vision-tasks.js";

/** Where the weights may be, best first: the folder, and the dtype whose file name it is. */
export const WEIGHT_CHOICES = [
	{ path: "onnx/model.onnx", subfolder: "onnx", dtype: "fp32" },
	{ path: "onnx/model_quantized.onnx", subfolder: "onnx", dtype: "q8" },
	{ path: "model.onnx", subfolder: "", dtype: "fp32" },
	{ path: "model_quantized.onnx", subfolder: "", dtype: "q8" },
] as const;

export const TRANSFORMERS_TASKS: readonly TransformersTask<unknown>[] = [
	...TEXT_TASKS,
	...EMBEDDING_TASKS,
	...IMAGE_TASKS,
	...VISION_TASKS,
	...AUDIO_TASKS,
	...SEQ2SEQ_TASKS,
	...GENERATION_TASKS,
	...SPEECH_TASKS,
];

/** The weight layouts a task loads, best first: its own, or one model.onnx (WEIGHT_CHOICES). */
export function weightLayoutsOf(spec: { weights?: readonly WeightLayout[] }): readonly WeightLayout[] {
	return spec.weights ?? WEIGHT_CHOICES.map(({ path, subfolder, dtype }) => ({ paths: [path], subfolder, dtype }));
}

/**
 * The first layout whose files are all there, or what is wrong (a phrase after the model's name).
 * A layout begun but not complete (an encoder without its decoder) is named: that is the file to add.
 */
export async function findWeights(
	layouts: readonly WeightLayout[],
	has: (path: string) => Promise<boolean>,
): Promise<{ layout: WeightLayout } | { problem: string }> {
	let partial: string | undefined;
	for (const layout of layouts) {
		const present = await Promise.all(layout.paths.map(has));
		if (present.every(Boolean)) return { layout };
		const found = layout.paths.filter((_, index) => present[index]);
		const missing = layout.paths.filter((_, index) => !present[index]);
		if (found.length > 0) partial ??= `has ${found.join(" and ")} but no ${missing.join(" or ")}`;
	}
	const all = layouts.map((layout) => layout.paths.join(" + ")).join(", ");
	return { problem: partial ?? `has no ONNX weights (${all})` };
}

/**
 * onnxruntime threads per session, in the hub's workers: each runs one call at a time, and
 * there are HUBKIT_LOCAL_WORKERS of them (default two, or one on a one-core machine). A session
 * whose thread pool is as wide as the machine would make the workers' pools fight over the same
 * cores (twice the throughput with a share each: bench/HISTORY.md), so each gets its share.
 * Outside a worker (benches, tests in process) onnxruntime decides.
 */
function sessionThreads(): number | undefined {
	if (isMainThread) return undefined;
	const cores = availableParallelism();
	const configured = Number(process.env.HUBKIT_LOCAL_WORKERS);
	const workers = Number.isInteger(configured) && configured > 0 ? configured : Math.min(2, cores);
	return Math.max(1, Math.floor(cores / workers));
}

async function loadPipeline(spec: TransformersTask<unknown>, files: ModelFiles): Promise<Pipe> {
	const weights = await findWeights(weightLayoutsOf(spec), (path) => files.has(path));
	if ("problem" in weights) throw new RuntimeError("unsupported", `Model ${files.model} ${weights.problem}`);
	for (const path of spec.needs ?? []) {
		if (!(await files.has(path))) throw new RuntimeError("unsupported", `Model ${files.model} has no ${path}`);
	}
	const config = await files.json("config.json");
	const architectures = (config as { architectures?: unknown })?.architectures;
	const named = Array.isArray(architectures) ? architectures.filter((name) => typeof name === "string") : [];
	if (spec.architecture && named.length > 0 && !named.some((name) => spec.architecture?.test(name))) {
		throw new RuntimeError("unsupported", `Model ${files.model} is a ${named.join(", ")}: it does not do ${spec.task}`);
	}
	// The task's own look at config.json, as transformers-capability.ts takes it: said here rather than as the
	// file transformers.js then misses (a SpeechT5 config asked to speak wants an encoder file).
	const configProblem = spec.checkConfig?.(config);
	if (configProblem !== undefined) throw new RuntimeError("unsupported", `Model ${files.model}: ${configProblem}`);
	const { pipeline } = await import("@huggingface/transformers");
	const chosen = weights.layout;
	const threads = sessionThreads();
	return withModelFiles(files, async (id) => {
		const loaded = await pipeline(spec.pipeline, id, {
			subfolder: chosen.subfolder,
			dtype: chosen.dtype,
			device: "cpu",
			...(threads === undefined ? {} : { session_options: { intraOpNumThreads: threads } }),
		});
		return loaded as unknown as Pipe;
	});
}

function engineFor(spec: TransformersTask<unknown>): LocalEngine<Pipe, unknown> {
	return {
		task: spec.task as PipelineType,
		...(spec.media ? { media: spec.media } : {}),
		parseRequest: spec.parseRequest,
		async load(files, log) {
			const started = performance.now();
			const pipe = await loadPipeline(spec, files);
			log(`Local runtime: loaded ${files.model} for ${spec.task} (${Math.round(performance.now() - started)} ms)`);
			return pipe;
		},
		run: (pipe, request) => spec.run(pipe, request),
		async release(pipe) {
			await pipe.dispose();
		},
	};
}

/** The engines, one per task; one entry of LOCAL_ENGINES (local-engines.ts). */
export const transformersEngines: LocalEngine<Pipe, unknown>[] = TRANSFORMERS_TASKS.map(engineFor);

/** The engine for one task (tests and benches run it in process). */
export function transformersEngine(task: string): LocalEngine<Pipe, unknown> {
	const engine = transformersEngines.find((candidate) => candidate.task === task);
	if (!engine) throw new Error(`transformers.js serves no ${task}`);
	return engine;
}
