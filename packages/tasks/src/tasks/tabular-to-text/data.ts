import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Tabular-to-text writes natural language from the data in a table. The input is a table, or a few selected rows and cells, and the output is a sentence or short paragraph that states the facts they hold. Weather reports, sports recaps and product descriptions are often produced this way from structured data.",
	datasets: [],
	metrics: [
		{
			id: "bleu",
			description: "Counts how many word sequences in the generated text also appear in human-written references.",
		},
		{
			id: "rouge",
			description: "Measures how much of the reference text's wording is recovered in the generated text.",
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
					["city", "day", "condition", "high_c", "low_c"],
					["Lisbon", "Saturday", "sunny", "24", "16"],
					["Oslo", "Saturday", "light rain", "11", "6"],
				],
			},
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"On Saturday Lisbon will be sunny, with a high of 24 °C and a low of 16 °C, while Oslo can expect light rain and temperatures between 6 °C and 11 °C.",
			},
		],
	},
};
