/**
 * One model, calls of every kind one after another: `inputs` and `data`, text
 * and binary bodies, streamed and not, different tokens and providers. Whatever
 * the calls before it were, each request must be exactly the one `buildRequest`
 * builds for its own arguments: method, URL, headers and body. (A cache of
 * per-model request parts once reused the first call's headers, so a binary
 * body went out labelled JSON after a JSON call, and the reverse.)
 */
import { describe, expect, it } from "vitest";
import {
	automaticSpeechRecognition,
	buildRequest,
	chatCompletion,
	chatCompletionStream,
	type InferenceTask,
	type Options,
	type RequestArgs,
} from "../src/index.js";
import { type RecordedRequest, reply, sseText } from "./fake-server.js";
import {
	CHAT_ANSWER,
	CHAT_MODEL,
	CHAT_PROVIDER_ID,
	chatChunk,
	drain,
	entry,
	HF_TOKEN,
	PROVIDER_KEY,
	useFakeServer,
	via,
} from "./helpers.js";

const SPEECH_MODEL = "acme/whisper-small";
const OTHER_TOKEN = "hf_secondFakeToken0123456789";
const AUDIO = new Blob([new Uint8Array([82, 73, 70, 70, 0, 1, 2, 3, 250, 251])], { type: "audio/wav" });
const messages = [{ role: "user", content: "Hi" }];

const server = useFakeServer((fake) => {
	fake.setMapping(SPEECH_MODEL, { "hf-inference": entry(SPEECH_MODEL, "automatic-speech-recognition") });
	fake.setMapping(CHAT_MODEL, {
		cerebras: entry(CHAT_PROVIDER_ID, "conversational"),
		together: entry("together/llama-turbo", "conversational"),
		"hf-inference": entry(CHAT_MODEL, "conversational"),
	});
	fake.route("POST", `/hf-inference/models/${SPEECH_MODEL}`, reply.json({ text: "hello" }));
	const chat = (request: RecordedRequest) =>
		(request.json() as { stream?: boolean }).stream ? reply.sse([sseText([chatChunk("hi")])]) : reply.json(CHAT_ANSWER);
	for (const path of [
		"/cerebras/v1/chat/completions",
		"/together/v1/chat/completions",
		`/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`,
	]) {
		fake.route("POST", path, chat);
	}
});

interface Call {
	what: string;
	task: InferenceTask;
	args: RequestArgs & Record<string, unknown>;
	options?: Options;
	stream?: boolean;
	/** Whether the body is the raw audio (no JSON content type). */
	binary: boolean;
}

/** A speech call: `data` goes as the raw audio, `inputs` as base64 inside JSON. */
const speech = (what: string, args: Call["args"], options?: Options): Call => ({
	what,
	task: "automatic-speech-recognition",
	binary: "data" in args,
	args,
	options,
});
const chat = (what: string, args: Call["args"], stream = false): Call => ({
	what,
	task: "conversational",
	binary: false,
	stream,
	args: { messages, ...args },
});

const CALLS: Call[] = [
	speech("speech, data, hub token", { data: AUDIO }),
	speech("speech, inputs, hub token", { inputs: AUDIO }),
	speech("speech, data, provider key", { data: AUDIO, accessToken: PROVIDER_KEY }),
	speech("speech, inputs, other token, billed", { inputs: AUDIO, accessToken: OTHER_TOKEN }, { billTo: "acme-org" }),
	speech("speech, data, no token", { data: AUDIO }),
	speech("speech, inputs, auto", { inputs: AUDIO }),
	chat("chat, cerebras", { provider: "cerebras" }),
	chat("chat stream, cerebras", { provider: "cerebras" }, true),
	chat("chat, together", { provider: "together" }),
	chat("chat stream, together, other token", { provider: "together", accessToken: OTHER_TOKEN }, true),
	chat("chat, auto", { provider: "auto" }),
	chat("chat, hf-inference, provider key", { provider: "hf-inference", accessToken: PROVIDER_KEY }),
	chat("chat stream, hf-inference, no token", { provider: "hf-inference", accessToken: undefined }, true),
	chat("chat, cerebras again", { provider: "cerebras" }),
];

