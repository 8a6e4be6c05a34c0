import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Multiple choice picks the correct answer to a question from a fixed list of options. The model reads the question together with each candidate answer and gives every option a score; the scores are turned into probabilities and the highest one is the prediction. It is used for exam-style benchmarks and for choosing the most sensible ending to a sentence.",
	datasets: [
		{
			id: "allenai/ai2_arc",
			description: "Grade-school science questions with four answer options, in an easy and a challenge set.",
		},
		{
			id: "Rowan/hellaswag",
			description: "Everyday situations where the model must pick the most plausible continuation out of four.",
		},
	],
	metrics: [{ id: "accuracy", description: "The share of questions for which the model picks the right option." }],
	models: [],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "text", label: "Question", content: "Which of these materials conducts electricity best?" },
			{ type: "text", label: "Choices", content: "wood, copper, glass, rubber" },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "copper", score: 0.93 },
					{ label: "wood", score: 0.03 },
					{ label: "glass", score: 0.02 },
					{ label: "rubber", score: 0.02 },
				],
			},
		],
	},
};
