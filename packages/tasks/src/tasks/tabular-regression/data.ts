import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Tabular regression estimates a number for each row of a table from the values in its other columns. Each row describes one item, for example a house, a car or a day of sales, and the model adds a predicted quantity such as a price, a weight or a demand figure. Tree ensembles and linear models are common choices.",
	datasets: [
		{
			id: "inria-soda/tabular-benchmark",
			description: "A curated collection of real-world tables for comparing regressors and classifiers fairly.",
		},
	],
	metrics: [
		{
			id: "mse",
			description:
				"Mean squared error: the average squared gap between predicted and true values, so big misses weigh most.",
		},
		{
			id: "r-squared",
			description: "The share of the variation in the target that the model explains; 1 means a perfect fit.",
		},
	],
	models: [
		{
			id: "scikit-learn/Fish-Weight",
			description: "Estimates a fish's weight from its species and its length, height and width measurements.",
		},
	],
	spaces: [
		{
			id: "scikit-learn/fish-weight-prediction",
			description: "Enter a fish's measurements and get its estimated weight.",
		},
	],
	widgetModels: ["scikit-learn/Fish-Weight"],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["year", "mileage_km", "engine_l", "fuel"],
					["2019", "48000", "1.5", "petrol"],
					["2015", "132000", "2.0", "diesel"],
					["2022", "12500", "1.0", "petrol"],
				],
			},
		],
		outputs: [
			{
				type: "tabular",
				data: [
					["year", "mileage_km", "engine_l", "fuel", "predicted_price_eur"],
					["2019", "48000", "1.5", "petrol", "14650"],
					["2015", "132000", "2.0", "diesel", "8900"],
					["2022", "12500", "1.0", "petrol", "17300"],
				],
			},
		],
	},
};
