import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Graph machine learning works on data made of nodes joined by edges, such as molecules, social networks, citation networks or road maps. Given the graph's structure and any features on its nodes and edges, a model can predict a label for one node, whether two nodes should be linked, or a property of the whole graph.",
	datasets: [],
	metrics: [
		{ id: "accuracy", description: "The share of nodes or graphs whose predicted class is the right one." },
		{
			id: "mrr",
			description: "Mean reciprocal rank: for link prediction, how high the true link is ranked among the candidates.",
		},
	],
	models: [],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["paper", "cites", "topic"],
					["A", "B; C", "Machine learning"],
					["B", "A; C", "Machine learning"],
					["C", "A; B; D", "Machine learning"],
					["D", "C; E; F; G", "?"],
					["E", "D; F", "Databases"],
					["F", "E; G", "Databases"],
					["G", "E; F", "Databases"],
				],
			},
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "Databases", score: 0.78 },
					{ label: "Machine learning", score: 0.19 },
					{ label: "Networking", score: 0.03 },
				],
			},
		],
	},
};
