/**
 * `hubkit serve` with `HUBKIT_ENDPOINTS`, as a real process, in front of an OpenAI-compatible
 * server on loopback (test/support/openai-server.ts, in this process): the calls of mapped
 * models go there through the router, with `@hubkit/inference` and with plain fetch of
 * `/v1/chat/completions` (streamed, the first event seen before the server sends the rest);
 * the server gets its own key and never the caller's hub token; its failures come back as
 * the router's typed errors; and the key appears nowhere in what the hub logs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InferenceClient } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { type OpenAIServer, startOpenAIServer } from "./support/openai-server.js";

const ENDPOINT_KEY = "sk-endpoint-secret-4242";

/** A loopback port nothing listens on: a server that is down. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

describe("a hub with models on an external OpenAI-compatible server", () => {
	const dir = mkdtempSync(join(tmpdir(), "hubkit-endpoints-serve-"));
	let upstream: OpenAIServer;
	let hub: ServingCli;
	let token = "";
	let client: InferenceClient;

	beforeAll(async () => {
		upstream = await startOpenAIServer({ apiKey: ENDPOINT_KEY });
		const down = await closedPort();
		const base = upstream.baseUrl;
		const entry = (model: string, extra = "") =>
			`    baseUrl: ${base}\n    apiKeyEnv: ACME_ENDPOINT_KEY\n    model: ${model}\n${extra}`;
		const endpoints = join(dir, "endpoints.yaml");
		writeFileSync(
			endpoints,
			[
				"endpoints:",
				"  dana/big-chat:",
				entry("big"),
				"  dana/fails:",
				entry("fail-500"),
				"  acme/fails:",
				entry("fail-500"),
				"  acme/busy:",
				entry("busy-429"),
				"  acme/silent:",
				entry("silent", "    firstByteTimeoutMs: 300\n"),
				"  acme/cut:",
				entry("cut-stream"),
				"  acme/quiet:",
				`    baseUrl: ${base}\n    apiKeyEnv: ACME_ENDPOINT_KEY\n    idleTimeoutMs: 300\n`,
				"  acme/wrong-key:",
				`    baseUrl: ${base}\n    apiKeyEnv: WRONG_KEY\n`,
				"  acme/down:",
				`    baseUrl: http://127.0.0.1:${down}/v1\n`,
				'  "acme/*":',
				`    baseUrl: ${base}\n    apiKeyEnv: ACME_ENDPOINT_KEY\n`,
				'  "dana/*":',
				`    baseUrl: ${base}\n    apiKeyEnv: ACME_ENDPOINT_KEY\n`,
			].join("\n"),
		);
		const data = ["--data", join(dir, "data")];
		const created = await runCli(["token", "create", "--user", "dana", "--role", "write", ...data]);
		token = /hf_\w+/.exec(created.output)?.[0] ?? "";
		expect(token, created.output).not.toBe("");
		hub = await serveCli(data, {
			HUBKIT_ENDPOINTS: endpoints,
			ACME_ENDPOINT_KEY: ENDPOINT_KEY,
			WRONG_KEY: "sk-not-the-one",
		});
		client = new InferenceClient(token, { provider: "hf-inference", hubUrl: hub.url, routerUrl: hub.url });
		// The client looks a model's mapping up on the hub first: these the hub holds (empty repos, no engine).
		for (const [name, isPrivate] of [
			["big-chat", false],
			["other-model", false],
			["fails", false],
			["secret", true],
		]) {
			const created = await fetch(`${hub.url}/api/repos/create`, {
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
				body: JSON.stringify({ name, type: "model", private: isPrivate }),
			});
			expect(created.status, await created.text()).toBe(200);
		}
	});

	afterAll(async () => {
		if (hub && hub.child.exitCode === null) {
			hub.child.kill("SIGTERM");
			await hub.exited;
		}
		await upstream?.close();
		rmSync(dir, { recursive: true, force: true });
	});

	const chat = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
		fetch(`${hub.url}/v1/chat/completions`, {
			method: "POST",
			headers: { "content-type": "application/json", ...headers },
			body: JSON.stringify(body),
		});

	it("says at start-up how many entries it read", () => {
		expect(hub.output()).toContain("External inference servers: 11 entries from");
	});

	it("@hubkit/inference chat: the server's answer, its own key and model name upstream, never the hub token", async () => {
		const before = upstream.requests.length;
		const answer = await client.chatCompletion({
			model: "dana/big-chat",
			messages: [{ role: "user", content: "hello there" }],
			max_tokens: 8,
		});
		expect(answer.choices[0]?.message.content).toBe("echo: hello there");
		const received = upstream.requests.slice(before);
		expect(received).toHaveLength(1);
		expect(received[0]).toMatchObject({
			path: "/v1/chat/completions",
			authorization: `Bearer ${ENDPOINT_KEY}`,
			body: { model: "big", max_tokens: 8, messages: [{ role: "user", content: "hello there" }] },
		});
		expect(JSON.stringify(received)).not.toContain(token);
		// A declared length, which every server's HTTP layer reads (not all read chunked bodies).
		expect(Number(received[0]?.contentLength)).toBe(JSON.stringify(received[0]?.body).length);
	});

	it("@hubkit/inference chat stream and text generation (plain and streamed) reach the server", async () => {
		void upstream.firstEventSent().then(() => upstream.releaseStream());
		let streamed = "";
		for await (const chunk of client.chatCompletionStream({
			model: "dana/big-chat",
			messages: [{ role: "user", content: "stream me" }],
		})) {
			streamed += chunk.choices[0]?.delta.content ?? "";
		}
		expect(streamed).toBe("echo: stream me");

		const generated = await client.textGeneration({
			model: "dana/other-model",
			inputs: "once upon",
			parameters: { max_new_tokens: 4 },
		});
		expect(generated.generated_text).toBe("once upon → done");
		// Matched by the pattern: no `model` in the entry, so the hub's id goes upstream.
		expect(upstream.requests.at(-1)).toMatchObject({
			path: "/v1/completions",
			authorization: `Bearer ${ENDPOINT_KEY}`,
			body: { model: "dana/other-model", prompt: "once upon", max_tokens: 4 },
		});

		void upstream.firstEventSent().then(() => upstream.releaseStream());
		let tokens = "";
		for await (const event of client.textGenerationStream({ model: "dana/big-chat", inputs: "go" })) {
			const choice = (event as unknown as { choices: { text: string }[] }).choices[0];
			tokens += choice?.text ?? "";
		}
		expect(tokens).toBe("go → done");
	});

	it("plain fetch with stream: true gets the first event while the server still holds the rest", async () => {
		const response = await chat({
			model: "acme/big-chat",
			stream: true,
			messages: [{ role: "user", content: "a b c" }],
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		const decoder = new TextDecoder();
		const first = decoder.decode((await reader.read()).value);
		// The server has written only its first event and waits for releaseStream().
		expect(first).toContain('"content":"echo:"');
		expect(first).not.toContain("[DONE]");
		upstream.releaseStream();
		let rest = "";
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			rest += decoder.decode(value, { stream: true });
		}
		const words = [...`${first}${rest}`.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]);
		expect(words.join("")).toBe("echo: a b c");
		expect(rest.trimEnd().endsWith("data: [DONE]")).toBe(true);
	});

	it("the task API's text-generation is a completion upstream: greedy, the prompt first on request", async () => {
		const response = await fetch(`${hub.url}/hf-inference/models/dana/big-chat`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: JSON.stringify({ inputs: "hi", parameters: { max_new_tokens: 5, return_full_text: true } }),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual([{ generated_text: "hihi → done" }]);
		expect(upstream.requests.at(-1)?.body).toEqual({
			model: "big",
			prompt: "hi",
			stream: false,
			max_tokens: 5,
			temperature: 0,
		});
	});

	it("an anonymous call works (the hub's rate limit applies) and carries only the server's key", async () => {
		const response = await chat({ model: "acme/big-chat", messages: [{ role: "user", content: "anon" }] }, {});
		expect(response.status).toBe(200);
		expect(upstream.requests.at(-1)?.authorization).toBe(`Bearer ${ENDPOINT_KEY}`);
	});

	it("a private mapped model stays private: 404 for others, served for its owner", async () => {
		const anonymous = await chat({ model: "dana/secret", messages: [{ role: "user", content: "x" }] }, {});
		expect(anonymous.status).toBe(404);
		expect(await anonymous.json()).toEqual({ error: "Model dana/secret does not exist" });
		const owner = await chat({ model: "dana/secret", messages: [{ role: "user", content: "mine" }] });
		expect(owner.status).toBe(200);
		expect((await owner.json()).choices[0].message.content).toBe("echo: mine");
	});

	it("model info and listings name hf-inference for mapped models, as for locally served ones", async () => {
		const info = await fetch(`${hub.url}/api/models/dana/big-chat?expand[]=inferenceProviderMapping`);
		expect((await info.json()).inferenceProviderMapping).toEqual({
			"hf-inference": {
				providerId: "dana/big-chat",
				task: "conversational",
				status: "live",
				hfModelId: "dana/big-chat",
			},
		});
		const listed = await fetch(`${hub.url}/api/models?author=dana&expand[]=inferenceProviderMapping`, {
			headers: { authorization: `Bearer ${token}` },
		});
		const models = (await listed.json()) as { id: string; inferenceProviderMapping: { provider: string }[] }[];
		expect(models.map((model) => model.id).sort()).toEqual([
			"dana/big-chat",
			"dana/fails",
			"dana/other-model",
			"dana/secret",
		]);
		for (const model of models)
			expect(model.inferenceProviderMapping.map((entry) => entry.provider)).toEqual(["hf-inference"]);
		// A sample model no entry names keeps its own mappings.
		const sample = await fetch(`${hub.url}/api/models/hubkit-demo/tiny-sentiment?expand[]=inferenceProviderMapping`);
		expect((await sample.json()).inferenceProviderMapping["hf-inference"].task).toBe("text-classification");
	});

	it("the server's errors keep their status in the hub's shape; Retry-After is kept", async () => {
		const failed = await chat({ model: "acme/fails", messages: [] });
		expect(failed.status).toBe(500);
		expect(await failed.json()).toEqual({ error: "The inference server for acme/fails: CUDA out of memory" });
		const busy = await chat({ model: "acme/busy", messages: [] });
		expect(busy.status).toBe(429);
		expect(busy.headers.get("retry-after")).toBe("7");
		expect(await busy.json()).toEqual({ error: "The inference server for acme/busy: server busy" });
	});

	it("a down server, a silent one and a refused key are typed errors, not hangs", async () => {
		const down = await chat({ model: "acme/down", messages: [] });
		expect(down.status).toBe(502);
		expect(down.headers.get("x-error-code")).toBe("UpstreamUnreachable");
		expect((await down.json()).error).toBe("The inference server for acme/down could not be reached");

		const silent = await chat({ model: "acme/silent", messages: [] });
		expect(silent.status).toBe(504);
		expect(silent.headers.get("x-error-code")).toBe("UpstreamTimeout");
		expect((await silent.json()).error).toBe("The inference server for acme/silent timed out (first byte)");

		const refused = await chat({ model: "acme/wrong-key", messages: [] });
		expect(refused.status).toBe(502);
		expect(refused.headers.get("x-error-code")).toBe("UpstreamKeyRejected");
		const message = (await refused.json()).error as string;
		expect(message).toMatch(/rejected this hub's key/);
		expect(message).not.toContain("sk-not-the-one");
	});

	it("a stream the server breaks off ends with an SSE error event", async () => {
		const response = await chat({ model: "acme/cut", stream: true, messages: [{ role: "user", content: "x y" }] });
		expect(response.status).toBe(200);
		const text = await response.text();
		expect(text).toContain('"content":"echo:"');
		expect(text).toMatch(
			/event: error\ndata: \{"error":"The inference server for acme\/cut closed the stream before the answer was complete"\}/,
		);
	});

	it("the @hubkit/inference client gets a typed error for a failing server", async () => {
		await expect(
			client.chatCompletion({ model: "dana/fails", messages: [{ role: "user", content: "x" }] }),
		).rejects.toMatchObject({
			name: "InferenceClientProviderApiError",
			status: 500,
			message: expect.stringContaining("CUDA out of memory"),
		});
	});

	it("a stream that goes quiet past the entry's idle deadline ends with an SSE error event", async () => {
		const response = await chat({ model: "acme/quiet", stream: true, messages: [{ role: "user", content: "p q" }] });
		expect(response.status).toBe(200);
		// The server sends its first event, then waits (for releaseStream) longer than the 300 ms the entry allows.
		const text = await response.text();
		expect(text).toContain('"content":"echo:"');
		expect(text).toContain(
			'event: error\ndata: {"error":"The inference server for acme/quiet went quiet before the answer was complete"}',
		);
		upstream.releaseStream();
	});

	it("the hub's log names the calls and entries, and holds neither key nor token", () => {
		const log = hub.output();
		expect(log).toContain('dana chat dana/big-chat → endpoint "dana/big-chat" → 200');
		expect(log).toContain('dana completion dana/other-model → endpoint "dana/*" → 200');
		expect(log).not.toContain(ENDPOINT_KEY);
		expect(log).not.toContain("sk-not-the-one");
		expect(log).not.toContain(token);
	});
});
