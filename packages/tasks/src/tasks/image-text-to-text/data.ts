import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-text-to-text models, often called vision language models, take one or more images together with a text prompt and answer in text. You can ask about what a picture shows, have it read a chart or a document, or chat about a screenshot. The output is free-form text, from a single word to a long explanation.",
	datasets: [
		{
			id: "liuhaotian/LLaVA-Instruct-150K",
			description: "Conversations and instructions about images, for teaching a model to follow requests.",
		},
		{
			id: "DAMO-NLP-SG/multimodal_textbook",
			description: "Text and images interleaved like a textbook, built from teaching videos.",
		},
		{
			id: "HuggingFaceM4/the_cauldron",
			description: "Dozens of vision-language datasets in one common format, for fine-tuning.",
		},
		{
			id: "HuggingFaceM4/WebSight",
			description: "Screenshots of web pages paired with their HTML, for turning designs into code.",
		},
	],
	metrics: [],
	models: [
		{
			id: "HuggingFaceTB/SmolVLM-Instruct",
			description: "A small vision language model that runs on modest hardware and handles several images.",
		},
		{
			id: "zai-org/GLM-4.5V",
			description: "A large vision language model that can reason step by step about images and video.",
		},
		{
			id: "rednote-hilab/dots.ocr",
			description: "Reads documents, returning their layout and text, tables and formulas included.",
		},
		{
			id: "Qwen/Qwen2.5-VL-3B-Instruct",
			description: "A compact model that understands images, documents and short videos and can point at objects.",
		},
		{
			id: "microsoft/Magma-8B",
			description: "A vision language model that also plans actions, for software agents and robots.",
		},
	],
	spaces: [
		{
			id: "opencompass/open_vlm_leaderboard",
			description: "Ranks vision language models across many benchmarks.",
		},
		{
			id: "sergiopaniego/vlm_object_understanding",
			description: "Ask vision language models to find and point at objects in an image.",
		},
		{ id: "prithivMLmods/Multimodal-OCR", description: "Compare several models at reading text out of images." },
	],
	widgetModels: ["zai-org/GLM-4.5V"],
	youtubeId: "IoGaGfU1CIg",
	demo: {
		inputs: [
			{ type: "img", filename: "image-text-to-text-input.png" },
			{ type: "text", label: "Input", content: "What colour is the car, and what is behind it?" },
		],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"The car is red. Behind it is a green hill with a small white house with a red roof on the left and a round green tree on the right.",
			},
		],
	},
};
