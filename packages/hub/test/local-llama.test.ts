/**
 * GGUF chat and completion through llama.cpp, over real HTTP on 127.0.0.1 and
 * on both database engines: a llama model the test writes (random weights, a
 * character vocabulary, a ChatML template) goes through node-llama-cpp's real
 * loading, chat template, sampling and streaming, called by @hubkit/inference.
 * Its text is nonsense; what is checked is the shape and what the settings do
 * (max_tokens, stop, seed, streaming = the whole answer in pieces, queueing).
 */
import { InferenceClient } from "@hubkit/inference";
import { describe, expect, it, vi } from "vitest";
import { createHubApp } from "../src/app.js";
import { createLocalRuntime } from "../src/local-inference/local-runtime.js";
import type { Logger } from "../src/logger.js";
import { ENGINES } from "./support/engines.js";
import { listen } from "./support/hub.js";
import { startLocalHub, useLocalHub } from "./support/local-hub.js";
import { seedModel } from "./support/seed-records.js";
import { tinyLlama } from "./support/tiny-llama.js";

const CHAT_MODEL = "acme/tiny-llama-gguf";
/** The same weights with another chat template: the same call must give other text. */
const OTHER_TEMPLATE_MODEL = "acme/tiny-llama-other-template";
const OTHER_TEMPLATE =
	"{% for message in messages %}{{ '### ' + message['role'] + ': ' + message['content'] + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '### assistant: ' }}{% endif %}";
const MESSAGES = [
	{ role: "system" as const, content: "You are terse." },
	{ role: "user" as const, content: "Name a colour." },
];

function recordingLogger(lines: string[]): Logger {
	return {
		info: (message) => lines.push(message),
		warn: (message) => lines.push(message),
		error: (m) => lines.push(m),
	};
}

