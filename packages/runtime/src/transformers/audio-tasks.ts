/**
 * Audio tasks on transformers.js pipelines, for models that take the raw samples
 * (wav2vec2, HuBERT, WavLM …: `input_values` in). The recording comes as the raw body
 * (audio/*) or as base64 in JSON (`{ "inputs": "<base64>", "parameters": … }`). Node
 * has no AudioContext, so it is read by the packaged engines' WAV decoder
 * (packaged/media.ts: WAV only, refused with a 400 that says so), averaged to mono and
 * resampled to the feature extractor's `sampling_rate`.
 *   audio-classification          → [{ label, score }], best first; `parameters.top_k` (5)
 *   automatic-speech-recognition  → { text }, from a CTC head (…ForCTC); Whisper is not served here
 */
import type { Tensor } from "@huggingface/transformers";
import { RuntimeError } from "../errors.js";
import { decodeWav, mediaBytes, type Recording, resample } from "../packaged/media.js";
import { isRecord, optionalPositiveInteger } from "./requests.js";
import type { Pipe, TransformersTask } from "./types.js";

/** Ten minutes: a longer recording is for a batch job, not a request that holds a worker. */
const MAX_SECONDS = 600;
/**
 * A tenth of a second: shorter there is nothing to hear, and a model's convolutional front end
 * (wav2vec2's reads 25 ms windows) may fail outright, when transformers.js logs the samples.
 */
const MIN_SECONDS = 0.1;

/** The parts of an audio pipeline used here besides those every pipeline has. */
type AudioPipe = Pipe & {
	processor: ((samples: Float32Array) => Promise<Record<string, Tensor>>) & {
		feature_extractor: { config: { sampling_rate?: number } };
	};
	tokenizer?: {
		decode(ids: number[], options: { skip_special_tokens: boolean }): string;
		pad_token_id?: number;
		all_special_ids: number[];
	};
};

interface AudioRequest {
	recording: Recording;
	topK: number;
}

/** The recording, read and checked before any model is loaded. */
function parseRecording(body: unknown): AudioRequest {
	const parameters = isRecord(body) && isRecord(body.parameters) ? body.parameters : {};
	const recording = decodeWav(mediaBytes(body, "a recording"));
	if (recording.samples.length === 0) throw new RuntimeError("input", "The recording holds no samples");
	if (recording.samples.length / recording.rate < MIN_SECONDS) {
		const milliseconds = Math.round((recording.samples.length * 1000) / recording.rate);
		throw new RuntimeError("input", `The recording is ${milliseconds} ms long: send at least ${MIN_SECONDS * 1000} ms`);
	}
	if (recording.samples.length / recording.rate > MAX_SECONDS) {
		throw new RuntimeError("input", `The recording is longer than ${MAX_SECONDS / 60} minutes`);
	}
	return { recording, topK: optionalPositiveInteger(parameters, "top_k") ?? 5 };
}

/** The samples at the rate the model was trained on (its feature extractor says which). */
function samplesFor(pipe: AudioPipe, recording: Recording): Float32Array {
	const rate = pipe.processor?.feature_extractor?.config.sampling_rate;
	if (!rate) throw new RuntimeError("unsupported", "The model's preprocessor_config.json gives no sampling_rate");
	return resample(recording, rate);
}

const audioClassification: TransformersTask<AudioRequest> = {
	task: "audio-classification",
	pipeline: "audio-classification",
	architecture: /For(Sequence|Audio)Classification$/,
	media: "audio",
	needs: ["preprocessor_config.json"],
	parseRequest: parseRecording,
	async run(pipe, request) {
		const audio = pipe as AudioPipe;
		const labels = Object.keys(audio.model.config.id2label ?? {}).length;
		// transformers.js's top-k fails when asked for more labels than the model has.
		const topK = labels > 0 ? Math.min(request.topK, labels) : request.topK;
		return audio(samplesFor(audio, request.recording), { top_k: topK });
	},
};

/**
 * Greedy CTC decoding: the likeliest token per frame, repeats merged, blanks (the pad token)
 * dropped. Done here rather than by the pipeline's call, which drops special tokens (the blank
 * among them) before the tokenizer's CTC decoder merges repeats, so "l, blank, l" would read "l"
 * and "hello" "helo". Other special tokens (<s>, </s>, <unk>) stand for nothing said: they are
 * read as blanks, which also keeps letters on either side of them apart.
 */
function greedyTranscript(audio: AudioPipe, logits: Tensor): string {
	const tokenizer = audio.tokenizer;
	if (!tokenizer) throw new RuntimeError("unsupported", "The model has no tokenizer to spell its output with");
	const [batch, frames, vocabulary] = logits.dims;
	if (logits.dims.length !== 3 || batch !== 1 || !vocabulary) {
		throw new RuntimeError("unsupported", `The model answered logits of shape [${logits.dims.join(", ")}]`);
	}
	const blank = tokenizer.pad_token_id;
	if (blank === undefined || blank === null) {
		throw new RuntimeError("unsupported", "The model's tokenizer names no pad token, the CTC blank");
	}
	const special = new Set(tokenizer.all_special_ids.map(Number));
	const values = logits.data as Float32Array;
	const ids: number[] = [];
	for (let frame = 0; frame < (frames ?? 0); frame++) {
		let best = 0;
		for (let token = 1; token < vocabulary; token++) {
			if ((values[frame * vocabulary + token] ?? 0) > (values[frame * vocabulary + best] ?? 0)) best = token;
		}
		ids.push(special.has(best) ? blank : best);
	}
	// The tokenizer's CTC decoder merges repeats, drops blanks and turns the word delimiter into spaces.
	return ids.length === 0 ? "" : tokenizer.decode(ids, { skip_special_tokens: false }).trim();
}

const speechRecognition: TransformersTask<AudioRequest> = {
	task: "automatic-speech-recognition",
	pipeline: "automatic-speech-recognition",
	architecture: /ForCTC$/,
	media: "audio",
	// transformers.js reads the tokenizer only when tokenizer_config.json is there.
	needs: ["preprocessor_config.json", "tokenizer.json", "tokenizer_config.json"],
	parseRequest: parseRecording,
	async run(pipe, request) {
		const audio = pipe as AudioPipe;
		const { logits } = await audio.model(await audio.processor(samplesFor(audio, request.recording)));
		if (!logits) throw new RuntimeError("unsupported", "The model answered no logits");
		return { text: greedyTranscript(audio, logits) };
	},
};

export const AUDIO_TASKS = [audioClassification, speechRecognition] as TransformersTask<unknown>[];
