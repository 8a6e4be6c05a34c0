import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-image models draw a new picture from a written description. You type a prompt saying what should be in the image and in what style, and the model returns one or more images that match it. They are used for illustration, concept art, product mock-ups and design ideas.",
	datasets: [
		{ id: "red_caps", description: "Millions of images from Reddit paired with the captions people wrote for them." },
		{
			id: "conceptual_captions",
			description: "About three million web images with cleaned-up descriptions taken from their alt text.",
		},
		{
			id: "Spawning/PD12M",
			description: "Twelve million public-domain images with captions, safe to train on without license worries.",
		},
	],
	metrics: [
		{
			id: "IS",
			description: "Inception score: higher when the images are each clearly recognisable and varied as a set.",
		},
		{
			id: "FID",
			description: "Fréchet inception distance: how far generated images are from real ones; lower is better.",
		},
		{
			id: "R-Precision",
			description: "How often the right prompt is picked out for an image from among unrelated prompts.",
		},
	],
	models: [
		{
			id: "black-forest-labs/FLUX.1-Krea-dev",
			description: "A FLUX model tuned for natural-looking photos without the glossy generated look.",
		},
		{
			id: "Qwen/Qwen-Image",
			description: "A large image generator that is good at writing legible text, Chinese included, into pictures.",
		},
		{
			id: "ByteDance/SDXL-Lightning",
			description: "A distilled SDXL that makes good images in a handful of steps instead of dozens.",
		},
		{
			id: "ByteDance/Hyper-SD",
			description: "Add-on weights that let several diffusion models generate in very few steps.",
		},
	],
	spaces: [
		{
			id: "stabilityai/stable-diffusion-3-medium",
			description: "Generate images from a prompt with a mid-sized Stable Diffusion 3 model.",
		},
		{ id: "jbilcke-hf/ai-comic-factory", description: "Write a short story idea and get comic-strip panels." },
		{
			id: "multimodalart/flux-lora-lab",
			description: "Combine style and subject add-ons on top of FLUX and see the result.",
		},
		{
			id: "latent-consistency/lcm-lora-for-sdxl",
			description: "Near-instant SDXL images using a consistency add-on that cuts the step count.",
		},
		{
			id: "multimodalart/LoraTheExplorer",
			description: "Browse a gallery of community style add-ons and try each one on your own prompt.",
		},
		{
			id: "ArtGAN/Stable-Diffusion-ControlNet-WebUI",
			description: "Guide generation with an edge map, pose or depth image as well as the prompt.",
		},
		{
			id: "InstantX/InstantID",
			description: "Create new pictures of a person in any style from a single photo of their face.",
		},
	],
	widgetModels: ["black-forest-labs/FLUX.1-dev"],
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "A white lighthouse with a red stripe on a rocky cliff above the sea at sunset, orange sky",
			},
		],
		outputs: [{ type: "img", filename: "text-to-image-output.png" }],
	},
};
