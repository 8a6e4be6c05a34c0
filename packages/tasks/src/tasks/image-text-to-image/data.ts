import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-text-to-image models make a new picture from an input image plus a written instruction. The text says what to change or create, such as a different season, an added object or a new style, and the image supplies the content to keep. The result is a single edited or newly composed image.",
	datasets: [],
	metrics: [
		{
			id: "FID",
			description: "Fréchet inception distance: how far results are from real photos; lower is better.",
		},
		{ id: "CLIP", description: "CLIP similarity: how well the resulting image matches the written instruction." },
	],
	models: [
		{
			id: "black-forest-labs/FLUX.2-dev",
			description: "Generates and edits images from text, and can combine several reference pictures.",
		},
	],
	spaces: [
		{
			id: "black-forest-labs/FLUX.2-dev",
			description: "Upload images, write what you want, and get an edited or new picture.",
		},
	],
	widgetModels: ["black-forest-labs/FLUX.2-dev"],
	demo: {
		inputs: [
			{ type: "img", filename: "image-text-to-image-input.png" },
			{ type: "text", label: "Input", content: "Make it a snowy winter day with snow falling from a grey sky." },
		],
		outputs: [{ type: "img", filename: "image-text-to-image-output.png" }],
	},
};
