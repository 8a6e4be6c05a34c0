/**
 * The OpenAI-style bodies of `/v1/chat/completions` and `/v1/completions`, as the
 * GGUF engine reads them: messages or a prompt, and the sampling settings it
 * honours (`max_tokens`, `temperature`, `top_p`, `stop`, `seed`, `stream`).
 * Fields it does not know are ignored, as OpenAI-compatible servers do; a known
 * field of the wrong type is a 400 that names it.
 */
import { RuntimeError } from "../errors.js";

export type ChatRole = "system" | "user" | "assistant";

export interface CompletionRequest {
	kind: "chat" | "complete";
	/** Chat only. */
	messages: { role: ChatRole; content: string }[];
	/** Completion only. */
	prompt: string;
	/** Undefined: up to the end of the context. */
	maxTokens: number | undefined;
	temperature: number;
	topP: number;
	stop: string[];
	seed: number | undefined;
	stream: boolean;
}

/** Stop sequences a call may set (OpenAI allows four). */
const MAX_STOP = 4;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

function fail(message: string): never {
	throw new RuntimeError("input", message);
}

function number(body: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
	const value = body[name];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
		fail(`\`${name}\` must be a number from ${min} to ${max}`);
	}
	return value;
}

function integer(body: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
	const value = number(body, name, min, max);
	if (value !== undefined && !Number.isInteger(value)) fail(`\`${name}\` must be a whole number`);
	return value;
}

/** A message's text: a string, or OpenAI's list of parts of which only text parts are read. */
function content(value: unknown, index: number): string {
	if (typeof value === "string") return value;
	if (Array.isArray(value)) {
		return value
			.map((part) => {
				if (isRecord(part) && part.type === "text" && typeof part.text === "string") return part.text;
				return fail(`messages[${index}].content: this model reads text parts only`);
			})
			.join("");
	}
	return fail(`messages[${index}].content must be a string or a list of text parts`);
}

function messages(value: unknown): CompletionRequest["messages"] {
	if (!Array.isArray(value) || value.length === 0) fail("`messages` must be a non-empty list");
	return value.map((message, index) => {
		if (!isRecord(message)) return fail(`messages[${index}] must be an object`);
		const role = message.role === "developer" ? "system" : message.role;
		if (role !== "system" && role !== "user" && role !== "assistant") {
			return fail(`messages[${index}].role must be system, user or assistant`);
		}
		return { role, content: content(message.content, index) };
	});
}

function stops(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const list = typeof value === "string" ? [value] : value;
	if (!Array.isArray(list) || list.some((item) => typeof item !== "string" || item === "") || list.length > MAX_STOP) {
		fail(`\`stop\` must be a string or a list of up to ${MAX_STOP} non-empty strings`);
	}
	return list as string[];
}

export function parseCompletionRequest(kind: "chat" | "complete", body: unknown): CompletionRequest {
	if (!isRecord(body)) fail("The request body must be a JSON object");
	let prompt = "";
	if (kind === "complete") {
		const value = Array.isArray(body.prompt) && body.prompt.length === 1 ? body.prompt[0] : body.prompt;
		if (typeof value !== "string") fail("`prompt` must be a string");
		prompt = value;
	}
	if (body.stream !== undefined && typeof body.stream !== "boolean") fail("`stream` must be true or false");
	if (body.n !== undefined && body.n !== 1) fail("`n` must be 1: this runtime answers one choice per call");
	return {
		kind,
		messages: kind === "chat" ? messages(body.messages) : [],
		prompt,
		maxTokens:
			integer(body, "max_tokens", 1, 1_000_000) ?? integer(body, "max_completion_tokens", 1, 1_000_000) ?? undefined,
		temperature: number(body, "temperature", 0, 2) ?? 1,
		topP: number(body, "top_p", 0, 1) ?? 1,
		stop: stops(body.stop),
		seed: integer(body, "seed", 0, 2 ** 32 - 1),
		stream: body.stream === true,
	};
}
