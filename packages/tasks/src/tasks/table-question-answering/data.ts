import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Table question answering reads a table and answers a question about it in natural language. You pass in the table and a question; the model picks the right cells and, where needed, counts, adds or averages them to produce the answer. It lets people query spreadsheets and small databases without writing formulas or SQL.",
	datasets: [
		{
			id: "wikitablequestions",
			description: "Questions about tables taken from Wikipedia, many of which need counting, comparing or sorting.",
		},
		{
			id: "wikisql",
			description: "Questions paired with the SQL queries that answer them over Wikipedia tables.",
		},
	],
	metrics: [
		{
			id: "Denotation Accuracy",
			description: "The share of questions whose predicted answer value matches the right one, however it was reached.",
		},
	],
	models: [
		{
			id: "microsoft/tapex-base",
			description: "A sequence-to-sequence model pre-trained to execute SQL over tables, used as a base for table QA.",
		},
		{
			id: "google/tapas-base-finetuned-wtq",
			description: "Selects table cells and an aggregation such as sum or count to answer a question.",
		},
	],
	spaces: [{ id: "katanaml/table-query", description: "Upload a table and ask questions about its contents." }],
	widgetModels: ["google/tapas-base-finetuned-wtq"],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["Store", "City", "Opened", "Employees"],
					["Riverside", "Lyon", "2009", "18"],
					["Old Port", "Marseille", "2014", "42"],
					["Station", "Lille", "2019", "27"],
				],
			},
			{ type: "text", label: "Question", content: "Which city has the store that opened first?" },
		],
		outputs: [{ type: "text", label: "Answer", content: "Lyon" }],
	},
};
