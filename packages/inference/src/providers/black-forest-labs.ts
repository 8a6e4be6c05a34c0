/**
 * Black Forest Labs: text-to-image. The first answer only says where to ask for
 * the result (`polling_url`); the image comes once the status reads "Ready".
 * Provider keys go as `Authorization: X-Key {key}`.
 */
import { invalidOutput } from "../errors.js";
import { sleep } from "../lib/http.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { isRecord } from "../lib/validate.js";
import type { AuthMethod } from "../types.js";
import type { BodyParams, ProviderHelpers, ResponseContext, UrlParams } from "./provider-helper.js";
import { followUpUrl, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const BASE_URL = "https://api.us1.bfl.ai";
const PROVIDER = "black-forest-labs";

/** Wait between status checks (also before the first one). */
export const BFL_POLL_INTERVAL_MS = 1000;
/** Status checks before giving up. */
export const BFL_MAX_POLL_ATTEMPTS = 5;

class BlackForestLabsTextToImageTask extends TaskProviderHelper {
	constructor() {
		super(PROVIDER, "text-to-image", BASE_URL);
	}

	makeRoute(params: UrlParams): string {
		return `v1/${params.model}`;
	}

	protected override authorization(token: string, authMethod: AuthMethod): string {
		return authMethod === "provider-key" ? `X-Key ${token}` : `Bearer ${token}`;
	}

	preparePayload(params: BodyParams): Record<string, unknown> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		const { num_inference_steps, guidance_scale, ...others } = isRecord(parameters) ? parameters : {};
		return {
			...rest,
			...others,
			...(num_inference_steps !== undefined ? { steps: num_inference_steps } : {}),
			...(guidance_scale !== undefined ? { guidance: guidance_scale } : {}),
			prompt: inputs,
		};
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		if (!isRecord(body) || typeof body.polling_url !== "string") {
			throw invalidOutput("a Black Forest Labs task: { id, polling_url }");
		}
		const pollingUrl = followUpUrl(PROVIDER, body.polling_url, context);
		await sleep(BFL_POLL_INTERVAL_MS, context.signal);
		const ready = await poll(
			async () => {
				const status = await fetchJson(pollingUrl, context);
				if (!isRecord(status) || typeof status.status !== "string") {
					throw invalidOutput("a Black Forest Labs status: { status }");
				}
				return status.status === "Ready" ? status : undefined;
			},
			{
				intervalMs: BFL_POLL_INTERVAL_MS,
				maxAttempts: BFL_MAX_POLL_ATTEMPTS,
				signal: context.signal,
				what: "the Black Forest Labs image",
			},
		);
		const result = ready.result;
		if (!isRecord(result) || typeof result.sample !== "string") {
			throw invalidOutput('a ready Black Forest Labs result: { status: "Ready", result: { sample: url } }');
		}
		return mediaOutput({ url: result.sample, raw: result }, context);
	}
}

export const helpers: ProviderHelpers = {
	"text-to-image": new BlackForestLabsTextToImageTask(),
};
