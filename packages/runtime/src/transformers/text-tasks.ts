/**
 * The text tasks on transformers.js pipelines, answering in hf-inference's shapes:
 *   text-classification       { inputs: string | string[], parameters?: { top_k, function_to_apply } }
 *                             → one [{ label, score }] per input, best first
 *   token-classification      { inputs: string, parameters?: { aggregation_strategy, ignore_labels } }
 *                             → [{ entity_group | entity, score, word, start, end }]
 *   fill-mask                 { inputs: string, parameters?: { top_k } } → [{ sequence, score, token, token_str }]
 *   question-answering        { inputs: { question, context } } → { answer, score, start, end }
 *   zero-shot-classification  { inputs: string, parameters: { candidate_labels, multi_label?, hypothesis_template? } }
 *                             → [{ label, score }], best first
 */
import { RuntimeError } from "../errors.js";
import {
	bodyObject,
	isRecord,
	labelList,
	oneText,
	optionalBoolean,
	optionalChoice,
	optionalPositiveInteger,
	parametersOf,
	textList,
} from "./requests.js";
import type { TransformersTask } from "./types.js";

type ScoreFunction = "softmax" | "sigmoid" | "none";

function scores(logits: number[], scoreFunction: ScoreFunction): number[] {
	if (scoreFunction === "none") return logits;
	if (scoreFunction === "sigmoid") return logits.map((value) => 1 / (1 + Math.exp(-value)));
	const top = Math.max(...logits);
	const exponentials = logits.map((value) => Math.exp(value - top));
	const total = exponentials.reduce((sum, value) => sum + value, 0);
	return exponentials.map((value) => value / total);
}

/**
 * The model is run directly (the pipeline's tokenizer and model) rather than through the
 * pipeline's own call, which knows no `function_to_apply` and answers one input as a flat list.
 */
const textClassification: TransformersTask<{ inputs: string[]; topK?: number; scoreFunction?: ScoreFunction }> = {
	task: "text-classification",
	pipeline: "text-classification",
	architecture: /ForSequenceClassification$/,
	parseRequest(body) {
		const object = bodyObject(body);
		const parameters = parametersOf(object);
		return {
			inputs: textList(object.inputs),
			topK: optionalPositiveInteger(parameters, "top_k"),
			scoreFunction: optionalChoice(parameters, "function_to_apply", ["softmax", "sigmoid", "none"] as const),
		};
	},
	async run(pipe, request) {
		const { logits } = await pipe.model(pipe.tokenizer(request.inputs, { padding: true, truncation: true }));
		const { id2label = {}, problem_type } = pipe.model.config;
		const [rows, columns] = logits?.dims ?? [];
		if (logits?.dims.length !== 2 || rows !== request.inputs.length || !columns) {
			throw new RuntimeError("unsupported", `The model answered logits of shape [${logits?.dims.join(", ")}]`);
		}
		const values = Array.from(logits.data as Float32Array, Number);
		const scoreFunction =
			request.scoreFunction ?? (problem_type === "multi_label_classification" || columns === 1 ? "sigmoid" : "softmax");
		return request.inputs.map((_, row) => {
			const ranked = scores(values.slice(row * columns, (row + 1) * columns), scoreFunction)
				.map((score, index) => ({ label: id2label[index] ?? `LABEL_${index}`, score }))
				.sort((a, b) => b.score - a.score);
			return ranked.slice(0, request.topK ?? ranked.length);
		});
	},
};

/**
 * Where each found word is in the text: transformers.js gives words, not offsets, so they
 * are looked for in order, case-insensitively (tokenizers lowercase); a word that cannot
 * be found (the tokenizer changed it more than that) gets an empty span where the search stands.
 */
