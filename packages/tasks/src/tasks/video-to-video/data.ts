import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Video-to-video models take an existing clip and produce a changed version of it. The change can be a new visual style, an edited object, a sharper or higher-resolution picture, or a scene redrawn under different conditions, while the motion stays true to the original. Many models also accept a text instruction or control signals that say what to change.",
	datasets: [
		{
			id: "suimu/VIRESET",
			description: "Video clips annotated for training and testing the editing of individual objects within a video.",
		},
		{
			id: "zhangsh2001/LongV-EVAL",
			description: "A set of long videos for checking how well generated or transformed videos hold up over time.",
		},
		{
			id: "Iceclear/SeedVR_VideoDemos",
			description: "Low-quality example clips and their restored versions from the SeedVR video restoration work.",
		},
	],
	metrics: [],
	models: [
		{
			id: "decart-ai/Lucy-Edit-Dev",
			description:
				"Edits a video from a text instruction, such as changing clothes or swapping an object, while keeping the motion.",
		},
		{
			id: "LeoLau/Shape-for-Motion",
			description:
				"Edits the shape and motion of objects in a video through a 3D proxy, keeping changes consistent across frames.",
		},
		{
			id: "nvidia/Cosmos-Transfer2.5-2B",
			description:
				"Generates realistic video guided by control inputs such as depth, edges or segmentation from another video.",
		},
		{
			id: "numz/SeedVR2_comfyUI",
			description: "SeedVR2 weights packaged for ComfyUI, for restoring and upscaling videos in a single step.",
		},
	],
	spaces: [
		{ id: "decart-ai/lucy-edit-dev", description: "Upload a clip and describe an edit for Lucy Edit to apply." },
		{
			id: "ByteDance-Seed/SeedVR2-3B",
			description: "Restore and upscale a blurry or low-resolution video with SeedVR2.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "video-to-video-input.png" }],
		outputs: [{ type: "img", filename: "video-to-video-output.png" }],
	},
};
