import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Object detection finds the things in an image and says where each one is. Given a picture, the model returns a box around every object it spots, with a class name and a confidence score for each box. It powers counting, tracking, self-driving perception and visual search.",
	datasets: [
		{
			id: "merve/coco2017",
			description: "Everyday photos with boxes drawn around objects from eighty common categories.",
		},
		{
			id: "merve/pascal-voc",
			description: "An older, smaller benchmark of photos with boxes for twenty classes such as people and vehicles.",
		},
	],
	metrics: [
		{
			id: "Average Precision",
			description: "Sums up the precision–recall trade-off for one class in a single number.",
		},
		{
			id: "Mean Average Precision",
			description: "Average precision averaged over all classes; the usual headline score for a detector.",
		},
		{
			id: "APα",
			description: "Average precision when a box counts as correct only if it overlaps the true box by at least α.",
		},
	],
	models: [
		{
			id: "facebook/detr-resnet-50",
			description: "A transformer detector that predicts the set of boxes directly, without hand-made anchors.",
		},
		{
			id: "IDEA-Research/dab-detr-resnet-50",
			description: "A DETR variant whose queries are learned boxes, so it trains faster and places boxes better.",
		},
		{
			id: "PekingU/rtdetr_v2_r50vd",
			description: "A transformer detector built to run in real time on live video.",
		},
		{
			id: "StephanST/WALDO30",
			description: "Spots small objects such as cars and people in aerial and drone images.",
		},
	],
	spaces: [
		{ id: "Roboflow/RF-DETR", description: "Run a fast, accurate real-time detector on your own images." },
		{
			id: "Gradio-Blocks/Object-Detection-With-DETR-and-YOLOS",
			description: "Detect objects in a picture with two different transformer detectors and compare.",
		},
		{ id: "sunsmarterjieleaf/yolov12", description: "Try a recent YOLO detector on images and videos." },
		{
			id: "VIPLab/Track-Anything",
			description: "Pick an object in one frame and follow it through the rest of a video.",
		},
		{
			id: "merve/RT-DETR-tracking-coco",
			description: "Detects objects in each video frame and tracks them across the clip.",
		},
	],
	widgetModels: ["facebook/detr-resnet-50"],
	youtubeId: "WdAeKSOpxhw",
	demo: {
		inputs: [{ type: "img", filename: "object-detection-input.png" }],
		outputs: [{ type: "img", filename: "object-detection-output.png" }],
	},
};