function withOffsets<T extends { word: string }>(text: string, items: T[]) {
	const lower = text.toLowerCase();
	let cursor = 0;
	return items.map((item) => {
		const word = item.word.replace(/^##/, "").toLowerCase();
		const at = word ? lower.indexOf(word, cursor) : -1;
		const start = at >= 0 ? at : cursor;
		const end = at >= 0 ? at + word.length : cursor;
		cursor = end;
		return { ...item, word: at >= 0 ? text.slice(start, end) : item.word, start, end };
	});
}

const tokenClassification: TransformersTask<{ inputs: string; aggregation: "none" | "simple"; ignore?: string[] }> = {
	task: "token-classification",
	pipeline: "token-classification",
	architecture: /ForTokenClassification$/,
	parseRequest(body) {
		const object = bodyObject(body);
		const parameters = parametersOf(object);
		const ignore = parameters.ignore_labels;
		return {
			inputs: oneText(object.inputs),
			// hf-inference groups by default; transformers.js knows no other strategy than these two.
			aggregation: optionalChoice(parameters, "aggregation_strategy", ["none", "simple"] as const) ?? "simple",
			ignore: ignore === undefined || ignore === null ? undefined : labelList(ignore, "`parameters.ignore_labels`"),
		};
	},
	async run(pipe, request) {
		const found = (await pipe(request.inputs, {
			aggregation_strategy: request.aggregation,
			...(request.ignore ? { ignore_labels: request.ignore } : {}),
		})) as { word: string }[];
		return withOffsets(request.inputs, found);
	},
};

const fillMask: TransformersTask<{ inputs: string; topK: number }> = {
	task: "fill-mask",
	pipeline: "fill-mask",
	architecture: /For(MaskedLM|PreTraining)$/,
	parseRequest(body) {
		const object = bodyObject(body);
		return { inputs: oneText(object.inputs), topK: optionalPositiveInteger(parametersOf(object), "top_k") ?? 5 };
	},
	async run(pipe, request) {
		const mask = pipe.tokenizer.mask_token;
		if (!mask) throw new RuntimeError("unsupported", "The model's tokenizer has no mask token");
		if (!request.inputs.includes(mask)) {
			throw new RuntimeError("input", `\`inputs\` must contain the mask token ${mask}`);
		}
		return pipe(request.inputs, { top_k: request.topK });
	},
};

const questionAnswering: TransformersTask<{ question: string; context: string }> = {
	task: "question-answering",
	pipeline: "question-answering",
	architecture: /ForQuestionAnswering$/,
	parseRequest(body) {
		const inputs = bodyObject(body).inputs;
		if (!isRecord(inputs)) throw new RuntimeError("input", "`inputs` must be an object with `question` and `context`");
		return {
			question: oneText(inputs.question, "`inputs.question`"),
			context: oneText(inputs.context, "`inputs.context`"),
		};
	},
	async run(pipe, request) {
		const found = (await pipe(request.question, request.context, { top_k: 1 })) as { answer: string; score: number };
		const [located] = withOffsets(request.context, [{ word: found.answer }]);
		return {
			answer: located?.word ?? found.answer,
			score: found.score,
			start: located?.start ?? 0,
			end: located?.end ?? 0,
		};
	},
};

const zeroShotClassification: TransformersTask<{
	inputs: string;
	labels: string[];
	multiLabel: boolean;
	template?: string;
}> = {
	task: "zero-shot-classification",
	pipeline: "zero-shot-classification",
	architecture: /ForSequenceClassification$/,
	parseRequest(body) {
		const object = bodyObject(body);
		const parameters = parametersOf(object);
		const template = parameters.hypothesis_template;
		if (template !== undefined && (typeof template !== "string" || !template.includes("{}"))) {
			throw new RuntimeError("input", "`parameters.hypothesis_template` must be a string with {} where the label goes");
		}
		return {
			inputs: oneText(object.inputs),
			labels: labelList(parameters.candidate_labels, "`parameters.candidate_labels`"),
			multiLabel: optionalBoolean(parameters, "multi_label") ?? false,
			template,
		};
	},
	async run(pipe, request) {
		const answer = (await pipe(request.inputs, request.labels, {
			multi_label: request.multiLabel,
			...(request.template ? { hypothesis_template: request.template } : {}),
		})) as { labels: string[]; scores: number[] };
		return answer.labels.map((label, index) => ({ label, score: answer.scores[index] ?? 0 }));
	},
};

export const TEXT_TASKS = [
	textClassification,
	tokenClassification,
	fillMask,
	questionAnswering,
	zeroShotClassification,
] as TransformersTask<unknown>[];
