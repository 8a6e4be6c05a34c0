import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-audio creates sound from a written description. You describe what you want to hear, such as a piece of music, a sound effect or an ambient scene, and the model returns an audio clip that matches. Reading text aloud as speech is one special case of it.",
	datasets: [],
	metrics: [
		{
			id: "fad",
			description:
				"Fréchet audio distance: how close generated clips sound to real recordings overall; lower is better.",
		},
	],
	models: [
		{
			id: "facebook/musicgen-small",
			description: "Generates short music clips from a description of the style, instruments and mood.",
		},
		{
			id: "stabilityai/stable-audio-open-1.0",
			description: "Generates sound effects and short music samples of up to about fifty seconds from text.",
		},
	],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{
				type: "text",
				label: "Prompt",
				content: "A short, cheerful music-box melody with bright, bell-like notes.",
			},
		],
		outputs: [{ type: "audio", filename: "text-to-audio-output.wav" }],
	},
};
