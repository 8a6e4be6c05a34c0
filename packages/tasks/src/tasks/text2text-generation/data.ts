import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-text generation takes a text in and writes a new text out, usually with an encoder-decoder model. The input often starts with a short instruction, such as a request to correct, simplify, paraphrase or answer, and the output is the rewritten text or the answer. Translation and summarization are two common cases of this general setup.",
	datasets: [],
	metrics: [
		{ id: "bleu", description: "Counts the word sequences the output shares with one or more reference texts." },
		{ id: "rouge", description: "Measures the overlap of words and word sequences with a reference text." },
	],
	models: [
		{
			id: "google/flan-t5-base",
			description: "A T5 model tuned on many instruction-style tasks, so it follows plain-language requests.",
		},
		{
			id: "google-t5/t5-base",
			description: "The original text-to-text model; a prefix in the input tells it which task to do.",
		},
	],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "Fix the grammar: She don't know where did they went yesterday.",
			},
		],
		outputs: [{ type: "text", label: "Output", content: "She doesn't know where they went yesterday." }],
	},
};
