import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Feature extraction turns a piece of text into a list of numbers, called an embedding, that captures its meaning. The input is text and the output is a fixed-length vector, or one vector per token. Texts with similar meaning get vectors that lie close together, which makes embeddings the building block of semantic search, clustering and recommendation.",
	datasets: [
		{
			id: "wikipedia",
			description: "Cleaned Wikipedia articles in many languages, a common source of text for training encoders.",
		},
	],
	metrics: [],
	models: [
		{
			id: "thenlper/gte-large",
			description: "A general-purpose English embedding model for search, clustering and similarity.",
		},
		{
			id: "Alibaba-NLP/gte-Qwen1.5-7B-instruct",
			description: "A large embedding model built on a language model that follows a task instruction.",
		},
	],
	spaces: [
		{
			id: "mteb/leaderboard",
			description: "Ranks embedding models by how well they do on dozens of retrieval and similarity benchmarks.",
		},
		{ id: "mteb/arena", description: "Compare two embedding models side by side and vote on the better results." },
	],
	widgetModels: ["facebook/bart-base"],
	demo: {
		inputs: [{ type: "text", label: "Input", content: "Fresh bread is sold every morning at the corner bakery." }],
		outputs: [
			{
				type: "tabular",
				data: [
					["Dimension", "Value"],
					["0", "0.0412"],
					["1", "-0.1187"],
					["2", "0.0735"],
					["3", "0.2046"],
					["4", "-0.0391"],
					["5", "0.0158"],
				],
			},
		],
	},
};
