import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text ranking orders a set of documents by how relevant each one is to a query. The input is a query and a handful of candidate texts; a reranker reads the query and each document together and gives every pair a relevance score. It is usually the second stage of search, re-sorting the top results that a faster retriever found.",
	datasets: [
		{
			id: "microsoft/ms_marco",
			description: "Search queries with passages judged relevant, the standard training data for rerankers.",
		},
	],
	metrics: [
		{
			id: "Normalized Discounted Cumulative Gain",
			description: "Rewards putting the most relevant documents at the very top, discounting lower positions.",
		},
		{
			id: "Mean Reciprocal Rank",
			description: "One over the rank of the first relevant document, averaged over all queries.",
		},
		{
			id: "Mean Average Precision",
			description: "Averages precision at each relevant document's position, over all queries.",
		},
	],
	models: [
		{
			id: "cross-encoder/ms-marco-MiniLM-L6-v2",
			description: "A small, fast English reranker trained on search queries and passages.",
		},
		{
			id: "Alibaba-NLP/gte-multilingual-reranker-base",
			description: "A reranker that scores queries and documents in many languages.",
		},
		{
			id: "Alibaba-NLP/gte-reranker-modernbert-base",
			description: "An English reranker built on ModernBERT that accepts long documents.",
		},
	],
	spaces: [],
	widgetModels: ["cross-encoder/ms-marco-MiniLM-L6-v2"],
	demo: {
		inputs: [
			{ type: "text", label: "Query", content: "how to remove rust from a bicycle chain" },
			{
				type: "text",
				label: "Documents",
				content: "Soak the chain in white vinegar overnight, then scrub it with a brush and oil it well.",
			},
			{
				type: "text",
				label: "Documents",
				content: "A rusty chain wears out gears faster, so replace it every few thousand kilometres.",
			},
			{ type: "text", label: "Documents", content: "Our shop sells city bikes, mountain bikes and helmets." },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{
						label: "Soak the chain in white vinegar overnight, then scrub it with a brush and oil it well.",
						score: 0.94,
					},
					{ label: "A rusty chain wears out gears faster, so replace it every few thousand kilometres.", score: 0.38 },
					{ label: "Our shop sells city bikes, mountain bikes and helmets.", score: 0.02 },
				],
			},
		],
	},
};
