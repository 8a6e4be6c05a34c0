import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Tabular classification predicts a category for each row of a table. The columns hold the features of one record, such as measurements, counts or yes/no answers, and the model adds the class it thinks the row belongs to. Loan approval, customer churn and medical screening are typical examples.",
	datasets: [
		{
			id: "inria-soda/tabular-benchmark",
			description: "A curated collection of real-world tables for comparing classifiers and regressors fairly.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of rows whose predicted class is the right one." },
		{ id: "recall", description: "Of the rows that truly belong to a class, the share the model finds." },
		{ id: "precision", description: "Of the rows the model puts in a class, the share that really belong there." },
		{ id: "f1", description: "The harmonic mean of precision and recall; useful when one class is much rarer." },
	],
	models: [
		{
			id: "scikit-learn/cancer-prediction-trees",
			description:
				"A tree ensemble that predicts whether a breast tumour is benign or malignant from cell measurements.",
		},
	],
	spaces: [
		{ id: "scikit-learn/tabular-playground", description: "Upload a table and get a predicted class for every row." },
		{ id: "scikit-learn/classification", description: "Train and compare simple classifiers on small example tables." },
	],
	widgetModels: ["scikit-learn/tabular-playground"],
	demo: {
		inputs: [
			{
				type: "tabular",
				data: [
					["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"],
					["39.1", "18.7", "181", "3750"],
					["46.5", "14.8", "217", "5200"],
					["49.5", "19.0", "200", "3800"],
				],
			},
		],
		outputs: [
			{
				type: "tabular",
				data: [
					["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "predicted_species"],
					["39.1", "18.7", "181", "3750", "Adelie"],
					["46.5", "14.8", "217", "5200", "Gentoo"],
					["49.5", "19.0", "200", "3800", "Chinstrap"],
				],
			},
		],
	},
};
