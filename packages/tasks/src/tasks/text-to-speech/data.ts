import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Text-to-speech reads written text aloud. You give it a sentence or a longer passage, and it returns a sound file of a voice speaking those words. Many models also let you choose the speaker, the language or the speaking style.",
	datasets: [
		{
			id: "parler-tts/mls_eng_10k",
			description:
				"About ten thousand hours of English audiobook speech with transcripts, for training natural voices.",
		},
		{
			id: "mythicinfinity/libritts_r",
			description: "Audiobook speech from hundreds of English speakers, cleaned up for speech synthesis.",
		},
		{
			id: "facebook/multilingual_librispeech",
			description: "Read audiobook speech with transcripts in eight European languages.",
		},
	],
	metrics: [
		{
			id: "mel cepstral distortion",
			description:
				"How far the spectrum of generated speech is from a real recording of the same words; lower is better.",
		},
	],
	models: [
		{ id: "KittenML/kitten-tts-nano-0.1", description: "A very small English voice model that runs quickly on a CPU." },
		{
			id: "ResembleAI/chatterbox",
			description: "Speaks in the voice of a short reference clip, with a setting for how expressive it sounds.",
		},
		{
			id: "fishaudio/fish-speech-1.5",
			description: "Multilingual speech synthesis that can copy a voice from a few seconds of audio.",
		},
		{
			id: "nari-labs/Dia-1.6B-0626",
			description: "Turns a written script into a two-speaker dialogue, including sounds such as laughter.",
		},
	],
	spaces: [
		{ id: "hexgrad/Kokoro-TTS", description: "Type some text and hear it read by one of several light, fast voices." },
		{ id: "fishaudio/fish-speech-1", description: "Try multilingual synthesis and voice cloning in the browser." },
		{ id: "ResembleAI/Chatterbox", description: "Clone a voice from a sample and change how emotional it sounds." },
		{
			id: "TTS-AGI/TTS-Arena-V2",
			description: "Compare two unnamed voices reading the same text and vote for the better one.",
		},
		{ id: "ngxson/kokoro-podcast-generator", description: "Turns a written script into a podcast-style conversation." },
	],
	widgetModels: ["suno/bark"],
	youtubeId: "NW62DpzJ274",
	canonicalId: "text-to-audio",
	demo: {
		inputs: [{ type: "text", label: "Input", content: "Welcome to Hubkit. This voice was made from text." }],
		outputs: [{ type: "audio", filename: "text-to-speech-output.wav" }],
	},
};
