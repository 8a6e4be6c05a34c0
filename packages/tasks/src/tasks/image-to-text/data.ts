import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-to-text models read a picture and write text about it. The input is an image and the output is a string: a caption describing the scene, or the words printed in the image when the model does text recognition. Captions help with accessibility, search and labelling training data.",
	datasets: [
		{ id: "red_caps", description: "Millions of Reddit images with the captions their posters gave them." },
		{
			id: "datasets/conceptual_captions",
			description: "About three million web images with short descriptions derived from alt text.",
		},
	],
	metrics: [],
	models: [
		{
			id: "allenai/olmOCR-7B-0725",
			description: "Reads scanned or rendered document pages and returns their text in reading order.",
		},
		{
			id: "fancyfeast/llama-joycaption-beta-one-hf-llava",
			description: "Writes long, detailed captions, useful for describing images in generator training sets.",
		},
	],
	spaces: [
		{ id: "multimodalart/OmniSVG-3B", description: "Turns a picture or a description into a vector SVG drawing." },
		{
			id: "numind/NuMarkdown-8B-Thinking",
			description: "Converts document images, tables included, into clean Markdown.",
		},
		{
			id: "fancyfeast/joy-caption-beta-one",
			description: "Upload an image and get a caption in the style you choose.",
		},
	],
	widgetModels: ["Salesforce/blip-image-captioning-large"],
	demo: {
		inputs: [{ type: "img", filename: "image-to-text-input.png" }],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"A red car parked in front of a small white house with a red roof, next to a round green tree on a sunny hill.",
			},
		],
	},
};
