/**
 * hf-inference calls of a model the operator sent to an OpenAI-compatible server
 * (endpoints.ts): chat to `{baseUrl}/chat/completions`, text completion to
 * `{baseUrl}/completions`, and the task API's text-generation (`{ inputs, parameters }` →
 * `[{ generated_text }]`) translated to a completion and back.
 *
 * What crosses is what crosses to a provider (proxy.ts): the allow-listed headers, the
 * server's key (if any) as the only Authorization, never the caller's token; an event
 * stream passes through as it arrives and ends with an SSE `error` event if it breaks off;
 * the deadlines are the hub's upstream ones, an entry's own winning. Failures are the
 * provider proxy's: 502 `UpstreamUnreachable`, 504 `UpstreamTimeout`, 502
 * `UpstreamKeyRejected` for a 401. The server's other errors keep their status (and
 * `Retry-After`) with the body in the hub's shape, `{ "error": "…" }`.
 */

import { readStreamLimited } from "../lib/streams.js";
import {
	DEFAULT_MAX_RESPONSE_BYTES,
	type EndpointModelFacts,
	type RouterContext,
	type RouterDeps,
	type RouterUser,
} from "./deps.js";
import type { InferenceEndpoint } from "./endpoints.js";
import { downstreamResponseHeaders, upstreamRequestHeaders } from "./headers.js";
import { jsonError } from "./http.js";
import { isEventStream, streamBrokeMessage, upstreamErrorResponse } from "./proxy.js";
import { sseErrorGuard } from "./sse-guard.js";
import { DEFAULT_UPSTREAM_TIMEOUTS, sendUpstream, type UpstreamResponse, upstreamFailure } from "./upstream.js";

export type EndpointCall =
	/** `/v1/chat/completions` and `/v1/completions`: the OpenAI body, passed on with the upstream model name. */
	| { kind: "chat" | "completion"; model: string; body: Record<string, unknown> }
	/** The task API's text-generation: `{ inputs, parameters }`. */
	| { kind: "generation"; model: string; body: Record<string, unknown> };

/** The hub's facts on a mapped model; a Response when the caller may not use it. */
export async function mappedModelFacts(
	deps: RouterDeps,
	c: RouterContext,
	model: string,
	caller: RouterUser | undefined,
): Promise<EndpointModelFacts | undefined | Response> {
	const facts = await deps.lookUpModel?.(model, c, caller?.user);
	// As the local runtime answers for a private model: it does not exist, for this caller.
	if (facts && !facts.visible) return jsonError(404, `Model ${model} does not exist`);
	return facts;
}

export async function forwardToEndpoint(
	request: Request,
	deps: RouterDeps,
	endpoint: InferenceEndpoint,
	call: EndpointCall,
	caller: RouterUser | undefined,
): Promise<Response> {
	const who = `The inference server for ${call.model}`;
	const described = `${caller?.user ?? "anonymous"} ${call.kind} ${call.model} → endpoint "${endpoint.entry}"`;
	const upstreamBody = call.kind === "generation" ? completionFromTask(call.body, endpoint) : call.body;
	if (upstreamBody instanceof Response) return upstreamBody;
	if (call.kind !== "generation") upstreamBody.model = endpoint.upstreamModel;
	const route = call.kind === "chat" ? "chat/completions" : "completions";
	const headers = upstreamRequestHeaders(
		request.headers,
		endpoint.apiKey === undefined ? undefined : `Bearer ${endpoint.apiKey}`,
	);
	const bytes = new TextEncoder().encode(JSON.stringify(upstreamBody));
	headers.set("content-type", "application/json");
	// A declared length rather than chunks: not every server's HTTP layer reads chunked request bodies.
	headers.set("content-length", String(bytes.byteLength));
	const signal = deps.shutdownSignal ? AbortSignal.any([request.signal, deps.shutdownSignal]) : request.signal;
	const timeouts = { ...(deps.upstreamTimeouts ?? DEFAULT_UPSTREAM_TIMEOUTS), ...endpoint.timeouts };
	let upstream: UpstreamResponse;
	try {
		upstream = await sendUpstream(
			`${endpoint.baseUrl}/${route}`,
			{ method: "POST", headers, body: bytes, signal },
			timeouts,
		);
	} catch (error) {
		if (deps.shutdownSignal?.aborted) {
			return jsonError(502, `The hub shut down before ${who.toLowerCase()} answered`, "HubShuttingDown");
		}
		if (signal.aborted) return jsonError(499, "Client closed the request");
		const failure = upstreamFailure(error);
		deps.logger?.warn(`router: ${described} failed: ${failure.failure} (${failure.detail})`);
		return upstreamErrorResponse(failure, who);
	}
	deps.logger?.info(`router: ${described} → ${upstream.status}`);
	if (upstream.status === 401) {
		await upstream.body.cancel();
		deps.logger?.warn(`router: endpoint "${endpoint.entry}" rejected the hub's key`);
		return jsonError(502, `${who} rejected this hub's key for it; ask the hub operator`, "UpstreamKeyRejected");
	}
	const ok = upstream.status >= 200 && upstream.status < 300;
	if (ok && isEventStream(upstream.headers)) {
		const stream = sseErrorGuard(upstream.body, (error) => {
			const failure = upstreamFailure(error);
			deps.logger?.warn(`router: ${described} stream broke: ${failure.failure} (${failure.detail})`);
			return { error: streamBrokeMessage(failure, who) };
		});
		return new Response(stream, { status: upstream.status, headers: downstreamResponseHeaders(upstream.headers) });
	}
	const limit = deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
	let answer: Uint8Array<ArrayBuffer> | "too-large";
	try {
		answer = await readStreamLimited(upstream.body, limit);
	} catch (error) {
		if (signal.aborted) return jsonError(499, "Client closed the request");
		const failure = upstreamFailure(error);
		deps.logger?.warn(`router: ${described} failed: ${failure.failure} (${failure.detail})`);
		return upstreamErrorResponse(failure, who);
	}
	if (answer === "too-large") {
		return jsonError(502, `${who} answered with more than ${limit} bytes`, "UpstreamResponseTooLarge");
	}
	if (!ok) return serverError(upstream, answer, who, endpoint.apiKey);
	if (call.kind === "generation") return generatedText(answer, call.body, who);
	return new Response(answer, { status: upstream.status, headers: downstreamResponseHeaders(upstream.headers) });
}

