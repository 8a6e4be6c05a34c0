import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Zero-shot object detection finds objects in a picture from labels you type in, even if the model was never trained on those classes. You supply an image and a list of words or short phrases, and it returns a box around each match with its label and a confidence score. This makes it easy to search images for new kinds of objects without collecting training data.",
	datasets: [],
	metrics: [
		{
			id: "Average Precision",
			description:
				"The area under the precision–recall curve for one class, summarising how well its boxes are found and ranked.",
		},
		{ id: "Mean Average Precision", description: "Average Precision averaged over every class in the test set." },
		{
			id: "APα",
			description:
				"Average Precision where a box counts as correct only if its overlap with the true box is at least α (e.g. 0.5).",
		},
	],
	models: [
		{
			id: "openmmlab-community/mm_grounding_dino_large_all",
			description:
				"An open Grounding DINO trained on many detection and grounding sets; boxes whatever the text prompt names.",
		},
		{
			id: "fushh7/LLMDet",
			description:
				"An open-vocabulary detector trained with detailed captions from a large language model for better text matching.",
		},
	],
	spaces: [
		{
			id: "ariG23498/zero-shot-od",
			description: "Type a few labels and see boxes drawn around them in an uploaded picture.",
		},
		{ id: "merve/OWLSAM", description: "Detects objects from text with OWL-ViT and then outlines each with SAM." },
	],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "img", filename: "zero-shot-object-detection-input.png" },
			{ type: "text", label: "Candidate labels", content: "car, tree" },
		],
		outputs: [{ type: "img", filename: "zero-shot-object-detection-output.png" }],
	},
};