describe.each(ENGINES)("GGUF chat through llama.cpp on a hub on loopback (%s)", (engine) => {
	const logLines: string[] = [];

	const hub = useLocalHub(
		engine,
		async () => {
			const chatBytes = await tinyLlama({ seed: 7 });
			const otherBytes = await tinyLlama({ seed: 7, chatTemplate: OTHER_TEMPLATE });
			const ggufRecord = (id: string, content: Uint8Array, path = "tiny-llama-F32.gguf") =>
				seedModel(id, {
					pipeline_tag: "text-generation",
					library_name: "gguf",
					tags: ["gguf", "text-generation"],
					files: [
						{ path: "README.md", content: "# tiny\n" },
						{ path, content },
					],
				});
			return [
				ggufRecord(CHAT_MODEL, chatBytes),
				ggufRecord(OTHER_TEMPLATE_MODEL, otherBytes),
				seedModel("acme/no-gguf", { pipeline_tag: "text-generation" }),
				seedModel("acme/placeholder-gguf", {
					pipeline_tag: "text-generation",
					files: [{ path: "model-Q4_K_M.gguf", size: 4_000_000_000 }],
				}),
				seedModel("acme/not-really-gguf", {
					pipeline_tag: "text-generation",
					files: [{ path: "model.gguf", content: "this is not a GGUF file" }],
				}),
			];
		},
		{ logger: recordingLogger(logLines), runtime: { maxQueuedCompletions: 0, completionThreads: 1 } },
	);

	async function post(path: string, body: unknown) {
		return fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify(body),
		});
	}

	async function chatText(settings: Record<string, unknown>, model = CHAT_MODEL) {
		const output = await hub.client.chatCompletion({ model, messages: MESSAGES, ...settings });
		return { text: output.choices[0]?.message.content ?? "", output };
	}

	async function streamed(settings: Record<string, unknown>) {
		const chunks = [];
		for await (const chunk of hub.client.chatCompletionStream({ model: CHAT_MODEL, messages: MESSAGES, ...settings })) {
			chunks.push(chunk);
		}
		return chunks;
	}

	it("answers a chat completion in OpenAI's shape, stopping at max_tokens", async () => {
		const { text, output } = await chatText({ max_tokens: 12, seed: 1, temperature: 0.8 });
		expect(output.object).toBe("chat.completion");
		expect(output.model).toBe(CHAT_MODEL);
		expect(output.choices).toHaveLength(1);
		expect(output.choices[0]?.message.role).toBe("assistant");
		expect(output.choices[0]?.finish_reason).toBe("length");
		expect(output.usage?.completion_tokens).toBe(12);
		// The rendered template (role markers, both messages) is longer than the messages' words.
		expect(output.usage?.prompt_tokens).toBeGreaterThan(20);
		// The vocabulary's characters and word starts: 12 tokens of them.
		expect(text).toMatch(/^[\w .,!?'\-:;()]+$/);
		expect(text.trim().length).toBeGreaterThan(0);
	});

	it("gives the same text for the same seed, and another for another seed", async () => {
		const first = await chatText({ max_tokens: 16, seed: 42, temperature: 1 });
		const again = await chatText({ max_tokens: 16, seed: 42, temperature: 1 });
		const other = await chatText({ max_tokens: 16, seed: 43, temperature: 1 });
		expect(again.text).toBe(first.text);
		expect(other.text).not.toBe(first.text);
		// One warm model served every call so far: loaded once.
		expect(logLines.filter((line) => line.includes(`loaded ${CHAT_MODEL} `))).toHaveLength(1);
	});

	it("renders the model's own chat template: the same call on the same weights differs with another template", async () => {
		const settings = { max_tokens: 16, temperature: 0 };
		const chatml = await chatText(settings);
		const other = await chatText(settings, OTHER_TEMPLATE_MODEL);
		expect(other.text).not.toBe(chatml.text);
		expect(other.output.usage?.prompt_tokens).not.toBe(chatml.output.usage?.prompt_tokens);
		// The second model ran in the worker that replaced the first one's (its memory freed so), which is no crash.
		expect(logLines.filter((line) => line.includes("worker stopped"))).toEqual([]);
	});

	it("streams the same answer as server-sent chunks, ending with the finish reason and usage", async () => {
		const settings = { max_tokens: 20, seed: 5, temperature: 0.9 };
		const whole = await chatText(settings);
		const chunks = await streamed(settings);
		const pieces = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? "");
		expect(pieces.filter((piece) => piece !== "").length).toBeGreaterThan(1);
		expect(pieces.join("")).toBe(whole.text);
		expect(chunks[0]?.choices[0]?.delta?.role).toBe("assistant");
		expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.id === chunks[0]?.id)).toBe(true);
		const last = chunks.at(-1);
		expect(last?.choices[0]?.finish_reason).toBe("length");
		expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
		expect(last?.usage?.completion_tokens).toBe(20);
	});

	it("stops at a stop sequence, leaving it out, whole and streamed", async () => {
		const settings = { max_tokens: 40, seed: 9, temperature: 1 };
		const { text } = await chatText(settings);
		// A stop sequence from the middle of the text, where it first occurs.
		const at = Array.from(text, (_, index) => index).find(
			(index) => index >= 5 && text.indexOf(text.slice(index, index + 2)) === index,
		);
		expect(at).toBeDefined();
		const stop = text.slice(at, (at ?? 0) + 2);
		const stopped = await chatText({ ...settings, stop: [stop] });
		expect(stopped.text).toBe(text.slice(0, at));
		expect(stopped.output.choices[0]?.finish_reason).toBe("stop");
		const chunks = await streamed({ ...settings, stop });
		expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? "").join("")).toBe(text.slice(0, at));
		expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
	});

	it("completes a prompt on /v1/completions (textGeneration), streamed or whole", async () => {
		const output = await hub.client.textGeneration({
			model: CHAT_MODEL,
			inputs: "Once upon a time",
			parameters: { max_new_tokens: 10, seed: 3 },
		});
		expect(typeof output.generated_text).toBe("string");
		expect(output.generated_text.length).toBeGreaterThan(0);
		const response = await post(`/hf-inference/models/${CHAT_MODEL}/v1/completions`, {
			prompt: "Once upon a time",
			max_tokens: 10,
			seed: 3,
			stream: true,
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
		const events = (await response.text()).split("\n\n").filter((event) => event.startsWith("data: "));
		expect(events.at(-1)).toBe("data: [DONE]");
		const payloads = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
		expect(payloads.map((payload) => payload.choices[0].text).join("")).toBe(output.generated_text);
		expect(payloads.at(-1).choices[0].finish_reason).toBe("length");
	});

	it("serves the OpenAI-compatible /v1/chat/completions with the model in the body", async () => {
		const response = await post("/v1/chat/completions", { model: CHAT_MODEL, messages: MESSAGES, max_tokens: 4 });
		expect(response.status).toBe(200);
		const body = await response.json();
		expect(body.choices[0].message.content.length).toBeGreaterThan(0);
		expect(body.usage.completion_tokens).toBe(4);
	});

	it("refuses bad bodies and models it cannot run with a 400 that says why", async () => {
		const path = `/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`;
		const cases: Array<[string, unknown, RegExp]> = [
			[path, { messages: [] }, /`messages` must be a non-empty list/],
			[path, { messages: [{ role: "wizard", content: "hi" }] }, /role must be system, user or assistant/],
			[path, { messages: MESSAGES, temperature: "hot" }, /`temperature` must be a number from 0 to 2/],
			[path, { messages: MESSAGES, max_tokens: 0 }, /`max_tokens` must be a number from 1/],
			[path, { messages: MESSAGES, stop: [""] }, /`stop` must be a string or a list/],
			[`/hf-inference/models/${CHAT_MODEL}/v1/completions`, { prompt: 3 }, /`prompt` must be a string/],
			["/hf-inference/models/acme/no-gguf/v1/chat/completions", { messages: MESSAGES }, /acme\/no-gguf has no \.gguf/],
			[
				"/hf-inference/models/acme/placeholder-gguf/v1/chat/completions",
				{ messages: MESSAGES },
				/model-Q4_K_M\.gguf is a sample placeholder/,
			],
			[
				"/hf-inference/models/acme/not-really-gguf/v1/chat/completions",
				{ messages: MESSAGES },
				/llama\.cpp cannot load model\.gguf/,
			],
		];
		for (const [url, body, message] of cases) {
			const response = await post(url, body);
			expect(response.status, JSON.stringify(body)).toBe(400);
			expect((await response.json()).error, JSON.stringify(body)).toMatch(message);
		}
		// The warm model still answers after the refusals.
		expect((await chatText({ max_tokens: 2 })).text.length).toBeGreaterThan(0);
	});

	it("answers 429 with Retry-After while a generation holds the full queue, and stops a stream whose client left", async () => {
		const controller = new AbortController();
		const running = await fetch(`${hub.url}/hf-inference/models/${CHAT_MODEL}/v1/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ messages: MESSAGES, max_tokens: 1000, stream: true }),
			signal: controller.signal,
		});
		const reader = running.body?.getReader();
		await reader?.read(); // the generation is under way
		const busy = await post("/v1/chat/completions", { model: CHAT_MODEL, messages: MESSAGES, max_tokens: 2 });
		expect(busy.status).toBe(429);
		expect(busy.headers.get("retry-after")).toBe("5");
		expect(busy.headers.get("x-error-code")).toBe("RuntimeBusy");
		expect((await busy.json()).error).toMatch(/busy/);
		controller.abort();
		// The worker stops generating for the client that left, well before max_tokens, and takes the next call.
		await vi.waitFor(() => expect(logLines.some((line) => line.includes("the client left"))).toBe(true), {
			timeout: 20_000,
		});
		const stoppedAfter = Number(
			/stopped after (\d+) tokens/.exec(logLines.find((line) => line.includes("the client left")) ?? "")?.[1],
		);
		expect(stoppedAfter).toBeLessThan(1000);
		await vi.waitFor(
			async () => {
				const next = await post("/v1/chat/completions", { model: CHAT_MODEL, messages: MESSAGES, max_tokens: 2 });
				expect(next.status).toBe(200);
			},
			{ timeout: 20_000, interval: 50 },
		);
	});

	it("names the GGUF model in /api/tasks for text-generation; a hub without one says none ships and how to add one", async () => {
		const tasks = await (await fetch(`${hub.url}/api/tasks`)).json();
		expect(tasks["text-generation"].localModel).toBe(CHAT_MODEL);
		expect(tasks["text-generation"].widgetModels[0]).toBe(CHAT_MODEL);
		expect(tasks["text-generation"].localNote).toBeUndefined();
		const empty = await startLocalHub("sqlite");
		try {
			const entry = (await (await fetch(`${empty.url}/api/tasks`)).json())["text-generation"];
			expect(entry.localModel).toBeNull();
			expect(entry.localNote).toBe(
				"No text-generation model ships with this hub: add a model repository holding a GGUF file (llama.cpp) or an ONNX text-generation folder (transformers.js) to try one here.",
			);
		} finally {
			await empty.close();
		}
	});

	it("ends the worker that held a released model (idle or another model called) and loads it again in a fresh one", async () => {
		const lines: string[] = [];
		const idle = createLocalRuntime(
			{ ...hub.deps, logger: recordingLogger(lines) },
			{ completionIdleMs: 1, completionThreads: 1 },
		);
		const idleServer = await listen(createHubApp(hub.deps, { router: { localRuntime: idle } }));
		try {
			const idleClient = new InferenceClient(hub.token, {
				provider: "hf-inference",
				hubUrl: idleServer.url,
				routerUrl: idleServer.url,
			});
			const call = () => idleClient.chatCompletion({ model: CHAT_MODEL, messages: MESSAGES, max_tokens: 2 });
			await call();
			// Bounds for a busy machine (the default is one second), not a speed requirement.
			const settled = { timeout: 30_000 };
			await vi.waitFor(() => expect(lines.some((line) => line.includes(`released ${CHAT_MODEL}`))).toBe(true), settled);
			// Its memory is freed only with the worker that held it: the worker ends, and it is no crash.
			await vi.waitFor(() => expect(idle.completionLoad.workers).toBe(0), settled);
			await call();
			expect(lines.filter((line) => line.includes(`loaded ${CHAT_MODEL} `))).toHaveLength(2);
			// A call for another model runs in a fresh worker too, and the one after it as well.
			const other = await idleClient.chatCompletion({ model: OTHER_TEMPLATE_MODEL, messages: MESSAGES, max_tokens: 2 });
			expect(other.choices[0]?.finish_reason).toBe("length");
			await call();
			expect(lines.filter((line) => line.includes(`loaded ${CHAT_MODEL} `))).toHaveLength(3);
			expect(lines.filter((line) => line.includes("worker stopped"))).toEqual([]);
		} finally {
			await idleServer.close();
			await idle.close();
		}
	});
});
