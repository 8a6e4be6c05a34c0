import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Zero-shot classification sorts text into classes that the model was never trained on. Along with the text you give a list of candidate labels, written in plain words, and the model scores how well each label fits. It is handy when you need a classifier quickly and have no labelled examples.",
	datasets: [
		{
			id: "nyu-mll/glue",
			description: "Sentence and sentence-pair benchmarks whose inference tasks help train zero-shot classifiers.",
		},
		{
			id: "nyu-mll/multi_nli",
			description: "Sentence pairs from many genres labelled as entailment, contradiction or neutral.",
		},
		{
			id: "fever/fever",
			description: "Claims checked against Wikipedia as supported, refuted or lacking evidence.",
		},
	],
	metrics: [],
	models: [
		{
			id: "facebook/bart-large-mnli",
			description: "Frames each label as a hypothesis and checks whether the text entails it; a common default.",
		},
		{
			id: "MoritzLaurer/ModernBERT-large-zeroshot-v2.0",
			description: "A fast encoder trained on many classification datasets for label-agnostic classification.",
		},
		{
			id: "knowledgator/gliclass-modern-base-v2.0-init",
			description: "Scores all candidate labels in a single pass, which keeps it quick with long label lists.",
		},
	],
	spaces: [],
	widgetModels: ["facebook/bart-large-mnli"],
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "I ordered a blender two weeks ago and the tracking page still says it has not left the warehouse.",
			},
			{ type: "text", label: "Candidate labels", content: "shipping, billing, product quality" },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "shipping", score: 0.91 },
					{ label: "product quality", score: 0.05 },
					{ label: "billing", score: 0.04 },
				],
			},
		],
	},
};
