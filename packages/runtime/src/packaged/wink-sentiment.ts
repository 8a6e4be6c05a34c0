/**
 * Sentiment from wink-nlp's English "lite" model (wink-eng-lite-web-model): its
 * lexicon-based sentiment, with negation handling, scores a text from -1 to 1;
 * the answer spreads that over NEGATIVE and POSITIVE (a score of s gives
 * POSITIVE (1 + s) / 2), so the two sum to one like a classifier's.
 */
import type { PackagedClassifier } from "./text-packages.js";
import { loadWink } from "./wink.js";

export const winkSentiment: PackagedClassifier = {
	task: "text-classification",
	packages: ["wink-nlp", "wink-eng-lite-web-model"],
	labels: ["NEGATIVE", "POSITIVE"],
	async load() {
		const nlp = await loadWink();
		return (text) => {
			const sentiment = Number(nlp.readDoc(text).out(nlp.its.sentiment)) || 0;
			const positive = Math.min(1, Math.max(0, (1 + sentiment) / 2));
			return [
				{ label: "NEGATIVE", score: 1 - positive },
				{ label: "POSITIVE", score: positive },
			];
		};
	},
};
