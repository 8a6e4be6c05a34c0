import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image segmentation gives every pixel of a picture a label, so the image is split into regions such as sky, road, person or car. The input is an image; the output is a set of masks, one per region or object, each with its class. Semantic segmentation labels kinds of stuff, instance segmentation separates each object, and panoptic segmentation does both.",
	datasets: [
		{
			id: "scene_parse_150",
			description: "Indoor and outdoor scenes labelled pixel by pixel with a hundred and fifty kinds of things.",
		},
	],
	metrics: [
		{
			id: "Average Precision",
			description: "Sums up the precision–recall trade-off of predicted masks for one class in a single number.",
		},
		{ id: "Mean Average Precision", description: "Average precision averaged over all classes." },
		{
			id: "Mean Intersection over Union",
			description: "How much predicted and true regions overlap, averaged over classes; the usual semantic score.",
		},
		{
			id: "APα",
			description: "Average precision when a mask counts only if it overlaps the true one by at least α.",
		},
	],
	models: [
		{
			id: "tue-mps/coco_panoptic_eomt_large_640",
			description: "Panoptic segmentation with a plain vision transformer and no extra decoder, so it runs fast.",
		},
		{
			id: "briaai/RMBG-1.4",
			description: "Separates the main subject from the background, for cut-outs and product shots.",
		},
		{
			id: "ZhengPeng7/BiRefNet",
			description: "Makes precise foreground masks at high resolution, down to hair and thin edges.",
		},
		{
			id: "facebook/sapiens-seg-1b",
			description: "Splits photos of people into body parts and clothing.",
		},
		{
			id: "facebook/mask2former-swin-large-coco-panoptic",
			description: "One architecture for semantic, instance and panoptic segmentation, here trained for panoptic.",
		},
	],
	spaces: [
		{
			id: "facebook/ov-seg",
			description: "Segment an image into any classes you name in text, not only a fixed list.",
		},
		{ id: "jbrinkma/segment-anything", description: "Cut out any object in a picture with a general mask model." },
		{ id: "facebook/sapiens-pose", description: "Finds the body joints of people in a photo." },
		{
			id: "rashmi/sartorius-cell-instance-segmentation",
			description: "Outlines each nerve cell in microscope images.",
		},
		{
			id: "ArtGAN/Segment-Anything-Video",
			description: "Segments objects in a video and keeps their masks across frames.",
		},
		{
			id: "segments/panoptic-segment-anything",
			description: "Names the things to find in text, then draws a full panoptic map of the image.",
		},
	],
	widgetModels: ["nvidia/segformer-b0-finetuned-ade-512-512"],
	youtubeId: "dKE8SIt9C-w",
	demo: {
		inputs: [{ type: "img", filename: "image-segmentation-input.png" }],
		outputs: [{ type: "img", filename: "image-segmentation-output.png" }],
	},
};
