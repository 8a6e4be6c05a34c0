/**
 * How hf-inference's answers become task outputs: the hub's task API wraps
 * some answers (a batch of one, a list of one object, an older zero-shot form),
 * so each reader unwraps what it must and checks the result against the task's
 * shape in ../tasks/outputs.ts.
 */
import { invalidOutput } from "../errors.js";
import { arrayOf, check, isRecord, type Shape, string } from "../lib/validate.js";
import {
	AUDIO_TO_AUDIO,
	AUTOMATIC_SPEECH_RECOGNITION,
	CLASSIFICATION,
	type ClassificationOutput,
	DOCUMENT_QUESTION_ANSWERING,
	EMBEDDINGS,
	FILL_MASK,
	GENERATED_TEXT,
	IMAGE_SEGMENTATION,
	NUMBERS,
	OBJECT_DETECTION,
	QUESTION_ANSWERING,
	SUMMARIZATION,
	TABLE_QUESTION_ANSWERING,
	TOKEN_CLASSIFICATION,
	TRANSLATION,
	VISUAL_QUESTION_ANSWERING,
} from "../tasks/outputs.js";

/** Reads a parsed answer into the task's output, or throws `invalidOutput`. */
export type Reader = (body: unknown) => unknown;

/** Checks the answer as it is. */
const exactly =
	(shape: Shape<unknown>): Reader =>
	(body) =>
		check(body, shape);

/** `[[…]]` from a one-input batch becomes `[…]`. */
function unwrapBatchOfOne(body: unknown): unknown {
	return Array.isArray(body) && body.length === 1 && Array.isArray(body[0]) ? body[0] : body;
}

/** `[x]` becomes `x`; an object stays as it is. */
function single(body: unknown): unknown {
	return Array.isArray(body) && body.length === 1 ? body[0] : body;
}

/** `[{ <field> }]` or `{ <field> }`, as one object with only that field. */
function firstOf<T extends Record<string, string>>(shape: Shape<T>, field: keyof T & string): Reader {
	return (body) => {
		const first = Array.isArray(body) ? body[0] : body;
		const value = check(first, shape);
		return { [field]: value[field] };
	};
}

/** Binary media; a JSON body in a 2xx answer is not media. */
export function mediaBlob(body: unknown, what: string): Blob {
	if (body instanceof Blob && !/\bjson\b/i.test(body.type)) return body;
	throw invalidOutput(`${what} as binary data (Blob)`);
}

export const classification: Reader = (body) => check(unwrapBatchOfOne(body), CLASSIFICATION);
export const labelScores: Reader = exactly(CLASSIFICATION);
export const fillMask: Reader = exactly(FILL_MASK);
export const tokenClassification: Reader = (body) => check(unwrapBatchOfOne(body), TOKEN_CLASSIFICATION);
export const questionAnswering: Reader = (body) => check(single(body), QUESTION_ANSWERING);
export const tableQuestionAnswering: Reader = (body) => check(single(body), TABLE_QUESTION_ANSWERING);
export const documentQuestionAnswering: Reader = (body) => check(single(body), DOCUMENT_QUESTION_ANSWERING);
export const visualQuestionAnswering: Reader = (body) => check(single(body), VISUAL_QUESTION_ANSWERING);
export const summarization: Reader = firstOf(SUMMARIZATION, "summary_text");
export const translation: Reader = firstOf(TRANSLATION, "translation_text");
export const generatedText: Reader = firstOf(GENERATED_TEXT, "generated_text");
export const audioToAudio: Reader = exactly(AUDIO_TO_AUDIO);
export const objectDetection: Reader = exactly(OBJECT_DETECTION);
export const imageSegmentation: Reader = exactly(IMAGE_SEGMENTATION);
export const embeddings: Reader = exactly(EMBEDDINGS);
export const numbers: Reader = exactly(NUMBERS);

/** `{ text, chunks? }`, without a null `chunks`. */
export const automaticSpeechRecognition: Reader = (body) => {
	const { text, chunks } = check(body, AUTOMATIC_SPEECH_RECOGNITION);
	return chunks ? { text, chunks } : { text };
};

const OLDER_ZERO_SHOT = { labels: arrayOf(string), scores: NUMBERS };

/** `[{ label, score }]`, or the older `{ sequence, labels, scores }` (one per input) turned into it. */
export const zeroShotClassification: Reader = (body) => {
	const zipped = (item: unknown): ClassificationOutput | undefined => {
		if (!isRecord(item)) return undefined;
		const { labels, scores } = item;
		if (!OLDER_ZERO_SHOT.labels.matches(labels) || !OLDER_ZERO_SHOT.scores.matches(scores)) return undefined;
		if (labels.length !== scores.length) return undefined;
		return labels.map((label, index) => ({ label, score: scores[index] as number }));
	};
	const one = zipped(body);
	if (one) return one;
	if (Array.isArray(body) && body.length > 0) {
		const many = body.map(zipped);
		if (many.every((item) => item !== undefined)) return many.flat();
	}
	if (CLASSIFICATION.matches(unwrapBatchOfOne(body))) return unwrapBatchOfOne(body);
	throw invalidOutput(`${CLASSIFICATION.expected} or { labels: string[], scores: number[] }`);
};
