import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-video models turn a written description into a short moving clip. The prompt says what should appear and how it should move, and the model generates a sequence of frames that plays as a video. It serves for quick animations, ads, storyboards and simulated footage.",
	datasets: [
		{
			id: "iejMac/CLIP-MSR-VTT",
			description: "Web video clips with several written descriptions each, stored with CLIP features.",
		},
		{
			id: "quchenyuan/UCF101-ZIP",
			description: "Short clips of people doing one hundred and one kinds of action, from sports to instruments.",
		},
		{ id: "nateraw/kinetics", description: "A large set of online clips labelled with human actions." },
		{
			id: "HuggingFaceM4/something_something_v2",
			description: "People doing simple things with everyday objects, like pushing or folding, for learning motion.",
		},
		{ id: "HuggingFaceM4/webvid", description: "Millions of stock video clips paired with their captions." },
		{
			id: "iejMac/CLIP-DiDeMo",
			description: "Longer videos where moments are described in words, stored with CLIP features.",
		},
	],
	metrics: [
		{ id: "is", description: "Inception score: higher when frames are clearly recognisable and varied." },
		{
			id: "fid",
			description: "Fréchet inception distance: how far generated frames are from real ones; lower is better.",
		},
		{
			id: "fvd",
			description: "Fréchet video distance: like FID but on whole clips, so motion counts too; lower is better.",
		},
		{ id: "clipsim", description: "Average CLIP similarity between the prompt and the generated frames." },
	],
	models: [
		{ id: "tencent/HunyuanVideo", description: "A large open model that makes high-quality clips from text." },
		{ id: "Lightricks/LTX-Video", description: "A video generator quick enough to produce clips nearly in real time." },
		{
			id: "nvidia/Cosmos-1.0-Diffusion-7B-Text2World",
			description: "Generates realistic footage of the physical world, for training robots and driving systems.",
		},
		{
			id: "Lightricks/LTX-Video-0.9.8-13B-distilled",
			description: "A larger LTX video model distilled to need only a few steps.",
		},
	],
	spaces: [
		{ id: "VideoCrafter/VideoCrafter", description: "Type a prompt and get a short generated clip." },
		{ id: "Wan-AI/Wan2.1", description: "Make videos from text or from an image with the Wan models." },
		{
			id: "Pyramid-Flow/pyramid-flow",
			description: "Generates clips efficiently by working from low to high resolution.",
		},
	],
	widgetModels: ["Wan-AI/Wan2.2-TI2V-5B"],
	demo: {
		inputs: [
			{
				type: "text",
				label: "Input",
				content: "A white paper boat floating gently down a calm blue river between green grassy banks",
			},
		],
		outputs: [{ type: "img", filename: "text-to-video-output.png" }],
	},
};
