/**
 * Part-of-speech tags from wink-nlp's English lite model: one entry per token
 * (spaces left out) with its Universal Dependencies tag. The tagger gives no
 * probability, so every score is 1.
 */
import type { Entity, PackagedTagger } from "./text-packages.js";
import { loadWink } from "./wink.js";

/** The Universal Dependencies part-of-speech tags wink-nlp uses. */
const TAGS = [
	"ADJ",
	"ADP",
	"ADV",
	"AUX",
	"CCONJ",
	"DET",
	"INTJ",
	"NOUN",
	"NUM",
	"PART",
	"PRON",
	"PROPN",
	"PUNCT",
	"SCONJ",
	"SYM",
	"VERB",
	"X",
] as const;

export const winkPartOfSpeech: PackagedTagger = {
	task: "token-classification",
	packages: ["wink-nlp", "wink-eng-lite-web-model"],
	labels: TAGS,
	async load() {
		const nlp = await loadWink();
		return (text) => {
			const tokens = nlp.readDoc(text).tokens();
			const words = tokens.out(nlp.its.value) as string[];
			const tags = tokens.out(nlp.its.pos) as string[];
			const entities: Entity[] = [];
			let cursor = 0;
			words.forEach((word, index) => {
				const tag = tags[index] ?? "X";
				// wink keeps the text's own characters, so each token is found after the previous one.
				const start = text.indexOf(word, cursor);
				if (start < 0 || tag === "SPACE") return;
				cursor = start + word.length;
				entities.push({ entity_group: tag, score: 1, word, start, end: cursor });
			});
			return entities;
		};
	},
};
