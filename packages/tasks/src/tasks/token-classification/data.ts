import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Token classification gives a label to each word or sub-word in a text instead of one label to the whole text. The input is a sentence or passage; the output is the same text with spans marked, such as the names of people, places and organisations. Named entity recognition and part-of-speech tagging are the best-known kinds.",
	datasets: [
		{
			id: "eriktks/conll2003",
			description:
				"English news text with people, places, organisations and other names marked; a classic NER benchmark.",
		},
		{
			id: "unimelb-nlp/wikiann",
			description: "Names tagged in Wikipedia text across well over a hundred languages, for multilingual NER.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of tokens that get the right label." },
		{ id: "recall", description: "Of the entities really in the text, the share the model finds." },
		{ id: "precision", description: "Of the entities the model marks, the share that are correct." },
		{ id: "f1", description: "The harmonic mean of precision and recall, the usual headline score for NER." },
	],
	models: [
		{
			id: "dslim/bert-base-NER",
			description: "A BERT model that finds people, places, organisations and other names in English text.",
		},
		{
			id: "FacebookAI/xlm-roberta-large-finetuned-conll03-english",
			description: "A large multilingual encoder tuned for English named entities; accurate but heavier.",
		},
		{
			id: "blaze999/Medical-NER",
			description: "Marks medical terms such as diseases, drugs, doses and symptoms in clinical text.",
		},
		{ id: "flair/ner-english", description: "A compact English NER tagger built with the Flair library." },
	],
	spaces: [
		{
			id: "spacy/gradio_pipeline_visualizer",
			description: "Runs spaCy pipelines on your text and highlights the entities and tags they find.",
		},
	],
	widgetModels: ["FacebookAI/xlm-roberta-large-finetuned-conll03-english"],
	youtubeId: "wVHdVlPScxA",
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "Maria Lopez flew from Madrid to Toronto on Monday to meet the design team at Shopify.",
			},
		],
		outputs: [
			{
				type: "text-with-tokens",
				text: "Maria Lopez flew from Madrid to Toronto on Monday to meet the design team at Shopify.",
				tokens: [
					{ type: "PER", start: 0, end: 11 },
					{ type: "LOC", start: 22, end: 28 },
					{ type: "LOC", start: 32, end: 39 },
					{ type: "ORG", start: 77, end: 84 },
				],
			},
		],
	},
};