/**
 * The server's own error in the hub's shape, its status kept (a 429 with its `Retry-After`, a
 * 503 while it loads the model), but never a redirect: the client cannot follow one inside the hub.
 */
function serverError(
	upstream: UpstreamResponse,
	answer: Uint8Array,
	who: string,
	apiKey: string | undefined,
): Response {
	const text = new TextDecoder().decode(answer);
	let message = `${who} answered ${upstream.status}`;
	try {
		const found = errorText(JSON.parse(text));
		if (found) message = `${who}: ${found}`;
	} catch {
		if (text.trim() && !text.trimStart().startsWith("<")) message = `${who}: ${text.trim().slice(0, 500)}`;
	}
	// Servers do not echo the key, but should one, it stops here.
	if (apiKey) message = message.replaceAll(apiKey, "[key]");
	const status = upstream.status >= 400 && upstream.status <= 599 ? upstream.status : 502;
	const response = jsonError(status, message.slice(0, 1000));
	const retryAfter = upstream.headers.get("retry-after");
	if (retryAfter) response.headers.set("retry-after", retryAfter);
	return response;
}

/** The message in the error shapes OpenAI-compatible servers use (OpenAI, vLLM, TGI, llama.cpp, Ollama). */
function errorText(body: unknown): string | undefined {
	if (!isRecord(body)) return undefined;
	const { error, message, detail } = body;
	if (typeof error === "string") return error;
	if (isRecord(error) && typeof error.message === "string") return error.message;
	if (typeof message === "string") return message;
	if (typeof detail === "string") return detail;
	return undefined;
}

/** Task-API parameters and what they are on the completions route. */
const RENAMED: Record<string, string> = {
	max_new_tokens: "max_tokens",
	stop_sequences: "stop",
	stop: "stop",
	seed: "seed",
	repetition_penalty: "repetition_penalty",
};
const SAMPLING = new Set(["temperature", "top_p", "top_k"]);
const HANDLED = new Set([...Object.keys(RENAMED), ...SAMPLING, "do_sample", "return_full_text"]);
/** TGI's default, and the local runtime's. */
const DEFAULT_NEW_TOKENS = 100;

/**
 * `{ inputs, parameters }` as a completion request. Greedy unless the call asks to sample, as the
 * task API (TGI, the local runtime) decides: `do_sample`, or without it a temperature other
 * than 0 or 1, `top_k`, or `top_p` below 1. OpenAI-compatible servers sample by default, so
 * greedy is sent as temperature 0.
 */
function completionFromTask(
	body: Record<string, unknown>,
	endpoint: InferenceEndpoint,
): Record<string, unknown> | Response {
	const { inputs, parameters = {}, stream, options: _options, ...rest } = body;
	const extra = Object.keys(rest)[0];
	if (extra !== undefined) return jsonError(400, `Unknown field ${JSON.stringify(extra.slice(0, 60))} in the request`);
	if (typeof inputs !== "string") return jsonError(400, "`inputs` must be a string (the prompt)");
	if (stream === true) {
		return jsonError(400, "Streaming text generation goes through /v1/completions (what textGenerationStream calls)");
	}
	if (!isRecord(parameters)) return jsonError(400, "`parameters` must be an object");
	const unknown = Object.keys(parameters).find((name) => !HANDLED.has(name));
	if (unknown !== undefined) {
		return jsonError(
			400,
			`parameters.${unknown.slice(0, 60)} is not supported for a model on an external inference server`,
		);
	}
	const request: Record<string, unknown> = { model: endpoint.upstreamModel, prompt: inputs, stream: false };
	for (const [name, value] of Object.entries(parameters)) {
		const renamed = RENAMED[name];
		if (renamed !== undefined && value !== undefined && value !== null) request[renamed] = value;
	}
	request.max_tokens ??= DEFAULT_NEW_TOKENS;
	const { do_sample: doSample, temperature, top_p: topP, top_k: topK } = parameters;
	const sample =
		typeof doSample === "boolean"
			? doSample
			: (typeof temperature === "number" && temperature !== 0 && temperature !== 1) ||
				typeof topK === "number" ||
				(typeof topP === "number" && topP < 1);
	if (sample) {
		for (const name of SAMPLING) if (parameters[name] !== undefined) request[name] = parameters[name];
	} else request.temperature = 0;
	return request;
}

/** A completion's first choice as the task API's `[{ generated_text }]` (the prompt first when `return_full_text`). */
function generatedText(answer: Uint8Array, body: Record<string, unknown>, who: string): Response {
	let parsed: unknown;
	try {
		parsed = JSON.parse(new TextDecoder().decode(answer));
	} catch {
		parsed = undefined;
	}
	const choice = isRecord(parsed) && Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
	if (!isRecord(choice) || typeof choice.text !== "string") {
		return jsonError(502, `${who} did not answer with a completion ({ choices: [{ text }] })`, "UpstreamUndecodable");
	}
	const parameters = isRecord(body.parameters) ? body.parameters : {};
	const prompt = parameters.return_full_text === true ? String(body.inputs) : "";
	return Response.json([{ generated_text: `${prompt}${choice.text}` }]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
