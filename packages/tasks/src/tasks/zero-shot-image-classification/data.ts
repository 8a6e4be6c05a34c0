import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Zero-shot image classification sorts a picture into classes that you name at run time, with no training on those classes. You pass an image and a list of candidate labels written as words, and the model scores how well each label matches the picture. It works because the model has learned to place images and text in a shared space.",
	datasets: [],
	metrics: [
		{
			id: "top-K accuracy",
			description: "Counts a prediction as right when the true label is among the K best-scoring candidates.",
		},
	],
	models: [
		{
			id: "visheratin/mexma-siglip",
			description:
				"Pairs a multilingual text encoder with a SigLIP image encoder, so labels can be written in many languages.",
		},
		{
			id: "google/siglip2-base-patch16-224",
			description:
				"A compact image–text encoder trained with a sigmoid loss that matches pictures to labels in many languages.",
		},
		{
			id: "intfloat/mmE5-mllama-11b-instruct",
			description:
				"A large multimodal embedding model that maps images and text into one space, following an instruction.",
		},
		{
			id: "jinaai/jina-clip-v2",
			description: "A multilingual CLIP-style model that accepts high-resolution images, for matching and search.",
		},
		{
			id: "microsoft/BiomedCLIP-PubMedBERT_256-vit_base_patch16_224",
			description: "A CLIP-style model trained on figures and captions from biomedical papers, for medical images.",
		},
	],
	spaces: [
		{
			id: "pharma/CLIP-Interrogator",
			description: "Guesses a text prompt that describes an image by ranking many phrases against it.",
		},
		{
			id: "merve/compare_clip_siglip",
			description: "Scores the same image and labels with CLIP and SigLIP side by side.",
		},
	],
	widgetModels: ["google/siglip-so400m-patch14-224"],
	demo: {
		inputs: [
			{ type: "img", filename: "zero-shot-image-classification-input.png" },
			{ type: "text", label: "Candidate labels", content: "cat, dog, fox, rabbit" },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "cat", score: 0.93 },
					{ label: "fox", score: 0.04 },
					{ label: "dog", score: 0.02 },
					{ label: "rabbit", score: 0.01 },
				],
			},
		],
	},
};
