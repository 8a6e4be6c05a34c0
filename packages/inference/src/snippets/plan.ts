/**
 * What a model's inference snippets show, worked out once for all languages:
 * the task, the arguments a client call takes, and — through the client's own
 * request code (../call/request.ts) — the URL, headers and payload it would send.
 */
import {
	DEFAULT_TEXT,
	getCandidateLabels,
	getModelInputExample,
	type ModelData,
	type PipelineType,
	toModelData,
} from "@hubkit/tasks";
import { type BuildOptions, bodyParams, requestHeaders, requestUrl, trimSlashes } from "../call/request.js";
import { authMethodFor, closedSourceMapping, type ResolvedCall } from "../call/resolve.js";
import { HF_HUB_URL, HF_ROUTER_URL } from "../config.js";
import { PROVIDERS } from "../providers/index.js";
import { type BodyParams, TaskProviderHelper } from "../providers/provider-helper.js";
import type {
	AuthMethod,
	InferenceProvider,
	InferenceProviderMappingEntry,
	InferenceTask,
	RequestArgs,
} from "../types.js";
import { demoUrl, MediaFile, mediaReference, SAMPLE_MEDIA } from "./values.js";

export interface SnippetOptions {
	/** Show a streamed chat completion. */
	streaming?: boolean;
	billTo?: string;
	/** A literal token to show. By default snippets read it from the environment. */
	accessToken?: string;
	/** A dedicated endpoint (hf-inference only). */
	endpointUrl?: string;
	/** Call the provider with its own key instead of going through the router. */
	directRequest?: boolean;
	/** Replaces the example input (`inputs`). */
	inputs?: unknown;
	hubUrl?: string;
	routerUrl?: string;
	messages?: { role: string; content: unknown }[];
	temperature?: number;
	max_tokens?: number;
	top_p?: number;
}

/** Where the snippet takes its credential from. */
export type TokenSource = { env: string } | { literal: string };

/** The URL, headers and payload the client would send, with the token as a placeholder. */
export interface RawRequest {
	url: string;
	/** Shown headers: Authorization, Content-Type, X-HF-Bill-To. */
	headers: Record<string, string>;
	/** JSON payload; undefined when the body is the media file itself. */
	payload: Record<string, unknown> | undefined;
	/** The file sent as the body (binary tasks). */
	bodyFile: MediaFile | undefined;
}

export interface SnippetPlan {
	model: ModelData;
	task: InferenceTask;
	provider: InferenceProvider;
	helper: TaskProviderHelper;
	authMethod: AuthMethod;
	/** The model id the provider knows (what the body's `model` carries). */
	providerModel: string;
	/** Arguments of the client call, without model, provider and token. */
	args: Record<string, unknown>;
	token: TokenSource;
	/** Stands for the token inside `raw.headers`. */
	tokenPlaceholder: string;
	raw: RawRequest | undefined;
	streaming: boolean;
	options: SnippetOptions;
	hubUrl: string;
	routerUrl: string;
	/** How a media file inside a JSON payload is encoded: hf-inference takes base64, the others a data URL. */
	mediaEncoding: "base64" | "data-url";
	/** Whether the JSON payload carries a media file (as a reference string). */
	mediaInPayload: boolean;
	/** Whether the task's result is a file (image, audio, video) rather than JSON. */
	fileOutput: boolean;
}

/** Placeholders for the token while the request is built; never shown. */
const HUB_TOKEN_PLACEHOLDER = "hf_hubkit_snippet_token_placeholder";
const PROVIDER_KEY_PLACEHOLDER = "hubkit_snippet_provider_key_placeholder";

const FILE_OUTPUT_TASKS = new Set<InferenceTask>([
	"text-to-image",
	"image-to-image",
	"text-to-speech",
	"text-to-audio",
	"text-to-video",
	"image-to-video",
	"image-text-to-image",
	"image-text-to-video",
]);

/** Tasks whose input is a file: their JSON payloads may carry it. */
const MEDIA_TASKS = new Set<InferenceTask>([
	"automatic-speech-recognition",
	"audio-classification",
	"audio-to-audio",
	"image-classification",
	"object-detection",
	"image-segmentation",
	"image-to-text",
	"zero-shot-image-classification",
	"image-to-image",
	"image-to-video",
	"image-text-to-image",
	"image-text-to-video",
	"visual-question-answering",
	"document-question-answering",
]);

const CHAT_QUESTION = "Which planet in the solar system has the most moons?";

/** Pipelines whose models answer in text: a chat model among them is called through chat completions. */
const CHAT_PIPELINES = new Set<string>([
	"text-generation",
	"image-text-to-text",
	"audio-text-to-text",
	"video-text-to-text",
	"text2text-generation",
	"any-to-any",
]);

