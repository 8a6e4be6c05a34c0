/**
 * Hyperbolic: OpenAI-compatible chat; text generation through the chat route; and
 * image generation, where the model goes as `model_name` and the images come back
 * base64-encoded as `{ images: [{ image }] }`.
 */
import { invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { isRecord, isString } from "../lib/validate.js";
import { base64Image, ChatTextGenerationTask, OpenAIImageGenerationTask, promptOf, splitArgs } from "./openai-media.js";
import type { BodyParams, ProviderHelpers, ResponseContext } from "./provider-helper.js";
import { OpenAICompatibleChatTask } from "./provider-helper.js";

const BASE_URL = "https://api.hyperbolic.xyz";

class HyperbolicTextToImageTask extends OpenAIImageGenerationTask {
	constructor() {
		// Hyperbolic's own names: `steps` and `cfg_scale`.
		super("hyperbolic", BASE_URL, {
			route: "/v1/images/generations",
			rename: { num_inference_steps: "steps", guidance_scale: "cfg_scale" },
		});
	}

	override preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, fields } = splitArgs(params.args);
		return { ...this.adaptParameters(fields), prompt: promptOf(inputs, this.task), model_name: params.model };
	}

	override async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		const first = isRecord(body) && Array.isArray(body.images) ? body.images[0] : undefined;
		if (isRecord(first) && isString(first.image) && first.image.length > 0) {
			return mediaOutput(base64Image(first.image, body), context);
		}
		throw invalidOutput("an image generation: { images: [{ image: base64 string }] }");
	}
}

export const helpers: ProviderHelpers = {
	"text-to-image": new HyperbolicTextToImageTask(),
	conversational: new OpenAICompatibleChatTask("hyperbolic", BASE_URL),
	"text-generation": new ChatTextGenerationTask("hyperbolic", BASE_URL),
};
