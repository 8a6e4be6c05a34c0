import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-text-to-video turns a still picture into a short clip, guided by a written prompt. The image fixes what the first frame looks like, and the prompt says what should move or change over time. The result is a video that starts from your picture and plays out the described motion.",
	datasets: [],
	metrics: [
		{
			id: "fvd",
			description:
				"Fréchet Video Distance compares features of generated and real videos; lower means the clips look and move more like real footage.",
		},
		{
			id: "clipsim",
			description:
				"The average CLIP similarity between the generated frames and the prompt, showing how well the video follows the text.",
		},
	],
	models: [
		{
			id: "Lightricks/LTX-Video",
			description:
				"A fast video diffusion model that animates a starting image, or makes a clip from text alone, following a prompt.",
		},
	],
	spaces: [
		{
			id: "Lightricks/ltx-video-distilled",
			description: "Upload a picture, describe the motion, and get a short clip from a distilled, quicker LTX-Video.",
		},
	],
	widgetModels: ["Lightricks/LTX-Video"],
	demo: {
		inputs: [
			{ type: "img", filename: "image-text-to-video-input.png" },
			{
				type: "text",
				label: "Input",
				content: "Time passes into evening: the sun sinks toward the horizon and the sky glows orange.",
			},
		],
		outputs: [{ type: "img", filename: "image-text-to-video-output.png" }],
	},
};
