/**
 * The text-classification engine: transformers.js-layout models (`onnx/model.onnx`
 * or `model.onnx`, `tokenizer.json` with a WordPiece model, `config.json` with
 * `id2label`), tokenised by wordpiece.ts and run by onnxruntime on the CPU.
 */
import type { LocalEngine } from "./engine.js";
import { RuntimeError } from "./errors.js";
import { createSession } from "./onnx-session.js";
import {
	type ClassificationRequest,
	type ClassifierModel,
	classify,
	parseClassificationRequest,
} from "./text-classification.js";
import { WordPieceTokenizer } from "./wordpiece.js";

export const ONNX_PATHS = ["onnx/model.onnx", "model.onnx"];
/** Weights are read into memory whole; larger ones are not for a CPU runtime on one machine. */
export const MAX_MODEL_BYTES = 2 * 1024 * 1024 * 1024;

export const textClassificationEngine: LocalEngine<ClassifierModel, ClassificationRequest> = {
	task: "text-classification",
	parseRequest: parseClassificationRequest,

	async load(files, log) {
		const id = files.model;
		let onnxPath: string | undefined;
		for (const path of ONNX_PATHS) {
			if (await files.has(path)) {
				onnxPath = path;
				break;
			}
		}
		if (!onnxPath)
			throw new RuntimeError("unsupported", `Model ${id} has no ONNX weights (onnx/model.onnx or model.onnx)`);
		const config = (await files.json("config.json")) as Record<string, unknown>;
		const maxPositions = typeof config?.max_position_embeddings === "number" ? config.max_position_embeddings : 512;
		const tokenizer = new WordPieceTokenizer(await files.json("tokenizer.json"), maxPositions);
		const id2label = config?.id2label;
		const labels =
			id2label && typeof id2label === "object"
				? Object.entries(id2label as Record<string, unknown>)
						.sort(([a], [b]) => Number(a) - Number(b))
						.map(([, label]) => String(label))
				: [];
		if (labels.length === 0) throw new RuntimeError("unsupported", `Model ${id}: config.json has no id2label`);
		const session = await createSession(await files.bytes(onnxPath, MAX_MODEL_BYTES), `Model ${id}'s ${onnxPath}`);
		log(`Local runtime: loaded ${id} (${onnxPath}, ${labels.length} labels)`);
		return { id, session, tokenizer, labels, multiLabel: config?.problem_type === "multi_label_classification" };
	},

	run: classify,

	async release(model) {
		await model.session.release();
	},
};
