/**
 * WaveSpeedAI: POST `/api/v3/{model}` creates a prediction; its `urls.get` is
 * polled until the status is `completed`, and the first output URL is the result.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { blobToDataUrl, isRecord } from "../lib/validate.js";
import type { InferenceTask } from "../types.js";
import type { BodyParams, ProviderHelpers, ResponseContext, UrlParams } from "./provider-helper.js";
import { followUpUrl, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const PROVIDER = "wavespeed";
const BASE_URL = "https://api.wavespeed.ai";

/** Wait between two status checks. */
export const WAVESPEED_POLL_INTERVAL_MS = 500;

type Args = Record<string, unknown>;

/** WaveSpeed wraps every answer as `{ code, message, data }`. */
function predictionData(body: unknown, what: string): Record<string, unknown> {
	if (isRecord(body) && isRecord(body.data)) return body.data;
	throw invalidOutput(what);
}

/** What kind of input the task takes: text only, or an image (+ prompt). */
type InputKind = "text" | "image";

class WavespeedTask extends TaskProviderHelper {
	constructor(
		task: InferenceTask,
		private readonly inputKind: InputKind,
	) {
		super(PROVIDER, task, BASE_URL);
	}

	makeRoute(params: UrlParams): string {
		return `api/v3/${params.model}`;
	}

	/** Synchronous for text prompts (snippets show the payload); an image is read into a data URL first. */
	preparePayload(params: BodyParams): Args | Promise<Args> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		const payload: Args = { ...rest, ...(isRecord(parameters) ? parameters : {}) };
		if (params.mapping?.adapter === "lora") {
			payload.loras = [{ path: params.mapping.hfModelId, scale: 1 }];
		}
		if (this.inputKind === "text") {
			payload.prompt = inputs;
			return payload;
		}
		const image = inputs ?? params.args.data;
		if (!(image instanceof Blob)) {
			throw new InferenceClientInputError(`WaveSpeed ${this.task} expects \`inputs\` to be a Blob.`);
		}
		return blobToDataUrl(image).then((dataUrl) => {
			// Single-image models read `image`, multi-image (edit) models `images`.
			payload.image = dataUrl;
			if (this.task.endsWith("-to-image")) payload.images = [dataUrl];
			return payload;
		});
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const created = predictionData(body, "a WaveSpeed prediction: { data: { id, urls: { get } } }");
		const urls = created.urls;
		if (!isRecord(urls) || typeof urls.get !== "string") {
			throw invalidOutput("a WaveSpeed prediction: { data: { id, urls: { get } } }");
		}
		const target = followUpUrl(PROVIDER, urls.get, context);
		const done = await poll(
			async () => {
				const data = predictionData(
					await fetchJson(target, context),
					"a WaveSpeed prediction status: { data: { status } }",
				);
				switch (data.status) {
					case "completed":
						return data;
					case "failed":
						throw new InferenceClientProviderOutputError(
							`Invalid inference output: the WaveSpeed prediction failed${typeof data.error === "string" && data.error ? `: ${data.error}` : ""}`,
						);
					case "created":
					case "processing":
						return undefined;
					default:
						throw invalidOutput("a WaveSpeed prediction status: { data: { status } }");
				}
			},
			{ intervalMs: WAVESPEED_POLL_INTERVAL_MS, signal: context.signal, what: "the WaveSpeed prediction" },
		);
		const url = Array.isArray(done.outputs) ? done.outputs[0] : undefined;
		if (typeof url !== "string") {
			throw invalidOutput('a completed WaveSpeed prediction: { data: { status: "completed", outputs: [url] } }');
		}
		return mediaOutput({ url, raw: done }, context);
	}
}

export const helpers: ProviderHelpers = {
	"text-to-image": new WavespeedTask("text-to-image", "text"),
	"text-to-video": new WavespeedTask("text-to-video", "text"),
	"image-to-image": new WavespeedTask("image-to-image", "image"),
	"image-to-video": new WavespeedTask("image-to-video", "image"),
	"image-text-to-image": new WavespeedTask("image-text-to-image", "image"),
	"image-text-to-video": new WavespeedTask("image-text-to-video", "image"),
};
