import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Video classification watches a clip and names what is happening in it. The input is a short video, read as a sequence of frames, and the output is a list of classes, often actions or activities, each with a score. It is used to sort and search video libraries, flag content and recognise sports moves.",
	datasets: [
		{
			id: "kinetics400",
			description: "Hundreds of thousands of short online clips labelled with four hundred human actions.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of clips whose top predicted class is the right one." },
		{ id: "recall", description: "Of the clips that truly show a class, the share the model labels as that class." },
		{ id: "precision", description: "Of the clips the model puts in a class, the share that really belong there." },
		{ id: "f1", description: "The harmonic mean of precision and recall, useful when some actions are rare." },
	],
	models: [
		{
			id: "google/vivit-b-16x2-kinetics400",
			description: "A video transformer that looks at small space-time tubes of the clip to recognise actions.",
		},
		{
			id: "microsoft/xclip-base-patch32",
			description: "Matches videos with text, so it can sort clips into classes named only in words.",
		},
	],
	spaces: [
		{ id: "nateraw/lavila", description: "Writes a running description of what the person in a video is doing." },
		{ id: "fcakyon/video-classification", description: "Upload a clip and see which actions a model recognises." },
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "video-classification-input.png" }],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "flying kite", score: 0.84 },
					{ label: "kitesurfing", score: 0.08 },
					{ label: "building sandcastle", score: 0.04 },
					{ label: "surfing water", score: 0.03 },
					{ label: "jogging", score: 0.01 },
				],
			},
		],
	},
};
