/**
 * hf-inference, the hub's own inference: the paths the clients build for it,
 * handed to the local runtime. Without a runtime every call answers 400 `ProviderNotConfigured`.
 *
 *   POST /hf-inference/models/{model}                       a task, the model's own pipeline tag
 *   POST /hf-inference/models/{model}/pipeline/{task}       a task named in the path
 *   POST /hf-inference/pipeline/{task}/{model}              the same, older client form
 *   POST /hf-inference/models/{model}/v1/chat/completions   chat
 *   POST /hf-inference/models/{model}/v1/completions        text completion
 *   POST /hf-inference/v1/chat/completions, /v1/chat/completions   chat, model in the body
 *   POST /hf-inference/v1/embeddings, /v1/embeddings       OpenAI-style embeddings of a feature-extraction model
 *
 * A call with a hub token runs as its user, one with the hub's browser session as the session's; one with neither runs
 * anonymously (public models only) when the host passes `admitAnonymous`, which rate-limits it.
 *
 * A model the operator sent to an external server (`deps.endpoints`) has its chat, completion and
 * text-generation calls forwarded there (endpoint-proxy.ts), ahead of the local runtime.
 */
import { PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import { readLimitedBody } from "../lib/streams.js";
import {
	DEFAULT_MAX_BODY_BYTES,
	type LocalRuntime,
	type RouterContext,
	type RouterDeps,
	type RouterUser,
} from "./deps.js";
import { forwardToEndpoint, mappedModelFacts } from "./endpoint-proxy.js";
import { authenticateRequest, bodyTooLarge, decodeSegment, jsonError } from "./http.js";
import { invalidModelId, modelIdProblem } from "./model-id.js";

export type LocalCall =
	| { kind: "task"; model: string; task: PipelineType | undefined }
	| { kind: "chat"; model: string | undefined }
	| { kind: "completion"; model: string }
	| { kind: "embeddings" };

/** What a path after `/hf-inference/` asks for, or the error to answer. `segments` are still encoded. */
export function parseLocalPath(segments: string[]): LocalCall | Response {
	const parts: string[] = [];
	for (const segment of segments) {
		const decoded = decodeSegment(segment);
		if (decoded === undefined) return jsonError(400, "Malformed path: empty, dot or encoded-separator segments");
		parts.push(decoded);
	}
	const [head, ...rest] = parts;
	if (head === "v1" && rest.join("/") === "chat/completions") return { kind: "chat", model: undefined };
	if (head === "v1" && rest.join("/") === "embeddings") return { kind: "embeddings" };
	if (head === "pipeline") {
		const [task = "", ...model] = rest;
		return withModel(model, (id) => taskCall(id, task));
	}
	if (head !== "models") return jsonError(404, "Unknown hf-inference route: expected models/{model}[/…]");
	const tail = rest.slice(-3).join("/");
	if (tail === "v1/chat/completions") return withModel(rest.slice(0, -3), (model) => ({ kind: "chat", model }));
	if (rest.slice(-2).join("/") === "v1/completions") {
		return withModel(rest.slice(0, -2), (model) => ({ kind: "completion", model }));
	}
	if (rest.length > 2 && rest.at(-2) === "pipeline") {
		return withModel(rest.slice(0, -2), (id) => taskCall(id, rest.at(-1) ?? ""));
	}
	return withModel(rest, (model) => ({ kind: "task", model, task: undefined }));
}

function withModel(parts: string[], call: (model: string) => LocalCall | Response): LocalCall | Response {
	const id = parts.join("/");
	const problem = modelIdProblem(id);
	return problem ? jsonError(400, invalidModelId(id, problem)) : call(id);
}

function taskCall(model: string, task: string): LocalCall | Response {
	if (!Object.hasOwn(PIPELINE_DATA, task)) {
		return jsonError(400, `Unknown task ${JSON.stringify(task.slice(0, 80))}`);
	}
	return { kind: "task", model, task: task as PipelineType };
}

/**
 * The token's user; without an Authorization header, the host's browser-session user; or, when the host admits
 * anonymous callers, undefined (public models only, within the host's rate limit). A header
 * with a bad token is a 401 as ever, never a fall-back to anonymous.
 */
async function localCaller(c: RouterContext, deps: RouterDeps): Promise<RouterUser | undefined | Response> {
	const header = c.req.header("authorization");
	if (header === undefined || header.trim() === "") {
		const session = deps.sessionUser?.(c);
		if (session) return session;
		if (deps.admitAnonymous) return deps.admitAnonymous(c);
	}
	return await authenticateRequest(c.req.raw, (token) => deps.authenticate(token, c));
}

export async function serveLocally(c: RouterContext, deps: RouterDeps, segments: string[]): Promise<Response> {
	const caller = await localCaller(c, deps);
	if (caller instanceof Response) return caller;
	const call = parseLocalPath(segments);
	if (call instanceof Response) return call;
	const limit = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
	const body = await readLimitedBody(c.req.raw, limit);
	if (body === "too-large") return bodyTooLarge(limit);
	const signal = c.req.raw.signal;
	const mapped = await toEndpoint(c, deps, call, body, caller);
	if (mapped) return mapped;
	if (call.kind === "task") {
		const runtime = deps.localRuntime;
		if (!runtime) return notLoaded(call.model);
		const contentType = c.req.header("content-type");
		const ranTask = (task: string) => c.set("answeredTask", task);
		return runtime.run({ model: call.model, user: caller?.user, task: call.task, body, contentType, signal, ranTask });
	}
	const json = parseJsonObject(body);
	if (json instanceof Response) return json;
	if (call.kind === "embeddings") return embeddings(deps, json, caller?.user, signal);
	const model = call.model ?? json.model;
	if (typeof model !== "string") return jsonError(400, "The request body needs a `model` (a model id)");
	if (model.includes(":")) {
		return jsonError(
			400,
			"Choosing a provider with `model:provider` is not supported here: call /{provider}/v1/chat/completions with the provider's model id",
		);
	}
	const problem = modelIdProblem(model);
	if (problem) return jsonError(400, invalidModelId(model, problem));
	const endpoint = deps.endpoints?.match(model);
	if (endpoint) {
		const facts = await mappedModelFacts(deps, c, model, caller);
		if (facts instanceof Response) return facts;
		return forwardToEndpoint(c.req.raw, deps, endpoint, { kind: call.kind, model, body: json }, caller);
	}
	const runtime: LocalRuntime | undefined = deps.localRuntime;
	if (!runtime) return notLoaded(model);
	const request = { model, user: caller?.user, body: json, signal };
	return call.kind === "chat" ? runtime.chat(request) : runtime.complete(request);
}

/**
 * A task call of a model an endpoint serves goes there when its task is text-generation (named
 * in the path, or the model's own; a model the hub does not hold counts as text-generation).
 * Other tasks stay with the local runtime: an OpenAI-compatible server only generates text.
 */
async function toEndpoint(
	c: RouterContext,
	deps: RouterDeps,
	call: LocalCall,
	body: Uint8Array,
	caller: RouterUser | undefined,
): Promise<Response | undefined> {
	if (call.kind !== "task") return undefined;
	const endpoint = deps.endpoints?.match(call.model);
	if (!endpoint) return undefined;
	const facts = await mappedModelFacts(deps, c, call.model, caller);
	if (facts instanceof Response) return facts;
	const task = call.task ?? facts?.pipelineTag ?? "text-generation";
	if (task !== "text-generation") return undefined;
	const json = parseJsonObject(body);
	if (json instanceof Response) return json;
	return forwardToEndpoint(c.req.raw, deps, endpoint, { kind: "generation", model: call.model, body: json }, caller);
}

/**
 * `/v1/embeddings` (OpenAI's shape: `{ model, input }` → `{ object: "list", data: [{ embedding, index }] }`):
 * the model's feature-extraction run (mean-pooled, unit-length vectors), answered in that shape.
 */
async function embeddings(
	deps: RouterDeps,
	json: Record<string, unknown>,
	user: string | undefined,
	signal: AbortSignal,
): Promise<Response> {
	const { model, input, encoding_format: format } = json;
	if (typeof model !== "string") return jsonError(400, "The request body needs a `model` (a model id)");
	const problem = modelIdProblem(model);
	if (problem) return jsonError(400, invalidModelId(model, problem));
	const texts = typeof input === "string" ? [input] : input;
	if (!Array.isArray(texts) || texts.length === 0 || texts.some((text) => typeof text !== "string")) {
		return jsonError(400, "`input` must be a string or a non-empty array of strings");
	}
	if (format !== undefined && format !== "float" && format !== "base64") {
		return jsonError(400, "`encoding_format` must be float or base64");
	}
	const runtime = deps.localRuntime;
	if (!runtime) return notLoaded(model);
	const body = new TextEncoder().encode(JSON.stringify({ inputs: texts, parameters: { normalize: true } }));
	const answer = await runtime.run({
		model,
		user,
		task: "feature-extraction",
		body,
		contentType: "application/json",
		signal,
	});
	if (!answer.ok) return answer;
	const vectors = (await answer.json()) as number[][];
	return Response.json({
		object: "list",
		data: vectors.map((vector, index) => ({
			object: "embedding",
			index,
			embedding: format === "base64" ? base64Floats(vector) : vector,
		})),
		model,
		// The hub does not count tokens for embeddings; zero says so rather than guessing.
		usage: { prompt_tokens: 0, total_tokens: 0 },
	});
}

/** OpenAI's base64 encoding (what openai-python asks for by default): little-endian float32s. */
function base64Floats(vector: number[]): string {
	const view = new DataView(new ArrayBuffer(vector.length * 4));
	for (const [at, value] of vector.entries()) view.setFloat32(at * 4, value, true);
	return Buffer.from(view.buffer).toString("base64");
}

function parseJsonObject(body: Uint8Array): Record<string, unknown> | Response {
	let parsed: unknown;
	try {
		parsed = JSON.parse(new TextDecoder().decode(body));
	} catch {
		return jsonError(400, "The request body is not valid JSON");
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
		return jsonError(400, "The request body must be a JSON object");
	}
	return parsed as Record<string, unknown>;
}

/** Not 503: clients retry a 503 at once, and a hub without a runtime will not grow one. */
function notLoaded(model: string): Response {
	return jsonError(
		400,
		`Model ${model} is not loaded locally: this hub has no local inference runtime`,
		"ProviderNotConfigured",
	);
}
