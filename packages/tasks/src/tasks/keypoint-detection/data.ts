import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Keypoint detection locates specific points of interest in an image and returns their coordinates. For people, these are body joints such as shoulders, elbows and knees, which together give the pose; other models find distinctive corners used to match two photos of the same place. The output is a set of points, often with a confidence each and lines linking related points.",
	datasets: [
		{
			id: "Vincent-luo/hagrid-mediapipe-hands",
			description: "Photos of hand gestures with hand landmarks marked on each, for training hand keypoint models.",
		},
	],
	metrics: [],
	models: [
		{
			id: "magic-leap-community/superpoint",
			description: "Finds distinctive points in an image and describes each one so it can be matched in other images.",
		},
		{
			id: "magic-leap-community/superglue_outdoor",
			description: "Matches keypoints between two outdoor photos with a graph neural network.",
		},
		{
			id: "qualcomm/RTMPose-Body2d",
			description: "A real-time human pose estimator that marks body joints, tuned to run on phones and edge devices.",
		},
		{
			id: "ETH-CVG/lightglue_disk",
			description: "LightGlue matching on top of DISK keypoints, a fast way to pair up points across two images.",
		},
	],
	spaces: [
		{
			id: "datasciencedojo/Hand-Keypoint-Detection-Realtime",
			description: "Tracks hand landmarks live from a webcam.",
		},
		{ id: "ETH-CVG/LightGlue", description: "Upload two photos of a scene and see the points LightGlue matches." },
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "keypoint-detection-input.png" }],
		outputs: [{ type: "img", filename: "keypoint-detection-output.png" }],
	},
};
