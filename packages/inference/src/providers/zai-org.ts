/**
 * Z.ai: OpenAI-compatible chat, asynchronous image generation (submit, then poll
 * `/api/paas/v4/async-result/{id}`) and document parsing (GLM-OCR layout parsing).
 * Every request carries Z.ai's source-channel and language headers.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { blobToDataUrl, isRecord } from "../lib/validate.js";
import type { InferenceTask } from "../types.js";
import type { BodyParams, HeaderParams, ProviderHelpers, ResponseContext } from "./provider-helper.js";
import { OpenAICompatibleChatTask, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const PROVIDER = "zai-org";
const BASE_URL = "https://api.z.ai";

/** Wait between two async-result checks. */
export const ZAI_POLL_INTERVAL_MS = 1000;

/** Headers Z.ai expects on every request, whichever way it goes. */
const ZAI_HEADERS = { "x-source-channel": "hugging_face", "accept-language": "en-US,en" } as const;

type Args = Record<string, unknown>;

function withZaiHeaders(headers: Record<string, string>): Record<string, string> {
	return { ...headers, ...ZAI_HEADERS };
}

class ZaiConversationalTask extends OpenAICompatibleChatTask {
	constructor() {
		super(PROVIDER, BASE_URL, "api/paas/v4/chat/completions");
	}

	override prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string> {
		return withZaiHeaders(super.prepareHeaders(params, binary));
	}
}

abstract class ZaiTask extends TaskProviderHelper {
	constructor(
		task: InferenceTask,
		private readonly route: string,
	) {
		super(PROVIDER, task, BASE_URL);
	}

	makeRoute(): string {
		return this.route;
	}

	override prepareHeaders(params: HeaderParams, binary: boolean): Record<string, string> {
		return withZaiHeaders(super.prepareHeaders(params, binary));
	}
}

const IMAGE_ROUTE = "api/paas/v4/async/images/generations";

class ZaiTextToImageTask extends ZaiTask {
	constructor() {
		super("text-to-image", IMAGE_ROUTE);
	}

	/** Width and height become Z.ai's `size: "{w}x{h}"`. */
	preparePayload(params: BodyParams): Args {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		const { width, height, ...others } = isRecord(parameters) ? parameters : {};
		const size = typeof width === "number" && typeof height === "number" ? { size: `${width}x${height}` } : {};
		return { ...rest, ...others, ...size, model: params.model, prompt: inputs };
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		if (!isRecord(body) || typeof body.id !== "string") {
			throw invalidOutput("a Z.ai async task: { id, task_status }");
		}
		// The result URL sits next to the submit URL, so it goes through the router when the submit did.
		const submit = new URL(context.url);
		submit.pathname = submit.pathname.replace(
			/\/async\/images\/generations\/?$/,
			`/async-result/${encodeURIComponent(body.id)}`,
		);
		submit.search = "";
		const target = submit.toString();
		const result = await poll(
			async () => {
				const answer = await fetchJson(target, context);
				if (!isRecord(answer) || typeof answer.task_status !== "string") {
					throw invalidOutput("a Z.ai async result: { task_status }");
				}
				switch (answer.task_status) {
					case "SUCCESS":
						return answer;
					case "FAIL":
						throw new InferenceClientProviderOutputError(
							`Invalid inference output: the Z.ai image task failed${isRecord(answer.error) && typeof answer.error.message === "string" ? `: ${answer.error.message}` : ""}`,
						);
					case "PROCESSING":
						return undefined;
					default:
						throw invalidOutput("a Z.ai async result: { task_status }");
				}
			},
			{ intervalMs: ZAI_POLL_INTERVAL_MS, signal: context.signal, what: "the Z.ai image" },
		);
		const image = Array.isArray(result.image_result) ? result.image_result[0] : undefined;
		if (!isRecord(image) || typeof image.url !== "string") {
			throw invalidOutput('a finished Z.ai image task: { task_status: "SUCCESS", image_result: [{ url }] }');
		}
		return mediaOutput({ url: image.url, raw: result }, context);
	}
}

/** Layout parsing (OCR): the image goes as a data URL in `file`; the Markdown is the text. */
class ZaiImageToTextTask extends ZaiTask {
	constructor() {
		super("image-to-text", "api/paas/v4/layout_parsing");
	}

	async preparePayload(params: BodyParams): Promise<Args> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		const image = inputs ?? params.args.data;
		let file: string;
		if (image instanceof Blob) file = await blobToDataUrl(image);
		else if (typeof image === "string" && image) file = image;
		else throw new InferenceClientInputError("Z.ai image-to-text expects the image as a Blob (`data` or `inputs`).");
		return { ...rest, ...(isRecord(parameters) ? parameters : {}), model: params.model, file };
	}

	async getResponse(body: unknown): Promise<unknown> {
		if (isRecord(body) && typeof body.md_results === "string") return { generated_text: body.md_results };
		throw invalidOutput("a Z.ai layout parsing result: { md_results: string }");
	}
}

export const helpers: ProviderHelpers = {
	conversational: new ZaiConversationalTask(),
	"text-to-image": new ZaiTextToImageTask(),
	"image-to-text": new ZaiImageToTextTask(),
};
