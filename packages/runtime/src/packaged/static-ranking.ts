/**
 * Text ranking from the static word embeddings the zero-shot model uses
 * (static-zero-shot.ts): each text scores by the cosine between its summed word
 * vectors and the query's, in [-1, 1]; the answer lists the texts best first.
 */
import { loadStaticVectors, VECTORS_PATH, VOCABULARY_PATH } from "./static-zero-shot.js";
import type { PackagedRanker } from "./text-packages.js";

export const STATIC_RANKING_ENGINE = "static-embeddings-ranking";

export const staticRanking: PackagedRanker = {
	task: "text-ranking",
	// The vectors were converted into the repository at seed time: nothing is imported to run them.
	packages: [],
	labels: [],
	files: [VOCABULARY_PATH, VECTORS_PATH],
	async load(files) {
		const { embed, cosine } = await loadStaticVectors(files);
		return (query, texts) => {
			const subject = embed(query);
			return texts.map((text, index) => ({ index, score: cosine(subject, embed(text)) }));
		};
	},
};
