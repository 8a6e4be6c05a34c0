import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-to-image models take a picture and return a changed version of it. The change can be a new style, different lighting or time of day, a sharper or larger copy, a filled-in gap, or an edit described in words. The output keeps the layout of the input while altering how it looks.",
	datasets: [
		{
			id: "VIDIT",
			description: "The same rendered scenes lit from many directions and colours, for learning to relight images.",
		},
		{
			id: "huggan/CelebA-faces",
			description: "A large set of aligned face photos, often used to train face editing and translation.",
		},
		{
			id: "Spawning/PD12M",
			description: "Twelve million captioned public-domain images for training general image models.",
		},
	],
	metrics: [
		{
			id: "PSNR",
			description: "Peak signal-to-noise ratio: how close the output is to a target image pixel by pixel, in decibels.",
		},
		{
			id: "SSIM",
			description: "Structural similarity: compares local structure, brightness and contrast with a target image.",
		},
		{
			id: "IS",
			description: "Inception score: rewards outputs that are clearly recognisable and varied, with no target needed.",
		},
	],
	models: [
		{ id: "fal/AuraSR-v2", description: "Enlarges images four times while adding believable fine detail." },
		{
			id: "black-forest-labs/FLUX.1-Kontext-dev",
			description: "Edits a picture by following a written instruction while keeping the rest intact.",
		},
		{
			id: "yisol/IDM-VTON",
			description: "Virtual try-on: dresses the person in one photo in the garment from another.",
		},
		{
			id: "kontext-community/relighting-kontext-dev-lora-v3",
			description: "An add-on for instruction-based editing that changes the lighting of a scene.",
		},
		{
			id: "black-forest-labs/FLUX.1-Fill-dev",
			description: "Fills in a masked area of an image or extends it past its edges.",
		},
		{
			id: "black-forest-labs/FLUX.1-Depth-dev-lora",
			description: "Makes a new image that keeps the depth layout of the input picture.",
		},
	],
	spaces: [
		{
			id: "black-forest-labs/FLUX.1-Kontext-Dev",
			description: "Upload a photo and describe the change you want to see.",
		},
		{
			id: "lllyasviel/iclight-v2-vary",
			description: "Relights the subject of a photo to fit a new background or mood.",
		},
		{
			id: "jasperai/Flux.1-dev-Controlnet-Upscaler",
			description: "Turns a small or blurry image into a sharp, larger one.",
		},
	],
	widgetModels: ["Qwen/Qwen-Image"],
	isPlaceholder: false,
	demo: {
		inputs: [{ type: "img", filename: "image-to-image-input.png" }],
		outputs: [{ type: "img", filename: "image-to-image-output.png" }],
	},
};