/**
 * Chat when the model says it chats (a `conversational` tag or a chat template)
 * or the hub's mapping serves it as chat; the pipeline tag otherwise. A mapping
 * that says `text-generation` does not make a chat model a completion one, so
 * the chat clients (openai among them) are offered wherever the model chats.
 */
export function snippetTask(model: ModelData, mappingTask?: string): InferenceTask | undefined {
	const tag = model.pipeline_tag;
	if (tag && CHAT_PIPELINES.has(tag)) {
		const chats = model.tags?.includes("conversational") || model.config?.tokenizer_config?.chat_template;
		if (chats || mappingTask === "conversational") return "conversational";
	}
	return tag;
}

/** The environment variable a provider's own key is read from. fal's own client reads FAL_KEY. */
export function providerKeyVariable(provider: string): string {
	if (provider === "fal-ai") return "FAL_KEY";
	return `${provider.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_API_KEY`;
}

function chatArgs(model: ModelData, options: SnippetOptions, hubUrl: string): Record<string, unknown> {
	let messages: unknown = options.messages;
	if (!messages) {
		const text = (model.pipeline_tag && DEFAULT_TEXT[model.pipeline_tag as PipelineType]) || CHAT_QUESTION;
		const widget = model.widgetData?.find((example) => typeof example?.text === "string")?.text;
		messages =
			model.pipeline_tag === "image-text-to-text"
				? [
						{
							role: "user",
							content: [
								{ type: "text", text: widget ?? text },
								{ type: "image_url", image_url: { url: demoUrl(hubUrl, SAMPLE_MEDIA["image-text-to-text"]) } },
							],
						},
					]
				: [{ role: "user", content: widget ?? CHAT_QUESTION }];
	}
	const args: Record<string, unknown> = { messages, max_tokens: options.max_tokens ?? 512 };
	if (options.temperature !== undefined) args.temperature = options.temperature;
	if (options.top_p !== undefined) args.top_p = options.top_p;
	return args;
}

/** Text examples for tasks the shared defaults leave out: fill-mask needs the model's own mask token. */
function fallbackText(model: ModelData, task: InferenceTask): string | undefined {
	if (task !== "fill-mask") return undefined;
	const token = model.config?.tokenizer_config?.mask_token;
	const mask = typeof token === "string" ? token : typeof token?.content === "string" ? token.content : "[MASK]";
	return `A good book can ${mask} a rainy afternoon.`;
}

/** The client call's arguments for a task: our sample inputs, the model's widget text first. */
function taskArgs(
	model: ModelData,
	task: InferenceTask,
	options: SnippetOptions,
	hubUrl: string,
): Record<string, unknown> | undefined {
	if (task === "conversational") return chatArgs(model, options, hubUrl);
	const example = options.inputs ?? getModelInputExample(model) ?? fallbackText(model, task);
	const question = typeof example === "string" ? example : "What is shown here?";
	switch (task) {
		case "automatic-speech-recognition":
		case "audio-classification":
		case "audio-to-audio":
		case "image-classification":
		case "object-detection":
		case "image-segmentation":
		case "image-to-text":
			return { data: SAMPLE_MEDIA[task] };
		case "zero-shot-image-classification":
			return { inputs: SAMPLE_MEDIA[task], parameters: { candidate_labels: getCandidateLabels(model) } };
		case "image-to-image":
		case "image-to-video":
		case "image-text-to-image":
		case "image-text-to-video":
			return { inputs: SAMPLE_MEDIA[task], parameters: { prompt: question } };
		case "visual-question-answering":
		case "document-question-answering":
			return { inputs: { image: SAMPLE_MEDIA[task], question } };
		case "zero-shot-classification":
			return { inputs: example, parameters: { candidate_labels: getCandidateLabels(model) } };
		default:
			return example === undefined ? undefined : { inputs: example };
	}
}

