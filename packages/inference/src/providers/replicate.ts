/**
 * Replicate: predictions. `owner/model` ids post to `v1/models/{model}/predictions`;
 * `owner/model:version` ids post to `v1/predictions` with the version in the body.
 * `Prefer: wait` asks Replicate to answer with the finished prediction; when it
 * still runs after that wait, its `urls.get` is polled until it ends.
 */
import { HF_HUB_URL } from "../config.js";
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { blobToDataUrl, isRecord } from "../lib/validate.js";
import type { InferenceTask } from "../types.js";
import type { BodyParams, HeaderParams, ProviderHelpers, ResponseContext, UrlParams } from "./provider-helper.js";
import { followUpUrl, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const PROVIDER = "replicate";
const BASE_URL = "https://api.replicate.com";

/** Wait between two status checks of a prediction still running after `Prefer: wait`. */
export const REPLICATE_POLL_INTERVAL_MS = 1000;

type Args = Record<string, unknown>;

/** The finished prediction: the answer itself, or what polling its `urls.get` gives. */
async function finishedPrediction(body: unknown, context: ResponseContext): Promise<Record<string, unknown>> {
	if (!isRecord(body) || (body.output === undefined && typeof body.status !== "string")) {
		throw invalidOutput("a Replicate prediction: { status, output }");
	}
	let prediction = body;
	const running = (value: Record<string, unknown>) => value.status === "starting" || value.status === "processing";
	const urls = prediction.urls;
	if (running(prediction) && isRecord(urls) && typeof urls.get === "string") {
		const target = followUpUrl(PROVIDER, urls.get, context);
		prediction = await poll(
			async () => {
				const answer = await fetchJson(target, context);
				if (!isRecord(answer) || typeof answer.status !== "string") {
					throw invalidOutput("a Replicate prediction status: { status }");
				}
				return running(answer) ? undefined : answer;
			},
			{ intervalMs: REPLICATE_POLL_INTERVAL_MS, signal: context.signal, what: "the Replicate prediction" },
		);
	}
	if (prediction.status === "failed" || prediction.status === "canceled" || prediction.status === "aborted") {
		const reason = typeof prediction.error === "string" ? `: ${prediction.error}` : "";
		throw new InferenceClientProviderOutputError(
			`Invalid inference output: the Replicate prediction ${String(prediction.status)}${reason}`,
		);
	}
	return prediction;
}

abstract class ReplicateTask extends TaskProviderHelper {
	constructor(task: InferenceTask) {
		super(PROVIDER, task, BASE_URL);
	}

	makeRoute(params: UrlParams): string {
		return params.model.includes(":") ? "v1/predictions" : `v1/models/${params.model}/predictions`;
	}

	override prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string> {
		return { ...super.prepareHeaders(params, binary), Prefer: "wait" };
	}

	/** The model's `input` object. */
	protected abstract prepareInput(params: BodyParams): Args | Promise<Args>;

	/** Synchronous when the input is (text prompts): snippets show the payload as it is sent. */
	preparePayload(params: BodyParams): Args | Promise<Args> {
		const version = params.model.includes(":") ? params.model.split(":")[1] : undefined;
		const wrap = (input: Args): Args => ({ input, ...(version ? { version } : {}) });
		const input = this.prepareInput(params);
		return input instanceof Promise ? input.then(wrap) : wrap(input);
	}
}

function splitArgs(params: BodyParams): { input: unknown; parameters: Args; rest: Args } {
	const { inputs, parameters, ...rest } = omitClientArgs(params.args);
	return { input: inputs ?? params.args.data, parameters: isRecord(parameters) ? parameters : {}, rest };
}

/** The first URL of a media output (a URL or a list of URLs). */
function outputUrl(output: unknown): string | undefined {
	if (typeof output === "string") return output;
	if (Array.isArray(output) && typeof output[0] === "string") return output[0];
	return undefined;
}

/** Media tasks: the output is a file URL or a list of them. */
abstract class ReplicateMediaTask extends ReplicateTask {
	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const prediction = await finishedPrediction(body, context);
		const url = outputUrl(prediction.output);
		if (!url) throw invalidOutput("a Replicate prediction with an output URL: { output: url | url[] }");
		return mediaOutput({ url, raw: prediction }, context);
	}
}

class ReplicateTextToImageTask extends ReplicateMediaTask {
	constructor() {
		super("text-to-image");
	}

	prepareInput(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		const lora =
			params.mapping?.adapter === "lora" ? { lora_weights: `${HF_HUB_URL}/${params.mapping.hfModelId}` } : {};
		return { ...rest, ...parameters, prompt: input, ...lora };
	}
}

class ReplicateTextToSpeechTask extends ReplicateMediaTask {
	constructor() {
		super("text-to-speech");
	}

	prepareInput(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...parameters, text: input };
	}
}

class ReplicateTextToVideoTask extends ReplicateMediaTask {
	constructor() {
		super("text-to-video");
	}

	prepareInput(params: BodyParams): Args {
		const { input, parameters, rest } = splitArgs(params);
		return { ...rest, ...parameters, prompt: input };
	}
}

/** Image models name their input `image` or `input_image`: both are sent. */
class ReplicateImageToImageTask extends ReplicateMediaTask {
	constructor() {
		super("image-to-image");
	}

	async prepareInput(params: BodyParams): Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		if (!(input instanceof Blob)) {
			throw new InferenceClientInputError("Replicate image-to-image expects `inputs` to be a Blob.");
		}
		const image = await blobToDataUrl(input);
		return { ...rest, ...parameters, image, input_image: image };
	}
}

class ReplicateAutomaticSpeechRecognitionTask extends ReplicateTask {
	constructor() {
		super("automatic-speech-recognition");
	}

	async prepareInput(params: BodyParams): Promise<Args> {
		const { input, parameters, rest } = splitArgs(params);
		if (!(input instanceof Blob)) {
			throw new InferenceClientInputError("Replicate automatic-speech-recognition expects the audio as a Blob.");
		}
		return { ...rest, ...parameters, audio: await blobToDataUrl(input) };
	}

	/** Whisper-like models answer a string, `{ text, chunks? }` or `{ transcription }`. */
	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const output = (await finishedPrediction(body, context)).output;
		if (typeof output === "string") return { text: output };
		if (Array.isArray(output) && output.length > 0 && output.every((item) => typeof item === "string")) {
			return { text: output.join("") };
		}
		if (isRecord(output)) {
			if (typeof output.text === "string") {
				return Array.isArray(output.chunks) ? { text: output.text, chunks: output.chunks } : { text: output.text };
			}
			if (typeof output.transcription === "string") return { text: output.transcription };
		}
		throw invalidOutput("a Replicate transcription: { output: string | { text } | { transcription } }");
	}
}

export const helpers: ProviderHelpers = {
	"text-to-image": new ReplicateTextToImageTask(),
	"text-to-speech": new ReplicateTextToSpeechTask(),
	"text-to-video": new ReplicateTextToVideoTask(),
	"image-to-image": new ReplicateImageToImageTask(),
	"automatic-speech-recognition": new ReplicateAutomaticSpeechRecognitionTask(),
};
