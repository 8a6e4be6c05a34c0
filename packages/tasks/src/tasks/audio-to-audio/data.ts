import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Audio-to-audio models take a sound recording and return one or more new recordings. Common jobs are cleaning background noise out of speech, splitting a mixture into its separate sources, and making one person's voice sound like another's. Both the input and every output are audio.",
	datasets: [
		{
			id: "Matthijs/cmu-arctic-xvectors",
			description:
				"Speaker embeddings computed from the CMU ARCTIC recordings, used to choose a target voice in conversion.",
		},
	],
	metrics: [
		{
			id: "snri",
			description: "Signal-to-noise ratio improvement: how many decibels cleaner the output is than the input mixture.",
		},
		{
			id: "sdri",
			description:
				"Signal-to-distortion ratio improvement: how much less distortion a separated source has than the mix.",
		},
	],
	models: [
		{
			id: "ResembleAI/resemble-enhance",
			description: "Removes noise from speech recordings and restores lost clarity.",
		},
		{
			id: "microsoft/speecht5_vc",
			description: "Converts speech so it sounds like a different speaker while keeping the same words.",
		},
	],
	spaces: [
		{
			id: "younver/speechbrain-speech-separation",
			description: "Splits a recording of overlapping talkers into one track per speaker.",
		},
		{
			id: "nakas/audio-diffusion_style_transfer",
			description: "Gives a sound clip the style of another using a diffusion model.",
		},
	],
	widgetModels: ["speechbrain/sepformer-wham"],
	youtubeId: "iohj7nCCYoM",
	demo: {
		inputs: [{ type: "audio", filename: "audio-to-audio-input.wav" }],
		outputs: [
			{ type: "audio", filename: "audio-to-audio-output-1.wav" },
			{ type: "audio", filename: "audio-to-audio-output-2.wav" },
		],
	},
};
