/**
 * Text to speech for VITS models (MMS-TTS: `VitsModel`, `input_ids` in, `waveform` out, the
 * rate in config.json's `sampling_rate`), loaded as transformers.js's text-to-audio pipeline
 * (its tokenizer and model) and run as that pipeline's VITS path does.
 * Their tokenizer (VitsTokenizer) reads characters: it lower-cases the text, drops what is
 * not in its vocabulary and puts a blank between the characters, all in tokenizer.json's
 * normalizer. The request is hf-inference's `{ "inputs": "<text>", "parameters": … }`;
 * the answer is a WAV file (16-bit mono), as the packaged espeak-ng engine answers.
 *
 * Other text-to-audio models transformers.js runs are not served: SpeechT5 needs a vocoder it
 * would download, Supertonic a voice file per call (checkConfig refuses both by model_type).
 */
import { BinaryAnswer } from "../engine.js";
import { RuntimeError } from "../errors.js";
import { encodeWav } from "../packaged/media.js";
import { bodyObject, isRecord, parametersOf } from "./requests.js";
import type { TransformersTask } from "./types.js";

/**
 * About a minute of speech at a speaking pace of some 15 characters a second. The text encoder's
 * attention grows with the square of the length and the whole waveform is made at once,
 * so a longer text is for several calls, not one that holds a worker.
 */
export const MAX_SPEECH_TEXT = 1_000;

function parseSpeechRequest(body: unknown): string {
	const request = bodyObject(body);
	parametersOf(request);
	const text = request.inputs;
	if (typeof text !== "string" || text.trim() === "") {
		throw new RuntimeError("input", 'text-to-speech needs the text to say: { "inputs": "…" }');
	}
	if (text.length > MAX_SPEECH_TEXT) {
		throw new RuntimeError("input", `The text is longer than ${MAX_SPEECH_TEXT} characters: send it in parts`);
	}
	return text;
}

/** Why config.json is not a VITS model this task runs, or undefined (transformers-capability.ts and the engine's load ask). */
function vitsConfigProblem(config: unknown): string | undefined {
	if (!isRecord(config)) return "config.json is not an object";
	if (config.model_type !== "vits") {
		return `config.json's model_type is ${JSON.stringify(config.model_type ?? null)}: the local runtime speaks with VITS models (model_type "vits") only`;
	}
	const rate = config.sampling_rate;
	if (!Number.isInteger(rate) || (rate as number) <= 0) return "config.json gives no sampling_rate";
	return undefined;
}

const textToSpeech: TransformersTask<string> = {
	task: "text-to-speech",
	pipeline: "text-to-audio",
	architecture: /^VitsModel$/,
	// Without tokenizer_config.json transformers.js loads no tokenizer, and the first call fails.
	needs: ["tokenizer.json", "tokenizer_config.json"],
	parseRequest: parseSpeechRequest,
	checkConfig: vitsConfigProblem,
	async run(pipe, text) {
		// The pipeline's VITS path by hand: the text tokenised once (the ids are checked first)
		// and the model's waveform checked before it is written out.
		const inputs = pipe.tokenizer(text, { padding: true, truncation: true });
		// A text of nothing the model can say (all digits, another script) would make no sound,
		// or fail inside the model: refused as the caller's to change.
		if (!inputs.input_ids || inputs.input_ids.dims.at(-1) === 0) {
			throw new RuntimeError(
				"input",
				"The text has no character this model can say (its vocabulary is its language's)",
			);
		}
		const { waveform } = await pipe.model(inputs);
		if (waveform?.dims.length !== 2 || waveform.dims[0] !== 1) {
			throw new RuntimeError("failed", "The model answered no waveform of shape [1, samples]");
		}
		// Checked at load (vitsConfigProblem): a positive whole number.
		const rate = (pipe.model.config as { sampling_rate?: number }).sampling_rate as number;
		return new BinaryAnswer(encodeWav({ rate, samples: waveform.data as Float32Array }), "audio/wav");
	},
};

export const SPEECH_TASKS = [textToSpeech] as TransformersTask<unknown>[];
