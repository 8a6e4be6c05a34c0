import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Fill-mask predicts a word that has been hidden in a sentence. You write the sentence with a special mask token where the missing word goes (<mask> for RoBERTa-style models, [MASK] for BERT-style ones), and the model returns the most likely words for that slot with their probabilities. It is how encoder models are pre-trained, and it is a quick way to see what a model has learned.",
	datasets: [
		{
			id: "wikipedia",
			description: "Wikipedia articles in many languages, a standard source of text for masked-language pre-training.",
		},
		{ id: "c4", description: "A very large cleaned crawl of English web pages used to pre-train language models." },
	],
	metrics: [
		{
			id: "cross_entropy",
			description: "The average negative log-probability of the hidden words; lower means better guesses.",
		},
		{ id: "perplexity", description: "The exponential of cross entropy; lower means the model is less surprised." },
	],
	models: [
		{
			id: "answerdotai/ModernBERT-large",
			description: "A modern English encoder with a long context window, also strong on code.",
		},
		{
			id: "FacebookAI/xlm-roberta-base",
			description: "A multilingual encoder pre-trained on text in about a hundred languages.",
		},
	],
	spaces: [],
	widgetModels: ["distilroberta-base"],
	youtubeId: "mqElG5QJWUg",
	demo: {
		inputs: [{ type: "text", label: "Input", content: "Always wash your <mask> before you start cooking." }],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "hands", score: 0.86 },
					{ label: "vegetables", score: 0.04 },
					{ label: "food", score: 0.03 },
					{ label: "dishes", score: 0.02 },
					{ label: "knives", score: 0.01 },
				],
			},
		],
	},
};
