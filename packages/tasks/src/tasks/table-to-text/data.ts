import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Table-to-text writes a fluent description of the facts held in a table. The input is structured data, such as rows of statistics or a record with named fields, and the output is one or more sentences stating what the data says. It is used for automatic reports on sports results, weather, finances and product specifications.",
	datasets: [],
	metrics: [
		{
			id: "bleu",
			description: "Compares the generated sentences with reference descriptions by shared word sequences.",
		},
		{ id: "rouge", description: "Measures how much of a reference description's wording the output covers." },
	],
	models: [],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["Day", "Weather", "High (°C)", "Low (°C)"],
					["Saturday", "Sunny", "24", "13"],
					["Sunday", "Showers", "18", "11"],
				],
			},
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"Saturday will be sunny with a high of 24 °C and a low of 13 °C, while Sunday brings showers and cooler air, peaking at 18 °C with a low of 11 °C.",
			},
		],
	},
};
