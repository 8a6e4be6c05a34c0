import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-3D builds a three-dimensional object from a written description. You describe a thing, such as a chair or a toy robot, and the model produces a 3D asset, for example a textured mesh or a set of Gaussian splats. The result can be viewed from any angle or loaded into a game engine or 3D editor.",
	datasets: [
		{
			id: "allenai/objaverse-xl",
			description: "Millions of 3D objects gathered from many sources, a common pool for training 3D generators.",
		},
		{ id: "tiange/Cap3D", description: "Short text captions written for a large set of Objaverse 3D objects." },
	],
	metrics: [],
	models: [
		{
			id: "openai/shap-e",
			description:
				"Generates the parameters of an implicit 3D shape from text, which can be rendered or exported as a mesh.",
		},
		{
			id: "ashawkey/LGM",
			description: "Creates several views of an object and fuses them into 3D Gaussians within seconds.",
		},
	],
	spaces: [
		{ id: "hysts/Shap-E", description: "Type a prompt or upload a picture and download a 3D model made by Shap-E." },
		{ id: "ashawkey/LGM", description: "Makes a Gaussian-splat 3D object from a prompt or an image with LGM." },
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "text", label: "Input", content: "A small wooden chair with four legs and a curved back." }],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"chair.glb: one textured mesh, 7,418 vertices and 14,520 triangles, about 0.9 × 0.5 × 0.5 units (height × width × depth), with a single light-brown wood material.",
			},
		],
	},
};