/** The plan for one model × provider, or undefined when that provider does not serve the model's task. */
export function planSnippet(
	record: ModelData,
	provider: string,
	mapping: InferenceProviderMappingEntry | undefined,
	options: SnippetOptions,
): SnippetPlan | undefined {
	const model = toModelData(record);
	const task = snippetTask(model, mapping?.task);
	if (!task || !Object.hasOwn(PROVIDERS, provider)) return undefined;
	const helper = PROVIDERS[provider as InferenceProvider][task];
	if (!helper) return undefined;
	if (options.endpointUrl && provider !== "hf-inference") return undefined;
	const routerUrl = trimSlashes(options.routerUrl ?? HF_ROUTER_URL);
	const hubUrl = trimSlashes(options.hubUrl ?? HF_HUB_URL);
	const args = taskArgs(model, task, options, hubUrl);
	if (!args) return undefined;

	const direct = options.directRequest || helper.clientSideRoutingOnly;
	const literal = options.accessToken || undefined;
	let tokenPlaceholder = direct ? PROVIDER_KEY_PLACEHOLDER : HUB_TOKEN_PLACEHOLDER;
	let token: TokenSource = { env: direct ? providerKeyVariable(provider) : "HF_TOKEN" };
	if (literal) {
		tokenPlaceholder = literal;
		token = { literal };
	}
	const authMethod = authMethodFor(tokenPlaceholder, undefined);
	// The client refuses hub tokens for closed-source providers: so does the snippet.
	if (helper.clientSideRoutingOnly && authMethod === "hf-token") return undefined;

	const entry = options.endpointUrl
		? undefined
		: helper.clientSideRoutingOnly
			? closedSourceMapping(provider, model.id, task)
			: (mapping ?? (provider === "hf-inference" ? undefined : defaultMapping(provider, model.id, task)));
	const providerModel = entry?.providerId ?? options.endpointUrl ?? model.id;
	const call: ResolvedCall = {
		provider: provider as InferenceProvider,
		task,
		helper,
		authMethod,
		mapping: entry,
		providerModel,
	};
	const streaming = Boolean(options.streaming) && task === "conversational";
	const requestArgs = {
		...referenceMedia(args, helper.binaryInput),
		accessToken: tokenPlaceholder,
		model: model.id,
		endpointUrl: options.endpointUrl,
	} as RequestArgs;
	const raw = rawRequest(call, helper, requestArgs, { stream: streaming, billTo: options.billTo, routerUrl, hubUrl });
	return {
		model,
		task,
		provider: provider as InferenceProvider,
		helper,
		authMethod,
		providerModel,
		args,
		token,
		tokenPlaceholder,
		raw,
		streaming,
		options,
		hubUrl,
		routerUrl,
		mediaEncoding: provider === "hf-inference" ? "base64" : "data-url",
		mediaInPayload: raw?.payload !== undefined && MEDIA_TASKS.has(task),
		fileOutput: FILE_OUTPUT_TASKS.has(task),
	};
}

/**
 * Media inside the payload as reference strings; a file the helper sends as the
 * whole body (`data` of a binary-input task) stays a file.
 */
function referenceMedia(args: Record<string, unknown>, binaryBody: boolean): Record<string, unknown> {
	const swap = (value: unknown): unknown => {
		if (value instanceof MediaFile) return mediaReference(value);
		if (Array.isArray(value)) return value.map(swap);
		if (value && typeof value === "object" && !(value instanceof Blob)) {
			return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]));
		}
		return value;
	};
	const { data, ...rest } = args;
	const swapped = swap(rest) as Record<string, unknown>;
	if (data === undefined) return swapped;
	return { ...swapped, data: binaryBody ? data : swap(data) };
}

/** Without a mapping from the hub, a provider is assumed to know the model by its hub id. */
function defaultMapping(provider: string, modelId: string, task: InferenceTask): InferenceProviderMappingEntry {
	return { provider, providerId: modelId, hfModelId: modelId, task, status: "live" };
}

/**
 * The request as the client builds it. Undefined when the payload needs work the
 * snippet cannot show as plain data (media converted inside the payload, forms):
 * the high-level clients still cover those.
 */
function rawRequest(
	call: ResolvedCall,
	helper: TaskProviderHelper,
	args: RequestArgs,
	options: BuildOptions,
): RawRequest | undefined {
	let url: string;
	let headers: Record<string, string>;
	let params: BodyParams;
	try {
		url = requestUrl(call, args, options);
		headers = requestHeaders(call, args, options);
		params = bodyParams(call, args, options);
	} catch {
		return undefined;
	}
	const shown: Record<string, string> = {};
	for (const name of ["Authorization", "Content-Type", "X-HF-Bill-To"]) {
		const value = headers[name];
		if (value !== undefined) shown[name] = value;
	}
	const data = (args as Record<string, unknown>).data;
	if (helper.binaryInput && data instanceof MediaFile) {
		// A helper with its own body (a multipart form) does not send the file as it is.
		if (helper.makeBody !== TaskProviderHelper.prototype.makeBody) return undefined;
		return { url, headers: shown, payload: undefined, bodyFile: data };
	}
	let payload: ReturnType<TaskProviderHelper["preparePayload"]>;
	try {
		payload = helper.preparePayload(params);
	} catch {
		return undefined;
	}
	if (payload instanceof Promise) {
		payload.catch(() => undefined);
		return undefined;
	}
	if (containsMedia(payload)) return undefined;
	return { url, headers: shown, payload, bodyFile: undefined };
}

function containsMedia(value: unknown): boolean {
	if (value instanceof Blob) return true;
	if (Array.isArray(value)) return value.some(containsMedia);
	if (value && typeof value === "object") return Object.values(value).some(containsMedia);
	return false;
}
