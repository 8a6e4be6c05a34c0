import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Depth estimation works out how far away each point in a picture is from the camera. You give it an ordinary photo and it returns a depth map: an image of the same size where each pixel's brightness stands for distance. Some models give only relative depth (what is nearer than what), others give real distances in metres.",
	datasets: [
		{
			id: "sayakpaul/nyu_depth_v2",
			description: "Indoor room scenes filmed with a depth sensor, pairing each colour frame with measured depth.",
		},
		{
			id: "depth-anything/DA-2K",
			description: "Pairs of points in varied images marked with which one is closer, for testing relative depth.",
		},
	],
	metrics: [],
	models: [
		{
			id: "depth-anything/Depth-Anything-V2-Large",
			description: "A large model that gives detailed relative depth for almost any kind of image.",
		},
		{
			id: "jingheya/lotus-depth-g-v1-0",
			description: "Predicts depth by reusing what a diffusion image generator has learned about scenes.",
		},
		{
			id: "tencent/DepthCrafter",
			description: "Estimates depth for long videos, keeping it steady from one frame to the next.",
		},
		{
			id: "apple/DepthPro-hf",
			description: "Gives depth in metres with sharp object edges from a single image, without camera details.",
		},
	],
	spaces: [
		{
			id: "radames/dpt-depth-estimation-3d-voxels",
			description: "Turns the depth map of an uploaded photo into a 3D scene made of voxels.",
		},
		{ id: "akhaliq/depth-pro", description: "Try metric depth prediction on your own pictures." },
		{ id: "tencent/DepthCrafter", description: "Upload a video and get back a matching depth video." },
		{ id: "facebook/sapiens-depth", description: "Estimates depth for photos of people, down to body detail." },
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "depth-estimation-input.png" }],
		outputs: [{ type: "img", filename: "depth-estimation-output.png" }],
	},
};
