import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image classification looks at a whole picture and says which of a known set of classes it belongs to. The input is one image; the output is a list of class names with scores, the most likely first. It is used to sort photos, check products on a line, or tell plant and animal species apart.",
	datasets: [
		{ id: "cifar100", description: "Sixty thousand tiny colour pictures spread over a hundred everyday classes." },
		{
			id: "fashion_mnist",
			description: "Small grey-scale pictures of clothes and shoes in ten classes, a quick first test for a model.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of images whose top predicted class is the right one." },
		{ id: "recall", description: "Of the images that truly show a class, the share the model labels as that class." },
		{ id: "precision", description: "Of the images the model puts in a class, the share that really belong there." },
		{ id: "f1", description: "The harmonic mean of precision and recall, handy when some classes are rare." },
	],
	models: [
		{
			id: "google/vit-base-patch16-224",
			description: "A vision transformer that cuts the image into patches and sorts it into a thousand classes.",
		},
		{
			id: "facebook/deit-base-distilled-patch16-224",
			description: "A vision transformer trained with help from a teacher network, so it needs less data.",
		},
		{
			id: "facebook/convnext-large-224",
			description: "A modern convolutional network that rivals transformers in accuracy on everyday images.",
		},
	],
	spaces: [
		{
			id: "timm/leaderboard",
			description: "Compares many image models by accuracy and speed so you can pick one that fits.",
		},
	],
	widgetModels: ["google/vit-base-patch16-224"],
	youtubeId: "tjAIM7BOYhw",
	demo: {
		inputs: [{ type: "img", filename: "image-classification-input.png" }],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "sports car", score: 0.71 },
					{ label: "convertible", score: 0.15 },
					{ label: "racing car", score: 0.08 },
					{ label: "pickup truck", score: 0.04 },
					{ label: "minivan", score: 0.02 },
				],
			},
		],
	},
};
