import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text classification puts a whole piece of text into one or more of a fixed set of classes. You give it a sentence, a review or a document, and it returns each class with a score, highest first. Sentiment, topic, language and spam detection are all text classification.",
	datasets: [
		{
			id: "nyu-mll/glue",
			description:
				"A suite of nine sentence and sentence-pair tasks that is the usual first check of a new text classifier.",
		},
		{
			id: "stanfordnlp/snli",
			description: "Pairs of sentences marked as entailment, contradiction or neutral, for natural language inference.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of texts whose predicted class is the right one." },
		{ id: "recall", description: "Of the texts that truly belong to a class, the share the model finds." },
		{ id: "precision", description: "Of the texts the model puts in a class, the share that really belong there." },
		{ id: "f1", description: "The harmonic mean of precision and recall; useful when the classes are unbalanced." },
	],
	models: [
		{
			id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
			description: "A small, fast English sentiment model that labels text as positive or negative.",
		},
		{ id: "ProsusAI/finbert", description: "Sentiment of financial news and reports." },
		{
			id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
			description: "Sentiment of short social-media posts, with a neutral class.",
		},
		{
			id: "papluca/xlm-roberta-base-language-detection",
			description: "Tells which of twenty languages a text is written in.",
		},
		{
			id: "meta-llama/Prompt-Guard-86M",
			description: "Flags prompts that try to override a language model's instructions.",
		},
	],
	spaces: [
		{
			id: "IoannisTr/Tech_Stocks_Trading_Assistant",
			description: "Reads news headlines and scores their sentiment for stock picks.",
		},
		{
			id: "miesnerjacob/Multi-task-NLP",
			description: "Several text tasks side by side, sentiment and emotion among them.",
		},
		{ id: "spacy/healthsea-demo", description: "Classifies what product reviews say about health effects." },
	],
	widgetModels: ["distilbert/distilbert-base-uncased-finetuned-sst-2-english"],
	youtubeId: "leNG9fN9FQU",
	demo: {
		inputs: [{ type: "text", label: "Input", content: "The battery lasts all day and the screen is lovely." }],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "POSITIVE", score: 0.97 },
					{ label: "NEGATIVE", score: 0.03 },
				],
			},
		],
	},
};
