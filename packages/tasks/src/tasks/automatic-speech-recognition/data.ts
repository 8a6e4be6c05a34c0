import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Automatic speech recognition writes down what is said in a recording. The input is audio of someone talking and the output is a transcript of their words as text. It is behind live captions, voice assistants, dictation and searchable meeting notes.",
	datasets: [
		{
			id: "mozilla-foundation/common_voice_17_0",
			description: "Short sentences read aloud by volunteers in more than a hundred languages.",
		},
		{
			id: "amphion/Emilia-Dataset",
			description:
				"A large set of spontaneous, conversational speech gathered from talk shows, interviews and podcasts.",
		},
		{ id: "parler-tts/mls_eng", description: "English audiobook recordings paired with the text being read." },
		{ id: "espnet/yodas", description: "Speech from online videos with their subtitles, in many languages." },
	],
	metrics: [
		{
			id: "wer",
			description:
				"Word error rate: the share of words the model swaps, drops or adds compared with a reference transcript.",
		},
		{
			id: "cer",
			description:
				"Character error rate: the same idea counted in characters, handy for languages written without spaces.",
		},
	],
	models: [
		{
			id: "openai/whisper-large-v3",
			description: "Transcribes and translates speech in many languages and copes well with noisy recordings.",
		},
		{
			id: "facebook/w2v-bert-2.0",
			description:
				"A speech encoder pretrained on raw audio, meant to be fine-tuned for recognition in a new language.",
		},
		{
			id: "facebook/seamless-m4t-v2-large",
			description: "A single model that recognises, translates and speaks across about a hundred languages.",
		},
		{
			id: "nvidia/canary-1b",
			description: "Transcribes English, German, Spanish and French, and translates between them and English.",
		},
		{
			id: "pyannote/speaker-diarization-3.1",
			description: "Works out who spoke when, so a transcript can be split up by speaker.",
		},
	],
	spaces: [
		{ id: "hf-audio/whisper-large-v3", description: "Upload or record a clip and get its transcript back." },
		{ id: "mrfakename/Moonshinex", description: "Fast transcription with small models built to run on devices." },
		{ id: "facebook/seamless_m4t", description: "Translate speech or text between many languages." },
		{ id: "nvidia/canary-1b", description: "Transcribe or translate speech in four languages." },
	],
	widgetModels: ["openai/whisper-large-v3"],
	youtubeId: "TksaY_FDgnk",
	demo: {
		inputs: [{ type: "audio", filename: "automatic-speech-recognition-input.wav" }],
		outputs: [{ type: "text", label: "Transcript", content: "Going along the river, we saw three small boats." }],
	},
};
