/**
 * A model the hub runs itself, out of the box: a small sentiment classifier
 * whose weights are written here rather than trained. Each word of a short
 * lexicon leans positive or negative; the model averages the leanings of a
 * sentence's words and scores NEGATIVE / POSITIVE. It is crude (no negation, no
 * context) but real: ONNX weights, a WordPiece tokenizer, run by onnxruntime.
 */
import { pooledClassifierFiles } from "@hubkit/runtime/models";
import type { SeedModel } from "../types.js";
import { model } from "./model.js";

export const LOCAL_SENTIMENT_MODEL = "hubkit-demo/tiny-sentiment";

const POSITIVE = `good great excellent wonderful amazing awesome fantastic brilliant superb lovely love loved loves
	like liked enjoy enjoyed best better beautiful happy glad delightful pleasant perfect fun funny charming clever
	moving touching gripping fresh solid smart warm recommend recommended masterpiece favorite favourite win winner
	nice cool impressive remarkable stunning outstanding thrilling joy hope inspiring satisfying thank thanks
	fast faster quick easy easier helpful useful reliable smooth friendly kind works worked polite`;

const NEGATIVE = `bad terrible awful horrible poor worse worst boring dull hate hated hates dislike disliked ugly sad
	annoying disappointing disappointed disappointment waste wasted mess messy stupid weak slow broken fail failed
	failure pointless painful tedious bland lame sloppy lazy unpleasant mediocre flat forgettable predictable
	nonsense rubbish trash angry wrong problem problems refund crash crashes crashed bug bugs buggy useless
	confusing difficult expensive late rude unhelpful slower`;

const NEUTRAL = `the a an and or but of to in on at for with without from by about as is are was were be been being it
	its this that these those i you he she we they me my your our their his her them us movie film story plot
	music soundtrack actor actors acting scene scenes ending book product service food place time day night year
	people thing things lot very really quite too so just not no never always again still ever much more most
	some any all one two first last new old big small long short have has had do does did will would can could
	should what who how why when where there here then than also even only because if after before over under
	up down out into through`;

const PIECES = ["##s", "##d", "##ed", "##ing", "##ly", "##er", "##est", "##y", "##ness", "##ful", "##less", "##n't"];
const PUNCTUATION = [".", ",", "!", "?", "'", '"', ":", ";", "-", "(", ")"];

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** How far one leaning word moves the logits; a sentence averages it over all its tokens (and [CLS], [SEP]). */
const SCALE = 12;

export function tinySentiment(): SeedModel {
	const positive = words(POSITIVE);
	const negative = words(NEGATIVE);
	const vocabulary = [...new Set([...positive, ...negative, ...words(NEUTRAL), ...PIECES, ...PUNCTUATION])];
	const vectors: Record<string, number[]> = {};
	for (const word of positive) vectors[word] = [1, 0];
	for (const word of negative) vectors[word] = [0, 1];
	const files = pooledClassifierFiles({
		labels: ["NEGATIVE", "POSITIVE"],
		vocabulary,
		vectors,
		// Rows: the positive and the negative dimension; columns: NEGATIVE, POSITIVE.
		weights: [
			[-SCALE, SCALE],
			[SCALE, -SCALE],
		],
		bias: [0, 0],
		maxLength: 128,
	});
	const record = model(
		{
			id: LOCAL_SENTIMENT_MODEL,
			task: "text-classification",
			library: "transformers.js",
			arch: "BertForSequenceClassification",
			type: "bert",
			params: "1K",
			dtype: "f32",
			license: "mit",
			languages: ["en"],
			tags: ["onnx", "sentiment-analysis", "tiny"],
			layout: "files",
			pop: 1,
			created: "2025-10-20",
			card: "A tiny sentiment classifier that this hub runs on its own CPU, with no download: each word of a short lexicon leans positive or negative, and a sentence gets the average of its words. Crude on purpose (it knows nothing of negation or context); it is here so that the widget, the inference snippets and the client work end to end on a fresh hub.",
			widget: [{ text: "I love this movie, the soundtrack is wonderful!" }],
			// The runtime runs it; the loader checks that before writing the mapping (seed/seed-capability.ts).
			providers: ["hf-inference"],
		},
		files,
	);
	// The API's `config` is the repository's config.json, as for every other model.
	const config = files.find((file) => file.path === "config.json")?.content;
	record.config = JSON.parse(String(config)) as Record<string, unknown>;
	return record;
}
