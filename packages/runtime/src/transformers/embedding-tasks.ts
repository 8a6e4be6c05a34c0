/**
 * Embeddings on a transformers.js feature-extraction pipeline:
 *   feature-extraction   { inputs: string | string[], parameters?: { pooling, normalize } }
 *                        → one vector (string input) or one per input; pooling "none" gives one per token
 *   sentence-similarity  { inputs: { source_sentence, sentences } } → one cosine similarity per sentence
 * A sentence is the mean of its tokens' vectors (as sentence-transformers models pool),
 * normalised to length 1 unless `normalize: false`; `/v1/embeddings` answers with the same vectors.
 */
import type { Tensor } from "@huggingface/transformers";
import { RuntimeError } from "../errors.js";
import { bodyObject, isRecord, optionalBoolean, optionalChoice, parametersOf, textList } from "./requests.js";
import type { Pipe, TransformersTask } from "./types.js";

type Pooling = "mean" | "cls" | "none";

/** Encoders (`BertModel`, `XLMRobertaModel` …), not a classifier's head: its logits are no embedding. */
const ENCODER = /(Model|ForMaskedLM|ForPreTraining)$/;

async function embed(pipe: Pipe, texts: string[], pooling: Pooling, normalize: boolean): Promise<unknown[]> {
	const output = (await pipe(texts, { pooling, normalize })) as Tensor;
	return output.tolist() as unknown[];
}

const featureExtraction: TransformersTask<{ inputs: string[]; one: boolean; pooling: Pooling; normalize: boolean }> = {
	task: "feature-extraction",
	pipeline: "feature-extraction",
	architecture: ENCODER,
	parseRequest(body) {
		const object = bodyObject(body);
		const parameters = parametersOf(object);
		return {
			inputs: textList(object.inputs),
			one: typeof object.inputs === "string",
			pooling: optionalChoice(parameters, "pooling", ["mean", "cls", "none"] as const) ?? "mean",
			normalize: optionalBoolean(parameters, "normalize") ?? true,
		};
	},
	async run(pipe, request) {
		// Token vectors cannot be normalised per sentence; with pooling "none" they come as the model gives them.
		const vectors = await embed(pipe, request.inputs, request.pooling, request.normalize && request.pooling !== "none");
		return request.one ? vectors[0] : vectors;
	},
};

const sentenceSimilarity: TransformersTask<{ source: string; sentences: string[] }> = {
	task: "sentence-similarity",
	pipeline: "feature-extraction",
	architecture: ENCODER,
	parseRequest(body) {
		const inputs = bodyObject(body).inputs;
		if (!isRecord(inputs)) {
			throw new RuntimeError("input", "`inputs` must be an object with `source_sentence` and `sentences`");
		}
		const [source] = textList(inputs.source_sentence, "`inputs.source_sentence`");
		const sentences = textList(inputs.sentences, "`inputs.sentences`");
		if (typeof inputs.source_sentence !== "string" || !Array.isArray(inputs.sentences) || source === undefined) {
			throw new RuntimeError("input", "`inputs.source_sentence` must be a string and `inputs.sentences` a list");
		}
		textList([source, ...sentences]);
		return { source, sentences };
	},
	async run(pipe, request) {
		const [source, ...others] = (await embed(pipe, [request.source, ...request.sentences], "mean", true)) as number[][];
		// Unit vectors: the dot product is the cosine.
		return others.map((vector) => vector.reduce((sum, value, index) => sum + value * (source?.[index] ?? 0), 0));
	},
};

export const EMBEDDING_TASKS = [featureExtraction, sentenceSimilarity] as TransformersTask<unknown>[];
