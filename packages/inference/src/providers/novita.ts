/**
 * Novita: OpenAI-compatible chat (text generation goes through the same chat
 * route), and video generation as v3 async tasks whose result is polled at
 * `/v3/async/task-result?task_id=…`.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError, invalidOutput } from "../errors.js";
import { mediaOutput } from "../lib/output.js";
import { fetchJson, poll } from "../lib/poll.js";
import { blobToDataUrl, isRecord } from "../lib/validate.js";
import type { InferenceTask } from "../types.js";
import { ChatTextGenerationTask } from "./openai-media.js";
import type { BodyParams, ProviderHelpers, ResponseContext, UrlParams } from "./provider-helper.js";
import { OpenAICompatibleChatTask, omitClientArgs, TaskProviderHelper } from "./provider-helper.js";

const PROVIDER = "novita";
const BASE_URL = "https://api.novita.ai";
const CHAT_ROUTE = "v3/openai/chat/completions";

/** Wait between two task-result checks. */
export const NOVITA_POLL_INTERVAL_MS = 1000;

/** The provider-side models the MiniMax video route serves. */
export const NOVITA_MINIMAX_VIDEO_MODELS = ["MiniMax-H3"] as const;

type Args = Record<string, unknown>;

/** Text generation on the chat route; an answer in the completions shape (`choices[0].text`) is read too. */
class NovitaTextGenerationTask extends ChatTextGenerationTask {
	constructor() {
		super(PROVIDER, BASE_URL, CHAT_ROUTE);
	}

	override async getResponse(body: unknown): Promise<unknown> {
		const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
		if (isRecord(choice) && typeof choice.text === "string") return { generated_text: choice.text };
		return super.getResponse(body);
	}
}

/** The task-result URL next to the submit URL (so it goes through the router when the submit did). */
function taskResultUrl(submitUrl: string, taskId: string): string {
	const parsed = new URL(submitUrl);
	const at = parsed.pathname.indexOf("/v3/");
	const prefix = at === -1 ? "" : parsed.pathname.slice(0, at);
	return `${parsed.origin}${prefix}/v3/async/task-result?task_id=${encodeURIComponent(taskId)}`;
}

/** Video tasks: submit, then poll the task result until it succeeds. */
abstract class NovitaVideoTask extends TaskProviderHelper {
	constructor(task: InferenceTask) {
		super(PROVIDER, task, BASE_URL);
	}

	async getResponse(body: unknown, context: ResponseContext): Promise<unknown> {
		if (!isRecord(body) || typeof body.task_id !== "string") {
			throw invalidOutput("a Novita async task: { task_id }");
		}
		const target = taskResultUrl(context.url, body.task_id);
		const result = await poll(
			async () => {
				const answer = await fetchJson(target, context);
				const task = isRecord(answer) ? answer.task : undefined;
				if (!isRecord(answer) || !isRecord(task) || typeof task.status !== "string") {
					throw invalidOutput("a Novita task result: { task: { status } }");
				}
				switch (task.status) {
					case "TASK_STATUS_SUCCEED":
						return answer;
					case "TASK_STATUS_FAILED":
						throw new InferenceClientProviderOutputError(
							`Invalid inference output: the Novita task failed${typeof task.reason === "string" && task.reason ? `: ${task.reason}` : ""}`,
						);
					case "TASK_STATUS_QUEUED":
					case "TASK_STATUS_PROCESSING":
						return undefined;
					default:
						throw invalidOutput("a Novita task result: { task: { status } }");
				}
			},
			{ intervalMs: NOVITA_POLL_INTERVAL_MS, signal: context.signal, what: "the Novita video" },
		);
		const video = Array.isArray(result.videos) ? result.videos[0] : undefined;
		if (!isRecord(video) || typeof video.video_url !== "string") {
			throw invalidOutput("a finished Novita task: { videos: [{ video_url }] }");
		}
		return mediaOutput({ url: video.video_url, raw: result }, context);
	}
}

class NovitaTextToVideoTask extends NovitaVideoTask {
	constructor() {
		super("text-to-video");
	}

	makeRoute(params: UrlParams): string {
		return `v3/async/${params.model}`;
	}

	preparePayload(params: BodyParams): Args {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		return { ...rest, ...(isRecord(parameters) ? parameters : {}), prompt: inputs };
	}
}

/** MiniMax video from a first frame and a prompt. */
class NovitaImageTextToVideoTask extends NovitaVideoTask {
	constructor() {
		super("image-text-to-video");
	}

	makeRoute(params: UrlParams): string {
		if (!(NOVITA_MINIMAX_VIDEO_MODELS as readonly string[]).includes(params.model)) {
			throw new InferenceClientInputError(
				`Novita image-text-to-video supports only ${NOVITA_MINIMAX_VIDEO_MODELS.join(", ")}; got '${params.model}'.`,
			);
		}
		return "v3/minimax/v2/video_generation";
	}

	async preparePayload(params: BodyParams): Promise<Args> {
		const { inputs, parameters, ...rest } = omitClientArgs(params.args);
		const image = inputs ?? params.args.data;
		if (!(image instanceof Blob)) {
			throw new InferenceClientInputError("Novita image-text-to-video expects `inputs` to be a Blob.");
		}
		return {
			...rest,
			...(isRecord(parameters) ? parameters : {}),
			model: params.model,
			first_frame_image: await blobToDataUrl(image),
		};
	}
}

export const helpers: ProviderHelpers = {
	conversational: new OpenAICompatibleChatTask(PROVIDER, BASE_URL, CHAT_ROUTE),
	"image-text-to-video": new NovitaImageTextToVideoTask(),
	"text-generation": new NovitaTextGenerationTask(),
	"text-to-video": new NovitaTextToVideoTask(),
};
