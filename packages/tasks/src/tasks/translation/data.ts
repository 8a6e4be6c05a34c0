import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Translation turns text written in one language into text with the same meaning in another. The input is a sentence or document in the source language, and the output is its rendering in the target language. Some models handle a single language pair; others cover hundreds of languages, and some translate between programming languages.",
	datasets: [
		{
			id: "Helsinki-NLP/opus_books",
			description: "Aligned sentences from novels and other books in many language pairs.",
		},
		{
			id: "google/code_x_glue_cc_code_to_code_trans",
			description: "Functions written in both Java and C#, for translating code from one language to the other.",
		},
	],
	metrics: [
		{ id: "bleu", description: "Counts the word sequences a translation shares with reference translations." },
		{
			id: "sacrebleu",
			description: "A standardised way of computing BLEU so that scores from different papers can be compared.",
		},
	],
	models: [
		{
			id: "facebook/nllb-200-1.3B",
			description: "Translates between any two of two hundred languages, including many low-resource ones.",
		},
		{
			id: "google-t5/t5-base",
			description: "A general text-to-text model that translates between English, French, German and Romanian.",
		},
	],
	spaces: [
		{ id: "Iker/Translate-100-languages", description: "Translate text between about a hundred languages." },
		{ id: "Geonmo/nllb-translation-demo", description: "Try a many-language translation model in the browser." },
	],
	widgetModels: ["facebook/mbart-large-50-many-to-many-mmt"],
	youtubeId: "1JvfrvZgi6c",
	canonicalId: "text2text-generation",
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "The museum is closed on Mondays, but the garden stays open until six.",
			},
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content: "Le musée est fermé le lundi, mais le jardin reste ouvert jusqu'à dix-huit heures.",
			},
		],
	},
};
