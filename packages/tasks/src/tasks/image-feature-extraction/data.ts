import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image feature extraction turns a picture into a list of numbers, an embedding, that captures what the picture shows. Images with similar content end up with similar vectors, so embeddings can be compared, clustered or searched. They are also a common starting point for training a small classifier or other model on top.",
	datasets: [
		{
			id: "imagenet-1k",
			description: "About 1.3 million photos in a thousand classes, widely used to pretrain and test image backbones.",
		},
	],
	metrics: [],
	models: [
		{
			id: "timm/vit_large_patch14_dinov2.lvd142m",
			description:
				"A large DINOv2 vision transformer trained without labels, giving strong general-purpose image features.",
		},
		{
			id: "nvidia/MambaVision-T-1K",
			description: "A small backbone that mixes Mamba and attention layers for fast, accurate image features.",
		},
		{
			id: "facebook/dino-vitb16",
			description:
				"A self-supervised vision transformer whose features work well for retrieval and nearest-neighbour search.",
		},
		{
			id: "apple/aimv2-large-patch14-336-distilled",
			description:
				"An AIMv2 image encoder, pretrained by predicting image patches and text, distilled for 336-pixel inputs.",
		},
		{
			id: "OpenGVLab/InternViT-6B-448px-V1-2",
			description: "A very large vision encoder, the image side of the InternVL vision-language models.",
		},
	],
	spaces: [{ id: "timm/leaderboard", description: "Compares many image backbones on accuracy, speed and size." }],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "image-feature-extraction-input.png" }],
		outputs: [
			{
				type: "tabular",
				data: [
					["Dimension", "Value"],
					["0", "0.142"],
					["1", "-0.587"],
					["2", "0.031"],
					["3", "1.206"],
					["4", "-0.264"],
					["…", "…"],
					["767", "0.419"],
				],
			},
		],
	},
};
