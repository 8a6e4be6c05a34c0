import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Visual question answering lets you ask a question in plain language about a picture and get a short answer back. The model has to look at the image and understand the question together, for example to count things, name a colour or say where something is. Many models return a few candidate answers, each with a confidence score.",
	datasets: [
		{
			id: "Graphcore/vqa",
			description:
				"Open-ended questions about everyday photos, each answered by several people, for training and scoring VQA models.",
		},
		{
			id: "facebook/textvqa",
			description:
				"Questions that can only be answered by reading text that appears in the image, such as signs or labels.",
		},
	],
	metrics: [
		{
			id: "accuracy",
			description:
				"The share of questions answered correctly, usually counting an answer as right when enough annotators gave it.",
		},
		{
			id: "wu-palmer similarity",
			description:
				"Scores how close the predicted and true answers are in the WordNet hierarchy, so near-synonyms earn partial credit.",
		},
	],
	models: [
		{
			id: "google/deplot",
			description: "Turns an image of a chart or plot into a data table that a language model can then reason over.",
		},
		{
			id: "google/matcha-base",
			description:
				"A base model pretrained on charts and numerical reasoning, meant to be fine-tuned for questions about plots.",
		},
		{
			id: "google/pix2struct-ocrvqa-large",
			description: "Answers questions about book covers, such as the title or author, by reading the pixels directly.",
		},
	],
	spaces: [
		{
			id: "merve/pix2struct",
			description: "Try Pix2Struct models that answer questions about screenshots, charts and documents.",
		},
		{
			id: "nielsr/vilt-vqa",
			description: "Upload a photo and ask a question about it, answered by a compact ViLT model.",
		},
		{
			id: "Salesforce/BLIP",
			description: "Captions an image or answers a question about it with the BLIP vision-language model.",
		},
		{
			id: "vumichien/Img2Prompt",
			description:
				"Answers questions about an image by turning what it sees into a prompt for a frozen language model.",
		},
	],
	widgetModels: ["dandelin/vilt-b32-finetuned-vqa"],
	demo: {
		inputs: [
			{ type: "img", filename: "visual-question-answering-input.png" },
			{ type: "text", label: "Question", content: "What colour is the car?" },
		],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "red", score: 0.91 },
					{ label: "orange", score: 0.04 },
					{ label: "pink", score: 0.02 },
					{ label: "maroon", score: 0.01 },
				],
			},
		],
	},
};
