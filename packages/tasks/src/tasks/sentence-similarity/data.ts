import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Sentence similarity measures how close in meaning two pieces of text are. You give one source sentence and a list of sentences to compare it with; the model embeds each of them as a vector and returns a score for every pair, usually the cosine of the angle between them. It underlies duplicate detection, semantic search and grouping of similar texts.",
	datasets: [
		{
			id: "microsoft/ms_marco",
			description: "Real search queries paired with passages that answer them, widely used to train embedding models.",
		},
	],
	metrics: [
		{
			id: "Mean Reciprocal Rank",
			description: "How high the first truly similar text appears in the ranked list, averaged over queries.",
		},
		{
			id: "Cosine Similarity",
			description: "The cosine of the angle between two embeddings: near 1 for the same meaning, near 0 for unrelated.",
		},
	],
	models: [
		{
			id: "sentence-transformers/all-mpnet-base-v2",
			description: "A reliable English sentence embedding model for similarity and search.",
		},
		{
			id: "BAAI/bge-m3",
			description: "A multilingual embedding model that handles long inputs and several retrieval styles.",
		},
		{
			id: "HIT-TMG/KaLM-embedding-multilingual-mini-instruct-v1.5",
			description: "A small multilingual embedding model that takes a task instruction with the text.",
		},
	],
	spaces: [
		{
			id: "Gradio-Blocks/Ask_Questions_To_YouTube_Videos",
			description: "Finds the parts of a video transcript that best match your question.",
		},
		{
			id: "Gradio-Blocks/pubmed-abstract-retriever",
			description: "Finds medical paper abstracts that are close in meaning to a query.",
		},
		{
			id: "nickmuchi/article-text-summarizer",
			description: "Summarizes an article and compares the summary with the source using embeddings.",
		},
		{
			id: "sentence-transformers/Sentence_Transformers_for_semantic_search",
			description: "Search a text collection by meaning rather than by exact words.",
		},
	],
	widgetModels: ["sentence-transformers/all-MiniLM-L6-v2"],
	youtubeId: "VCZq5AkbNEU",
	demo: {
		inputs: [
			{ type: "text", label: "Source sentence", content: "The train to Leeds has been cancelled." },
			{ type: "text", label: "Sentences to compare", content: "There will be no train to Leeds today." },
			{ type: "text", label: "Sentences to compare", content: "The Leeds train is running ten minutes late." },
			{ type: "text", label: "Sentences to compare", content: "I bought a new raincoat in Leeds." },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "There will be no train to Leeds today.", score: 0.81 },
					{ label: "The Leeds train is running ten minutes late.", score: 0.64 },
					{ label: "I bought a new raincoat in Leeds.", score: 0.17 },
				],
			},
		],
	},
};
