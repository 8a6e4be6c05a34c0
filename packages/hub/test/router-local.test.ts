import { describe, expect, it } from "vitest";
import { type LocalRuntime, routerRoutes } from "../src/router/index.js";
import { testDeps, userHeaders } from "./router-fakes.js";

const noRuntime = routerRoutes(testDeps());

function post(app: ReturnType<typeof routerRoutes>, path: string, body: string, headers = userHeaders()) {
	return app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

describe("hf-inference without a local runtime", () => {
	const calls: Array<[string, string]> = [
		["/hf-inference/models/distilbert/distilbert-base-uncased", "distilbert/distilbert-base-uncased"],
		["/hf-inference/models/gpt2", "gpt2"],
		["/hf-inference/models/BAAI/bge-small-en-v1.5/pipeline/feature-extraction", "BAAI/bge-small-en-v1.5"],
		[
			"/hf-inference/pipeline/sentence-similarity/sentence-transformers/all-MiniLM-L6-v2",
			"sentence-transformers/all-MiniLM-L6-v2",
		],
		["/hf-inference/models/Qwen/Qwen2.5-0.5B-Instruct/v1/chat/completions", "Qwen/Qwen2.5-0.5B-Instruct"],
		["/hf-inference/models/openai-community/gpt2/v1/completions", "openai-community/gpt2"],
	];
	for (const [path, model] of calls) {
		it(`answers 400 ProviderNotConfigured naming the model for ${path} (never a 503 clients retry)`, async () => {
			const response = await post(noRuntime, path, JSON.stringify({ inputs: "hello" }));
			expect(response.status).toBe(400);
			expect(response.headers.get("x-error-code")).toBe("ProviderNotConfigured");
			expect(await response.json()).toEqual({
				error: `Model ${model} is not loaded locally: this hub has no local inference runtime`,
			});
		});
	}

	it("reads the model from the body on the OpenAI-compatible routes", async () => {
		for (const path of ["/v1/chat/completions", "/hf-inference/v1/chat/completions"]) {
			const response = await post(noRuntime, path, JSON.stringify({ model: "HuggingFaceTB/SmolLM2-360M-Instruct" }));
			expect(response.status).toBe(400);
			expect((await response.json()).error).toMatch(/^Model HuggingFaceTB\/SmolLM2-360M-Instruct is not loaded/);
		}
	});
});

describe("hf-inference input checks", () => {
	it("rejects malformed model ids with 400", async () => {
		const paths = [
			"/hf-inference/models/a/b/c",
			"/hf-inference/models/author/..name",
			"/hf-inference/models/author/na--me",
			"/hf-inference/models/author%2Fname/x",
			"/hf-inference/models/author/na%5Cme",
			`/hf-inference/models/author/${"n".repeat(97)}`,
			"/hf-inference/models/-author/name",
		];
		for (const path of paths) {
			const response = await post(noRuntime, path, "{}");
			expect(response.status, path).toBe(400);
			expect((await response.json()).error, path).toEqual(expect.any(String));
		}
	});

	it("rejects unknown tasks and unknown routes", async () => {
		const unknownTask = await post(noRuntime, "/hf-inference/pipeline/mind-reading/gpt2", "{}");
		expect(unknownTask.status).toBe(400);
		expect(await unknownTask.json()).toEqual({ error: 'Unknown task "mind-reading"' });
		const unknownRoute = await post(noRuntime, "/hf-inference/spaces/x", "{}");
		expect(unknownRoute.status).toBe(404);
	});

	it("needs a JSON object with a valid model on /v1/chat/completions", async () => {
		const cases: Array<[string, RegExp]> = [
			["not json", /not valid JSON/],
			["[1,2]", /must be a JSON object/],
			['{"messages":[]}', /needs a `model`/],
			['{"model":"../../etc/passwd"}', /Invalid model id/],
			['{"model":"meta-llama/Llama-3.1-8B-Instruct:together"}', /`model:provider` is not supported here/],
		];
		for (const [body, message] of cases) {
			const response = await post(noRuntime, "/v1/chat/completions", body);
			expect(response.status, body).toBe(400);
			expect((await response.json()).error, body).toMatch(message);
		}
	});

	it("requires a hub token", async () => {
		const response = await post(noRuntime, "/v1/chat/completions", "{}", {});
		expect(response.status).toBe(401);
		const wrong = await post(noRuntime, "/hf-inference/models/gpt2", "{}", { authorization: "Bearer hf_nope" });
		expect(wrong.status).toBe(401);
	});

	it("answers 413 over the body limit", async () => {
		const small = routerRoutes(testDeps({ maxBodyBytes: 16 }));
		const response = await post(small, "/hf-inference/models/gpt2", JSON.stringify({ inputs: "x".repeat(64) }));
		expect(response.status).toBe(413);
	});
});

describe("hf-inference with a local runtime", () => {
	function recordingRuntime() {
		const seen: Array<{ method: string; model: string; task?: string; body: string }> = [];
		const runtime: LocalRuntime = {
			async run(request) {
				seen.push({
					method: "run",
					model: request.model,
					task: request.task,
					body: new TextDecoder().decode(request.body),
				});
				return Response.json([{ label: "POSITIVE", score: 0.9 }]);
			},
			async chat(request) {
				seen.push({ method: "chat", model: request.model, body: JSON.stringify(request.body) });
				return new Response('data: {"choices":[]}\n\ndata: [DONE]\n\n', {
					headers: { "content-type": "text/event-stream" },
				});
			},
			async complete(request) {
				seen.push({ method: "complete", model: request.model, body: JSON.stringify(request.body) });
				return Response.json({ choices: [{ text: "hi" }] });
			},
		};
		return { runtime, seen };
	}

	it("hands each route to the runtime with model, task and body, and returns its answer", async () => {
		const { runtime, seen } = recordingRuntime();
		const app = routerRoutes(testDeps({ localRuntime: runtime }));

		const task = await post(app, "/hf-inference/models/distilbert/sst2", '{"inputs":"great"}');
		expect(await task.json()).toEqual([{ label: "POSITIVE", score: 0.9 }]);
		await post(app, "/hf-inference/pipeline/feature-extraction/BAAI/bge-small-en-v1.5", '{"inputs":"x"}');
		const chat = await post(app, "/v1/chat/completions", '{"model":"Qwen/Qwen2.5-0.5B-Instruct","stream":true}');
		expect(chat.headers.get("content-type")).toBe("text/event-stream");
		expect(await chat.text()).toContain("[DONE]");
		await post(app, "/hf-inference/models/gpt2/v1/completions", '{"prompt":"a"}');

		expect(seen).toEqual([
			{ method: "run", model: "distilbert/sst2", task: undefined, body: '{"inputs":"great"}' },
			{ method: "run", model: "BAAI/bge-small-en-v1.5", task: "feature-extraction", body: '{"inputs":"x"}' },
			{
				method: "chat",
				model: "Qwen/Qwen2.5-0.5B-Instruct",
				body: '{"model":"Qwen/Qwen2.5-0.5B-Instruct","stream":true}',
			},
			{ method: "complete", model: "gpt2", body: '{"prompt":"a"}' },
		]);
	});

	it("turns a runtime failure into a JSON 500 without its details", async () => {
		const failing: LocalRuntime = {
			run: async () => {
				throw new Error("tensor shape mismatch at /srv/models/secret-path");
			},
			chat: async () => new Response(),
			complete: async () => new Response(),
		};
		const app = routerRoutes(testDeps({ localRuntime: failing }));
		const response = await post(app, "/hf-inference/models/gpt2", "{}");
		expect(response.status).toBe(500);
		const text = await response.text();
		expect(JSON.parse(text)).toEqual({ error: "The router failed to handle this request" });
		expect(text).not.toContain("secret-path");
	});
});
