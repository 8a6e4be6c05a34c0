import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Time series forecasting predicts how a quantity will develop from its own history. The input is a sequence of past observations taken at regular intervals, such as daily sales or hourly power use, and the output is estimated values for the next steps, often with a range of uncertainty. Planning stock, staffing and energy supply all depend on it.",
	datasets: [],
	metrics: [
		{ id: "mae", description: "Mean absolute error: the average size of the gap between forecast and actual values." },
		{
			id: "rmse",
			description: "Root mean squared error: like the average gap, but large misses count more heavily.",
		},
		{
			id: "mase",
			description: "Mean absolute scaled error: the error compared with a naive repeat-the-last-season forecast.",
		},
	],
	models: [
		{
			id: "amazon/chronos-t5-small",
			description: "A pretrained forecaster that predicts a numeric series it has never seen, without extra training.",
		},
	],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["date", "value"],
					["2026-03-02", "212"],
					["2026-03-03", "198"],
					["2026-03-04", "205"],
					["2026-03-05", "220"],
					["2026-03-06", "265"],
					["2026-03-07", "310"],
					["2026-03-08", "288"],
					["2026-03-09", "218"],
				],
			},
		],
		outputs: [
			{
				type: "tabular",
				data: [
					["date", "value"],
					["2026-03-10", "203"],
					["2026-03-11", "209"],
					["2026-03-12", "226"],
				],
			},
		],
	},
};
