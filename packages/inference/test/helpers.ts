/** Shared test fixtures: tokens, mappings, answers, and the "no secret anywhere" scan. */
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { clearDefaultModelCache } from "../src/call/default-model.js";
import { clearMappingCache } from "../src/index.js";
import { type FakeServer, startFakeServer } from "./fake-server.js";

/** A hub token: routed through the router. Long and unique, so finding it anywhere is meaningful. */
export const HF_TOKEN = "hf_fakeSecretToken0123456789abcdefXYZ";
/** A provider's own key: sent straight to the provider. */
export const PROVIDER_KEY = "sk-fakeProviderKey-9876543210-secret";

export const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
export const CHAT_PROVIDER_ID = "llama-3.3-70b";
export const CLASSIFIER = "acme/sentiment-classifier";

export const USER_AGENT = "@hubkit/inference/3.8.1";

/**
 * One fake server for the test file: started before the first test, closed
 * after the last, and before each test emptied (routes, hub data, recorded
 * requests) with the client's caches cleared, then given `setup`. The handle it
 * returns stands for the server from the first test on.
 */
export function useFakeServer(setup: (server: FakeServer) => void = () => {}): FakeServer {
	let current: FakeServer | undefined;
	beforeAll(async () => {
		current = await startFakeServer();
	});
	afterAll(() => current?.close());
	beforeEach(() => {
		current?.reset();
		clearMappingCache();
		clearDefaultModelCache();
		if (current) setup(current);
	});
	return new Proxy({} as FakeServer, {
		get(_target, name) {
			if (!current) throw new Error("the fake server starts before the first test");
			return Reflect.get(current, name);
		},
	});
}

/** Options that send everything to the fake server. */
export function via(server: FakeServer): { hubUrl: string; routerUrl: string } {
	return { hubUrl: server.url, routerUrl: server.url };
}

/** A mapping entry as the hub's model info returns it (object keyed by provider). */
export function entry(providerId: string, task: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
	return { providerId, task, status: "live", ...extra };
}

/** Maps CHAT_MODEL on cerebras (and anything else given). */
export function mapChatModel(server: FakeServer, extra: Record<string, unknown> = {}): void {
	server.setMapping(CHAT_MODEL, { cerebras: entry(CHAT_PROVIDER_ID, "conversational"), ...extra });
}

/** Maps CLASSIFIER on hf-inference for text classification. */
export function mapClassifier(server: FakeServer, modelId = CLASSIFIER): void {
	server.setMapping(modelId, { "hf-inference": entry(modelId, "text-classification") });
}

export const CHAT_ANSWER = {
	id: "chatcmpl-1",
	object: "chat.completion",
	created: 1_700_000_000,
	model: CHAT_PROVIDER_ID,
	choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Hello there" } }],
	usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
};

export function chatChunk(content: string, index = 0): Record<string, unknown> {
	return {
		id: "chatcmpl-1",
		object: "chat.completion.chunk",
		created: 1_700_000_000,
		model: CHAT_PROVIDER_ID,
		choices: [{ index, delta: { content }, finish_reason: null }],
	};
}

export const CLASSIFICATION = [
	{ label: "POSITIVE", score: 0.93 },
	{ label: "NEGATIVE", score: 0.07 },
];

export const CHAT_PATH = "/cerebras/v1/chat/completions";
export const classifierPath = (modelId = CLASSIFIER) => `/hf-inference/models/${modelId}`;

/** Awaits `promise`, expecting it to reject; returns the error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error("expected the call to reject, and it resolved");
}

/** Drains a stream into an array, or returns the error it ended with alongside what came before. */
export async function drain<T>(stream: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
	const items: T[] = [];
	try {
		for await (const item of stream) items.push(item);
	} catch (error) {
		return { items, error };
	}
	return { items, error: undefined };
}

/** Every string reachable from `value`: own properties (enumerable or not), getters of the prototype chain, causes. */
function strings(value: unknown, seen = new Set<unknown>(), depth = 0): string[] {
	if (typeof value === "string") return [value];
	if (typeof value !== "object" || value === null || seen.has(value) || depth > 12) return [];
	seen.add(value);
	const found: string[] = [];
	const names = new Set<string | symbol>();
	for (
		let object: object | null = value;
		object && object !== Object.prototype;
		object = Object.getPrototypeOf(object)
	) {
		for (const name of Reflect.ownKeys(object)) names.add(name);
	}
	for (const name of names) {
		let item: unknown;
		try {
			item = (value as Record<string | symbol, unknown>)[name];
		} catch {
			continue;
		}
		if (typeof item === "function") continue;
		found.push(...strings(item, seen, depth + 1));
	}
	return found;
}

/** The secret appears nowhere in the error: message, properties (recursively), JSON, inspection, stack. */
export function expectNoSecret(error: unknown, secret: string): void {
	expect(error).toBeInstanceOf(Error);
	const texts = [
		...strings(error),
		JSON.stringify(error),
		String(error),
		(error as Error).stack ?? "",
		inspect(error, { depth: 20, showHidden: true }),
	];
	for (const text of texts) expect(text).not.toContain(secret);
}