/** The call's arguments: the hub token unless it names another (or none), the call's model. */
function argsOf(call: Call): RequestArgs & Record<string, unknown> {
	const model = call.task === "conversational" ? CHAT_MODEL : SPEECH_MODEL;
	const provider = call.task === "conversational" ? undefined : call.what.includes("auto") ? "auto" : "hf-inference";
	const base: Record<string, unknown> = { accessToken: HF_TOKEN, model };
	if (provider) base.provider = provider;
	if (call.what.includes("no token")) base.accessToken = undefined;
	return { ...base, ...call.args } as RequestArgs & Record<string, unknown>;
}

async function send(call: Call): Promise<void> {
	const args = argsOf(call);
	const options = { ...via(server), ...call.options };
	if (call.task === "automatic-speech-recognition") {
		await automaticSpeechRecognition(args as Parameters<typeof automaticSpeechRecognition>[0], options);
	} else if (call.stream) {
		const { error } = await drain(chatCompletionStream(args as Parameters<typeof chatCompletionStream>[0], options));
		expect(error).toBeUndefined();
	} else {
		await chatCompletion(args as Parameters<typeof chatCompletion>[0], options);
	}
}

async function bodyBytes(body: unknown): Promise<Buffer> {
	if (typeof body === "string") return Buffer.from(body, "utf8");
	if (body instanceof Blob) return Buffer.from(await body.arrayBuffer());
	throw new Error(`unexpected body ${String(body)}`);
}

async function expectSentAsBuilt(call: Call, sent: RecordedRequest): Promise<void> {
	const built = await buildRequest(argsOf(call), {
		...via(server),
		...call.options,
		task: call.task,
		stream: call.stream,
	});
	expect(`${server.url}${sent.path}`, call.what).toBe(built.url);
	expect(sent.method, call.what).toBe(built.init.method);
	const expected = Object.fromEntries(
		Object.entries(built.init.headers).map(([name, value]) => [name.toLowerCase(), value]),
	);
	for (const name of ["authorization", "user-agent", "x-hf-bill-to"]) {
		expect(sent.headers[name], `${call.what}: ${name}`).toBe(expected[name]);
	}
	// Without a Content-Type of its own, fetch labels a Blob body with the Blob's type.
	const contentType = expected["content-type"] ?? (built.init.body instanceof Blob ? built.init.body.type : undefined);
	expect(sent.headers["content-type"], `${call.what}: content-type`).toBe(contentType);
	expect(sent.body.equals(await bodyBytes(built.init.body)), `${call.what}: body`).toBe(true);
	// Independently of buildRequest: a binary body is never labelled JSON, a JSON body always is.
	expect(sent.headers["content-type"], `${call.what}: content type`).toBe(
		call.binary ? AUDIO.type : "application/json",
	);
	if (call.stream) expect((sent.json() as { stream?: boolean }).stream, call.what).toBe(true);
}

describe("alternating calls for the same model", () => {
	it("send, call after call, exactly what buildRequest builds for each", async () => {
		for (let round = 0; round < 2; round++) {
			for (const call of CALLS) {
				const before = server.requests.length;
				await send(call);
				const sent = server.requests.slice(before).filter((request) => request.method === "POST");
				expect(sent, call.what).toHaveLength(1);
				await expectSentAsBuilt(call, sent[0] as RecordedRequest);
			}
		}
	});

	it("send the same request for the same arguments in reverse order too", async () => {
		for (const call of [...CALLS].reverse()) {
			const before = server.requests.length;
			await send(call);
			const [sent] = server.requests.slice(before).filter((request) => request.method === "POST");
			await expectSentAsBuilt(call, sent as RecordedRequest);
		}
	});
});
