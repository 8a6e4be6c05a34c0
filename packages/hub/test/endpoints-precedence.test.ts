/**
 * An endpoint entry wins over the local runtime for the model it names: two copies of one
 * tiny text-generation model the runtime can run (hand-set weights: "one two" goes on
 * " three four five"), one of them sent to an OpenAI-compatible server on loopback. The
 * unmapped one is answered by the runtime, the mapped one by the server; a task other than
 * text generation on the mapped model still goes to the runtime (the server only generates).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InferenceEndpoints, parseEndpoints } from "../src/router/index.js";
import type { SeedModel } from "../src/seed/types.js";
import { generationModelFiles } from "./support/generation-model.js";
import { useLocalHub } from "./support/local-hub.js";
import { type OpenAIServer, startOpenAIServer } from "./support/openai-server.js";
import { seedModel } from "./support/seed-records.js";

const LOCAL = "acme/local-gen";
const MAPPED = "acme/mapped-gen";

function generationModel(id: string): SeedModel {
	return seedModel(id, {
		pipeline_tag: "text-generation",
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", "text-generation"],
		files: generationModelFiles({ sentence: "one two three four five" }),
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task: "text-generation", status: "live" }],
	});
}

describe("an endpoint entry and the local runtime", () => {
	let upstream: OpenAIServer;
	let endpoints: InferenceEndpoints | undefined;
	beforeAll(async () => {
		upstream = await startOpenAIServer();
		endpoints = parseEndpoints(
			JSON.stringify({ endpoints: { [MAPPED]: { baseUrl: upstream.baseUrl } } }),
			"endpoints.json",
			{},
		);
	});
	afterAll(async () => {
		await upstream?.close();
	});
	// The hub starts after the server, so the entry is read through this one.
	const late: InferenceEndpoints = {
		get size() {
			return endpoints?.size ?? 0;
		},
		match: (model) => endpoints?.match(model),
	};
	const hub = useLocalHub("sqlite", [generationModel(LOCAL), generationModel(MAPPED)], {
		router: { endpoints: late },
	});

	it("the unmapped model runs here; the mapped one, runnable here too, goes to its server", async () => {
		const local = await hub.client.textGeneration({
			model: LOCAL,
			inputs: "one two",
			parameters: { max_new_tokens: 3 },
		});
		expect(local.generated_text).toBe(" three four five");
		expect(upstream.requests).toHaveLength(0);

		const mapped = await hub.client.textGeneration({
			model: MAPPED,
			inputs: "one two",
			parameters: { max_new_tokens: 3 },
		});
		expect(mapped.generated_text).toBe("one two → done");
		expect(upstream.requests).toHaveLength(1);
		expect(upstream.requests[0]).toMatchObject({
			path: "/v1/completions",
			authorization: undefined,
			body: { model: MAPPED, prompt: "one two", max_tokens: 3 },
		});
	});

	it("the task API's text-generation of the mapped model goes to the server too", async () => {
		const before = upstream.requests.length;
		const response = await fetch(`${hub.url}/hf-inference/models/${MAPPED}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ inputs: "one two", parameters: { do_sample: true, temperature: 0.7, seed: 3 } }),
		});
		expect(await response.json()).toEqual([{ generated_text: "one two → done" }]);
		expect(upstream.requests.slice(before).map((request) => request.body)).toEqual([
			{ model: MAPPED, prompt: "one two", stream: false, max_tokens: 100, seed: 3, temperature: 0.7 },
		]);
	});

	it("another task of the mapped model stays with the runtime, which says why it cannot do it", async () => {
		const before = upstream.requests.length;
		const response = await fetch(`${hub.url}/hf-inference/models/${MAPPED}/pipeline/fill-mask`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ inputs: "one [MASK]" }),
		});
		expect(response.status).toBe(400);
		expect((await response.json()).error).toMatch(/fill-mask/);
		expect(upstream.requests.length).toBe(before);
	});

	it("unknown task parameters are refused rather than dropped", async () => {
		const response = await fetch(`${hub.url}/hf-inference/models/${MAPPED}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ inputs: "one two", parameters: { watermark: true } }),
		});
		expect(response.status).toBe(400);
		expect((await response.json()).error).toBe(
			"parameters.watermark is not supported for a model on an external inference server",
		);
	});
});
