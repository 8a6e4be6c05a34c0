import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Unconditional image generation makes new images without any prompt or input picture. The model has learned what one kind of image looks like, such as faces or flowers, and produces fresh samples of it from random noise. You control only the random seed and settings like the number of steps; each seed gives a different image.",
	datasets: [
		{ id: "cifar100", description: "Sixty thousand tiny colour images of everyday things, a common first test." },
		{ id: "CelebA", description: "Over two hundred thousand celebrity face photos for learning to generate faces." },
	],
	metrics: [
		{
			id: "Inception score (IS)",
			description: "Higher when each sample is clearly recognisable and the samples are varied as a set.",
		},
		{
			id: "Frećhet Inception Distance (FID)",
			description: "How far the samples are from real images in feature space; lower means more realistic.",
		},
	],
	models: [
		{
			id: "google/ddpm-cifar10-32",
			description: "A denoising diffusion model that makes small 32×32 pictures of ten everyday classes.",
		},
		{ id: "google/ddpm-celebahq-256", description: "A denoising diffusion model that makes 256×256 face portraits." },
	],
	spaces: [
		{
			id: "CompVis/celeba-latent-diffusion",
			description: "Generate new faces with a diffusion model that works in a compressed latent space.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "text", label: "Seed", content: "42" },
			{ type: "text", label: "Number of steps", content: "50" },
		],
		outputs: [{ type: "img", filename: "unconditional-image-generation-output.png" }],
	},
};
