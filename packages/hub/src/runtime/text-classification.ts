/**
 * text-classification on an ONNX sequence classifier: tokenise, pad the batch,
 * run the graph, turn each row of logits into labels and scores.
 *   request: { inputs: string | string[], parameters?: { top_k?, function_to_apply? } }
 *   answer:  one list of { label, score } per input, best first (as hf-inference answers)
 */
import { RuntimeError } from "./errors.js";
import { int64Matrix, type OnnxSession, type OnnxTensor } from "./onnx-session.js";
import type { WordPieceTokenizer } from "./wordpiece.js";

export interface ClassifierModel {
	id: string;
	session: OnnxSession;
	tokenizer: WordPieceTokenizer;
	/** Label names by class index. */
	labels: string[];
	/** Scores are independent (sigmoid) rather than a distribution (softmax). */
	multiLabel: boolean;
}

export type ScoreFunction = "softmax" | "sigmoid" | "none";

export interface ClassificationRequest {
	inputs: string[];
	topK: number | undefined;
	scoreFunction: ScoreFunction | undefined;
}

/** Inputs per call and characters in all: beyond them a request is refused rather than left to block the hub. */
export const MAX_INPUTS = 64;
export const MAX_INPUT_CHARACTERS = 1_000_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

export function parseClassificationRequest(body: unknown): ClassificationRequest {
	if (!isRecord(body)) throw new RuntimeError("input", "The request body must be a JSON object with `inputs`");
	const raw = body.inputs;
	const inputs = typeof raw === "string" ? [raw] : raw;
	if (!Array.isArray(inputs) || inputs.length === 0 || inputs.some((input) => typeof input !== "string")) {
		throw new RuntimeError("input", "`inputs` must be a string or a non-empty array of strings");
	}
	if (inputs.length > MAX_INPUTS) throw new RuntimeError("input", `At most ${MAX_INPUTS} inputs per request`);
	const characters = inputs.reduce((sum: number, input: string) => sum + input.length, 0);
	if (characters > MAX_INPUT_CHARACTERS) {
		throw new RuntimeError("input", `The inputs are too long: at most ${MAX_INPUT_CHARACTERS} characters in all`);
	}
	const parameters = body.parameters === undefined || body.parameters === null ? {} : body.parameters;
	if (!isRecord(parameters)) throw new RuntimeError("input", "`parameters` must be an object");
	const topK = parameters.top_k;
	if (topK !== undefined && topK !== null && !(Number.isInteger(topK) && (topK as number) > 0)) {
		throw new RuntimeError("input", "`parameters.top_k` must be a positive integer");
	}
	const scoreFunction = parameters.function_to_apply;
	if (
		scoreFunction !== undefined &&
		scoreFunction !== null &&
		!["softmax", "sigmoid", "none"].includes(scoreFunction as string)
	) {
		throw new RuntimeError("input", "`parameters.function_to_apply` must be softmax, sigmoid or none");
	}
	return {
		inputs: inputs as string[],
		topK: (topK ?? undefined) as number | undefined,
		scoreFunction: (scoreFunction ?? undefined) as ScoreFunction | undefined,
	};
}

/** The graph's inputs, fed from the batch's encodings; an input the runtime cannot fill is refused. */
async function feeds(model: ClassifierModel, texts: string[]): Promise<Record<string, OnnxTensor>> {
	const encodings = texts.map((text) => model.tokenizer.encode(text));
	const width = Math.max(...encodings.map((encoding) => encoding.ids.length), 1);
	const pad = (values: number[], fill: number) => [...values, ...Array(width - values.length).fill(fill)];
	const result: Record<string, OnnxTensor> = {};
	for (const name of model.session.inputNames) {
		if (name === "input_ids") {
			result[name] = await int64Matrix(
				encodings.map((encoding) => pad(encoding.ids, model.tokenizer.padId)),
				width,
			);
		} else if (name === "attention_mask") {
			result[name] = await int64Matrix(
				encodings.map((encoding) =>
					pad(
						encoding.ids.map(() => 1),
						0,
					),
				),
				width,
			);
		} else if (name === "token_type_ids") {
			result[name] = await int64Matrix(
				encodings.map((encoding) => pad(encoding.typeIds, 0)),
				width,
			);
		} else {
			throw new RuntimeError(
				"unsupported",
				`Model ${model.id} needs an input the local runtime cannot give it: ${name}`,
			);
		}
	}
	return result;
}

function scores(logits: number[], scoreFunction: ScoreFunction): number[] {
	if (scoreFunction === "none") return logits;
	if (scoreFunction === "sigmoid") return logits.map((value) => 1 / (1 + Math.exp(-value)));
	const top = Math.max(...logits);
	const exponentials = logits.map((value) => Math.exp(value - top));
	const total = exponentials.reduce((sum, value) => sum + value, 0);
	return exponentials.map((value) => value / total);
}

export async function classify(
	model: ClassifierModel,
	request: ClassificationRequest,
): Promise<{ label: string; score: number }[][]> {
	const outputs = await model.session.run(await feeds(model, request.inputs));
	const name = model.session.outputNames.includes("logits") ? "logits" : model.session.outputNames[0];
	const logits = name === undefined ? undefined : outputs[name];
	const [rows, columns] = logits?.dims ?? [];
	if (logits?.dims.length !== 2 || rows !== request.inputs.length || columns !== model.labels.length) {
		throw new RuntimeError(
			"unsupported",
			`Model ${model.id} answered logits of shape [${logits?.dims.join(", ") ?? ""}]; expected [${request.inputs.length}, ${model.labels.length}]`,
		);
	}
	const values = Array.from(logits.data as Float32Array, Number);
	const scoreFunction =
		request.scoreFunction ?? (model.multiLabel || model.labels.length === 1 ? "sigmoid" : "softmax");
	return request.inputs.map((_, row) => {
		const rowScores = scores(values.slice(row * columns, (row + 1) * columns), scoreFunction);
		const ranked = rowScores
			.map((score, index) => ({ label: model.labels[index] ?? `LABEL_${index}`, score }))
			.sort((a, b) => b.score - a.score);
		return request.topK === undefined ? ranked : ranked.slice(0, request.topK);
	});
}
