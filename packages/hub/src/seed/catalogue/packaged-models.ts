/**
 * The demo models whose weights ship in npm packages the hub installs (the
 * runtime's packaged/ engines): each repository holds a hubkit.json naming the
 * engine and the packages with the versions it was made from, a config.json with
 * the labels clients read, and a card that says what the model is and where its
 * weights come from. Written at seed time, so the versions are the installed ones.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { MANIFEST_PATH, packagedModel } from "@hubkit/runtime";
import type { SeedModel } from "../types.js";
import { DEMO_AUTHOR } from "./demo-models.js";
import { model } from "./model.js";
import type { Spec } from "./spec.js";
import { json } from "./values.js";

const require = createRequire(import.meta.url);

/** The installed version of a package ("not installed" when it is missing: the loader then maps nothing). */
function installedVersion(name: string): string {
	for (const folder of require.resolve.paths(name) ?? []) {
		try {
			const { version } = JSON.parse(readFileSync(join(folder, name, "package.json"), "utf8")) as { version?: unknown };
			if (typeof version === "string") return version;
		} catch {
			// Not in this folder: Node would look in the next one too.
		}
	}
	return "not installed";
}

interface PackagedSpec {
	name: string;
	/** The engine of @hubkit/runtime's packaged/text-packages.ts. */
	engine: string;
	/** The package whose data are the model's weights. */
	weights: string;
	languages: string[];
	tags: string[];
	widget: string;
	/**
	 * Sample downloads, set here: below tiny-sentiment's, so that model stays the one a
	 * text-classification call without a model runs; NER ahead of part-of-speech for token classification.
	 */
	downloads: number;
	/** What the model is and how it answers; the card adds where the weights come from. */
	card: string;
}

const PACKAGED: PackagedSpec[] = [
	{
		name: "wink-sentiment",
		downloads: 31,
		engine: "wink-sentiment",
		weights: "wink-eng-lite-web-model",
		languages: ["en"],
		tags: ["sentiment-analysis", "wink-nlp"],
		widget: "I love this movie, the soundtrack is wonderful!",
		card: 'English sentiment from wink-nlp\'s lite English model: a sentiment lexicon with handling for negation ("not good") scores a text from -1 to 1, and the answer spreads that score over NEGATIVE and POSITIVE (POSITIVE = (1 + score) / 2). It is a lexicon, not a neural network: quick and explainable, blind to irony and context.',
	},
	{
		name: "lande-language-id",
		downloads: 24,
		engine: "lande-language",
		weights: "lande",
		languages: ["multilingual"],
		tags: ["language-identification", "lande"],
		widget: "Le chat dort sur le canapé depuis ce matin.",
		card: "Language identification with lande: a small neural network over the character trigrams of a text tells 50 languages apart. Labels are ISO 639-3 codes (eng, fra, deu, spa …), scores the network's probabilities. Short texts (a few words) are often uncertain.",
	},
	{
		name: "compromise-entities",
		downloads: 38,
		engine: "compromise-entities",
		weights: "compromise",
		languages: ["en"],
		tags: ["ner", "compromise"],
		widget: "Marie Curie moved to Paris in 1891 and later worked with Pierre at the Sorbonne.",
		card: "Named entities in English text from compromise, a rule-based parser whose lexicon and rules ship in the package: people (PER), places (LOC) and organisations (ORG), with their character offsets. The rules give no probability, so every score is 1.",
	},
	{
		name: "wink-pos",
		downloads: 19,
		engine: "wink-part-of-speech",
		weights: "wink-eng-lite-web-model",
		languages: ["en"],
		tags: ["pos", "wink-nlp"],
		widget: "The quick brown fox jumps over the lazy dog.",
		card: "Part-of-speech tags for English from wink-nlp's lite English model: one entry per token with its Universal Dependencies tag (NOUN, VERB, ADJ, PROPN …) and character offsets. The tagger gives no probability, so every score is 1.",
	},
];

function packagedRecord(spec: PackagedSpec): SeedModel {
	const definition = packagedModel(spec.engine);
	if (!definition) throw new Error(`no packaged engine ${spec.engine}`);
	const versions = Object.fromEntries(definition.packages.map((name) => [name, installedVersion(name)]));
	const named = Object.entries(versions)
		.map(([name, version]) => `\`${name}\` ${version}`)
		.join(" and ");
	const manifest = { engine: spec.engine, package: spec.weights, packages: versions };
	const labels = definition.labels;
	const record: Spec = {
		id: `${DEMO_AUTHOR}/${spec.name}`,
		task: definition.task,
		params: "1K",
		license: "mit",
		languages: spec.languages,
		tags: ["packaged", ...spec.tags],
		layout: "files",
		pop: 1,
		created: "2025-11-24",
		card: [
			spec.card,
			`**Where the weights come from:** the npm package${definition.packages.length > 1 ? "s" : ""} ${named} (MIT), installed with the hub. This repository holds no weights: \`${MANIFEST_PATH}\` names the engine and the packages, \`config.json\` lists the labels. The hub runs it on its own CPU, offline.`,
		].join("\n\n"),
		widget: [{ text: spec.widget }],
		// The runtime runs it; the loader checks that before writing the mapping (seed/seed-capability.ts).
		providers: ["hf-inference"],
		config: {
			id2label: Object.fromEntries(labels.map((label, index) => [String(index), label])),
			label2id: Object.fromEntries(labels.map((label, index) => [label, index])),
		},
	};
	return { ...model(record, [{ path: MANIFEST_PATH, content: json(manifest) }]), downloads: spec.downloads };
}

/** The packaged models, in a stable order. */
export function packagedModels(): SeedModel[] {
	return PACKAGED.map(packagedRecord);
}
