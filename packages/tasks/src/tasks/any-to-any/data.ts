import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Any-to-any models accept a mix of inputs, such as text, images, audio and video, and can answer in more than one form. A single model might look at a photo, read your question and reply in both written text and spoken audio, or produce a new image. This lets one system handle many tasks that would otherwise need separate models.",
	datasets: [
		{
			id: "PKU-Alignment/align-anything",
			description:
				"Human preference data across text, image, audio and video, for aligning models that take and give any mix of them.",
		},
	],
	metrics: [],
	models: [
		{
			id: "Qwen/Qwen2.5-Omni-7B",
			description:
				"Takes text, images, audio and video and answers in text and natural-sounding speech at the same time.",
		},
		{
			id: "OmniGen2/OmniGen2",
			description: "Understands images and generates or edits them from instructions that mix text and pictures.",
		},
		{
			id: "openbmb/MiniCPM-o-2_6",
			description:
				"A compact model for seeing, listening and speaking, able to hold live voice and video conversations.",
		},
		{
			id: "ByteDance-Seed/BAGEL-7B-MoT",
			description: "A mixture-of-transformers model that both understands and generates images alongside text.",
		},
	],
	spaces: [
		{
			id: "OmniGen2/OmniGen2",
			description: "Generate and edit images from text and reference pictures with OmniGen2.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "img", filename: "any-to-any-input.png" },
			{ type: "text", label: "Input", content: "Describe the car in one sentence, and say it out loud." },
		],
		outputs: [
			{ type: "text", label: "Output", content: "A red car is parked in front of a small house." },
			{ type: "audio", filename: "any-to-any-output.wav" },
		],
	},
};
