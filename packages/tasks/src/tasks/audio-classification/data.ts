import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Audio classification gives a sound clip one or more labels from a fixed list. It takes a recording and returns each label with a score, such as the kind of sound heard, a spoken command, the speaker's mood or the language being used. Smart speakers, wildlife monitoring and alarm detection all rely on it.",
	datasets: [
		{
			id: "s3prl/superb",
			description:
				"A benchmark of speech tasks, among them keyword spotting, speaker identification and emotion recognition.",
		},
		{
			id: "agkphysics/AudioSet",
			description: "Ten-second clips from online videos tagged with hundreds of kinds of everyday sounds.",
		},
	],
	metrics: [
		{ id: "accuracy", description: "The share of clips whose predicted label is the right one." },
		{ id: "recall", description: "Of the clips that truly carry a label, the share the model finds." },
		{ id: "precision", description: "Of the clips the model gives a label, the share that really have it." },
		{ id: "f1", description: "The harmonic mean of precision and recall; useful when some sounds are rare." },
	],
	models: [
		{
			id: "speechbrain/google_speech_command_xvector",
			description: 'Recognises short spoken commands such as "yes", "no", "up" and "stop".',
		},
		{
			id: "ehcalabres/wav2vec2-lg-xlsr-en-speech-emotion-recognition",
			description: "Tells from an English voice whether the speaker sounds angry, calm, happy, sad and so on.",
		},
		{ id: "facebook/mms-lid-126", description: "Identifies which of 126 languages is being spoken." },
	],
	spaces: [
		{ id: "kurianbenoy/audioclassification", description: "Upload a clip and see which sound classes it matches." },
	],
	widgetModels: ["MIT/ast-finetuned-audioset-10-10-0.4593"],
	youtubeId: "KWwzcmG98Ds",
	demo: {
		inputs: [{ type: "audio", filename: "audio-classification-input.wav" }],
		outputs: [
			{
				type: "chart",
				data: [
					{ label: "Doorbell", score: 0.84 },
					{ label: "Chime", score: 0.09 },
					{ label: "Bell", score: 0.04 },
					{ label: "Telephone ringing", score: 0.02 },
					{ label: "Music", score: 0.01 },
				],
			},
		],
	},
};
