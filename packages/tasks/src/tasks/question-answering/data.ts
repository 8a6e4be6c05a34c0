import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Question answering finds the answer to a question inside a passage of text. You supply the question and a context, such as a paragraph or a document; extractive models return the span of the context that answers it, with a confidence score. It powers search boxes that reply with an answer rather than a list of links.",
	datasets: [
		{
			id: "squad_v2",
			description: "Questions on Wikipedia paragraphs, including some that the paragraph cannot answer.",
		},
		{
			id: "natural_questions",
			description: "Real search-engine questions answered from whole Wikipedia pages, with short and long answers.",
		},
	],
	metrics: [
		{
			id: "exact-match",
			description: "The share of predicted answers that match a reference answer character for character.",
		},
		{
			id: "f1",
			description: "Word overlap between the predicted and reference answers, giving credit for partial matches.",
		},
	],
	models: [
		{
			id: "deepset/roberta-base-squad2",
			description: "An English extractive QA model that can also say when the context holds no answer.",
		},
		{
			id: "distilbert/distilbert-base-cased-distilled-squad",
			description: "A smaller, faster extractive QA model for English.",
		},
		{
			id: "google/tapas-base-finetuned-wtq",
			description: "Answers questions whose context is a table rather than running text.",
		},
	],
	spaces: [
		{
			id: "deepset/wikipedia-assistant",
			description: "Answers questions by retrieving Wikipedia passages and reading the answer out of them.",
		},
	],
	widgetModels: ["deepset/roberta-base-squad2"],
	youtubeId: "ajPx5LwJD-I",
	demo: {
		inputs: [
			{ type: "text", label: "Question", content: "How long does the ferry take to reach the island?" },
			{
				type: "text",
				label: "Context",
				content:
					"The ferry leaves the harbour every two hours from 7 a.m. The crossing to the island takes about forty minutes, and bicycles can be brought on board for a small fee.",
			},
		],
		outputs: [{ type: "text", label: "Answer", content: "about forty minutes" }],
	},
};
