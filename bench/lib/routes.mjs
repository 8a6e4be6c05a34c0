/**
 * What the stand-in hub and router answer, shared by the loopback server
 * (./loopback-server.mjs) and the in-memory `fetch` of the request benchmark,
 * so both give the very same bytes. Bodies are built once.
 *   GET  /api/models/{id}?expand[]=inferenceProviderMapping → the model's mapping (hf-inference)
 *   POST …/chat/completions → a chat completion (TGI's OpenAI-compatible shape)
 *   POST anything else      → a text classification, `[[{ label, score }, …]]` as hf-inference sends it
 * A POST without an Authorization header gets 401.
 */
/** What the request benchmarks send: a hub token, the clients' User-Agent, and the two models served here. */
export const TOKEN = "hf_benchmarkbenchmarkbenchmarkbenchmark";
export const USER_AGENT = "@hubkit/inference/3.8.1";
export const CHAT_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
export const CLASSIFIER = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";

const MODELS = {
	[CHAT_MODEL]: "conversational",
	[CLASSIFIER]: "text-classification",
};

const json = (value) => Buffer.from(JSON.stringify(value));

const CHAT = json({
	object: "chat.completion",
	id: "",
	created: 1763789100,
	model: "meta-llama/Llama-3.1-8B-Instruct",
	system_fingerprint: "3.2.3-sha-a1f3ebe",
	choices: [
		{
			index: 0,
			message: {
				role: "assistant",
				content:
					"The capital of France is Paris. It has been the country's capital since the 10th century, and it is also its largest city.",
			},
			logprobs: null,
			finish_reason: "stop",
		},
	],
	usage: { prompt_tokens: 41, completion_tokens: 29, total_tokens: 70 },
});

const CLASSIFICATION = json([
	[
		{ label: "POSITIVE", score: 0.9998656511306763 },
		{ label: "NEGATIVE", score: 0.00013437849702313542 },
	],
]);

const UNAUTHORIZED = json({ error: "Invalid credentials in Authorization header" });
const NOT_FOUND = json({ error: "Repository not found" });

function mappingBody(id) {
	const task = MODELS[id];
	if (!task) return undefined;
	return json({
		_id: "000000000000000000000000",
		id,
		inferenceProviderMapping: { "hf-inference": { status: "live", providerId: id, task } },
	});
}

/**
 * The answer to one request: status, body bytes, and the route name used in
 * the request counts.
 */
export function route(method, url, authorized) {
	if (method === "GET" && url.startsWith("/api/models/")) {
		const id = decodeURIComponent(url.slice("/api/models/".length).split("?")[0]);
		const body = mappingBody(id);
		return { status: body ? 200 : 404, body: body ?? NOT_FOUND, name: "GET /api/models/{id}" };
	}
	if (!authorized) return { status: 401, body: UNAUTHORIZED, name: "401" };
	if (url.endsWith("/chat/completions")) {
		return { status: 200, body: CHAT, name: `POST ${url.replace(/models\/.*\/v1/, "models/{id}/v1")}` };
	}
	return { status: 200, body: CLASSIFICATION, name: `POST ${url.replace(/models\/.*$/, "models/{id}")}` };
}

/** A `fetch` that answers from memory, as the server would: the clients' own work with no network. */
export async function memoryFetch(input, init = {}) {
	const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
	const authorized = new Headers(init.headers).has("authorization");
	const { status, body } = route(init.method ?? "GET", url.pathname + url.search, authorized);
	return new Response(body, { status, headers: { "content-type": "application/json" } });
}
