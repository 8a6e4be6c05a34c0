import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text retrieval finds the documents in a collection that best match a query. Queries and documents are embedded separately into vectors, so a large collection can be indexed once and searched quickly; the output is the documents ranked by a similarity score. It is the first step of search engines and of retrieval-augmented generation.",
	datasets: [
		{
			id: "microsoft/ms_marco",
			description: "Real search queries with the web passages that answer them, for training and testing retrievers.",
		},
	],
	metrics: [
		{ id: "ndcg", description: "Rewards ranking relevant documents near the top, with lower positions counting less." },
		{ id: "mrr", description: "One over the rank of the first relevant document, averaged over queries." },
		{ id: "map", description: "The mean over queries of the precision at each relevant document's rank." },
	],
	models: [
		{
			id: "sentence-transformers/all-MiniLM-L6-v2",
			description: "A small, fast English embedding model that works well as a first-stage retriever.",
		},
		{
			id: "BAAI/bge-m3",
			description: "A multilingual retriever that supports dense, sparse and multi-vector search over long texts.",
		},
	],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "text", label: "Query", content: "When does the swimming pool open on Sundays?" },
			{
				type: "text",
				label: "Documents",
				content: "Pool hours: weekdays 6:30 to 21:00, Saturday and Sunday 8:00 to 18:00.",
			},
			{ type: "text", label: "Documents", content: "The library is closed on public holidays and Sundays." },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "Pool hours: weekdays 6:30 to 21:00, Saturday and Sunday 8:00 to 18:00.", score: 0.78 },
					{ label: "The library is closed on public holidays and Sundays.", score: 0.29 },
				],
			},
		],
	},
};
