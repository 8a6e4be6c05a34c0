import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Mask generation cuts an image into the regions that make up its objects, without needing to know what the objects are called. Given an image, and optionally points or boxes saying where to look, the model returns one pixel mask per object or part. The masks are handy for editing, labelling data or feeding other vision tools.",
	datasets: [
		{
			id: "merve/coco2017",
			description: "Everyday photos with a hand-drawn mask for every object, a common source of training masks.",
		},
		{
			id: "rocky93/BraTS_segmentation",
			description: "Brain MRI scans with masks outlining tumour regions, for medical segmentation.",
		},
	],
	metrics: [
		{
			id: "Intersection over Union (IoU)",
			description: "The overlap between a predicted mask and the true one, divided by the area they cover together.",
		},
	],
	models: [
		{
			id: "Zigeng/SlimSAM-uniform-50",
			description:
				"A pruned Segment Anything model, much smaller and faster than the original, that still masks objects from prompts.",
		},
		{
			id: "facebook/sam2-hiera-large",
			description: "Segment Anything 2: masks objects from clicks or boxes in images and follows them through videos.",
		},
	],
	spaces: [
		{ id: "merve/OWLSAM2", description: "Finds objects named in text with OWLv2, then masks each one with SAM 2." },
		{ id: "merve/slimsam", description: "Click on an image and get a mask back from the lightweight SlimSAM." },
		{ id: "SkalskiP/segment-anything-model-2", description: "Try SAM 2 on your own images and video clips." },
		{
			id: "SkalskiP/SAM_and_ProPainter",
			description: "Masks an object in a video with SAM and then paints it out with the ProPainter inpainting model.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "mask-generation-input.png" }],
		outputs: [{ type: "img", filename: "mask-generation-output.png" }],
	},
};
