import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-to-video models bring a still picture to life. You give a starting image, usually with a short text saying what should happen, and the model generates a video clip whose first frame matches the picture. It is used to animate artwork, product shots and storyboards.",
	datasets: [
		{
			id: "ali-vilab/VACE-Benchmark",
			description: "Test cases for many video creation and editing jobs, animating a reference image among them.",
		},
		{
			id: "Rapidata/sora-video-generation-style-likert-scoring",
			description: "Generated videos rated by people on a scale for how well they follow the requested style.",
		},
		{
			id: "BestWishYsh/ChronoMagic",
			description: "Captioned time-lapse clips, such as plants growing or ice melting, for learning slow change.",
		},
	],
	metrics: [
		{
			id: "fvd",
			description: "Fréchet video distance: how far generated clips are from real ones; lower is better.",
		},
		{ id: "clip_score", description: "How well the frames match the text prompt, measured with a CLIP model." },
		{ id: "lpips", description: "A learned perceptual distance between two images, used to compare frames." },
		{
			id: "identity_preservation",
			description: "Whether the subject from the input image stays recognisably the same throughout the clip.",
		},
		{ id: "motion_score", description: "How much movement the clip contains, to catch videos that barely move." },
	],
	models: [
		{
			id: "Lightricks/LTX-Video-0.9.7-dev",
			description: "A fast video generator that can start from an image, a prompt or both.",
		},
		{
			id: "Wan-AI/Wan2.1-VACE-14B",
			description: "One model for making and editing video, including animating a given picture.",
		},
		{
			id: "lllyasviel/FramePack_F1_I2V_HY_20250503",
			description: "Generates long videos frame section by section, so it fits on modest graphics cards.",
		},
		{
			id: "Lightricks/LTX-Video-0.9.7-distilled",
			description: "A distilled version of the LTX video model that needs far fewer steps.",
		},
		{
			id: "Skywork/SkyReels-V2-I2V-14B-720P",
			description: "Animates an image into 720p video and can keep extending the clip.",
		},
		{ id: "tencent/HunyuanVideo-I2V", description: "A large model that turns a still image into a high-quality clip." },
		{ id: "Wan-AI/Wan2.1-I2V-14B-720P", description: "Turns an image and a prompt into a 720p video." },
		{
			id: "Wan-AI/Wan2.1-I2V-14B-720P-Diffusers",
			description: "The same image-to-video model packaged to load with the diffusers library.",
		},
	],
	spaces: [
		{ id: "Lightricks/ltx-video-distilled", description: "Animate an image in seconds with a distilled video model." },
		{ id: "linoyts/FramePack-F1", description: "Make longer clips from a single picture, section by section." },
		{ id: "lisonallen/framepack-i2v", description: "Upload a picture, describe the motion and get a video." },
		{ id: "multimodalart/wan2-1-fast", description: "Quick image-to-video generation with a sped-up Wan model." },
		{
			id: "multimodalart/stable-video-diffusion",
			description: "Turns a single image into a short clip with no prompt needed.",
		},
	],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "img", filename: "image-to-video-input.png" },
			{ type: "text", label: "Input", content: "The red car drives slowly off to the right." },
		],
		outputs: [{ type: "img", filename: "image-to-video-output.png" }],
	},
};
