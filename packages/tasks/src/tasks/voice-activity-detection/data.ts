import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Voice activity detection finds the stretches of a recording where someone is speaking. It takes audio and returns a list of time segments marked as speech, leaving out silence and background noise. It is often the first step before transcription or speaker diarization, and it saves bandwidth in voice calls.",
	datasets: [],
	metrics: [
		{ id: "precision", description: "Of the time marked as speech, the share that really contains speech." },
		{ id: "recall", description: "Of the time that really contains speech, the share the model marks as speech." },
		{ id: "f1", description: "The harmonic mean of precision and recall, measured over short audio frames." },
	],
	models: [
		{
			id: "pyannote/segmentation-3.0",
			description: "Marks speech and overlapping speakers in short windows of audio; a building block for diarization.",
		},
	],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [{ type: "audio", filename: "voice-activity-detection-input.wav" }],
		outputs: [
			{
				type: "tabular",
				data: [
					["start", "end", "label"],
					["0.69", "1.51", "speech"],
					["2.75", "3.34", "speech"],
				],
			},
		],
	},
};
