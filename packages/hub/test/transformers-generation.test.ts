/**
 * text-generation with transformers.js over real HTTP on 127.0.0.1, called through
 * @hubkit/inference's textGeneration (which speaks /v1/completions to hf-inference) and the
 * task API: GPT-2-style and Llama-style ONNX folders the test writes (support/generation-model.ts),
 * whose next word is set by hand, so every answer is known in advance. Greedy by default,
 * `max_new_tokens` and stop sequences respected, sampling repeatable by seed, streaming, bad
 * parameters a 400, folders it cannot run refused with the reason (and not mapped), the model's
 * snippets run as a user would, on SQLite and on PostgreSQL.
 */

import { MAX_COMPLETION_TOKENS as MAX_NEW_TOKENS } from "@hubkit/runtime";
import { describe, expect, it } from "vitest";
import { seedCapability } from "../src/seed/seed-capability.js";
import type { SeedModel } from "../src/seed/types.js";
import { ENGINES } from "./support/engines.js";
import { generationModelFiles } from "./support/generation-model.js";
import { useLocalHub } from "./support/local-hub.js";
import { runModelSnippets } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";

const GENERATOR = "acme/tiny-gpt2";
const LLAMA = "acme/tiny-llama-onnx";
const NO_WEIGHTS = "acme/gpt2-no-onnx";
const NO_TOKENIZER = "acme/gpt2-no-tokenizer";
const NOT_CAUSAL = "acme/gpt2-as-bert";
const SEQ2SEQ = "acme/gpt2-as-t5";

/**
 * "one two" goes on " three four five" and ends there (five predicts the end of the text);
 * "again" repeats itself, with " done" as its runner-up.
 */
const files = generationModelFiles({
	sentence: "one two three four five",
	repeating: ["again"],
	alternatives: { again: "done" },
});

const withConfig = (config: Record<string, unknown>) =>
	files.map((file) =>
		file.path === "config.json"
			? { path: file.path, content: JSON.stringify({ ...JSON.parse(String(file.content)), ...config }) }
			: file,
	);

/** A text-generation model declaring an hf-inference mapping; the loader keeps it only if the runtime can run it. */
function generationModel(id: string, modelFiles: SeedModel["files"]): SeedModel {
	return seedModel(id, {
		pipeline_tag: "text-generation",
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", "text-generation"],
		files: modelFiles,
		widgetData: [{ text: "one two" }],
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task: "text-generation", status: "live" }],
	});
}

const MODELS: SeedModel[] = [
	generationModel(GENERATOR, files),
	generationModel(LLAMA, generationModelFiles({ sentence: "one two three four five", style: "llama" })),
	generationModel(
		NO_WEIGHTS,
		files.filter((file) => !file.path.endsWith(".onnx")),
	),
	generationModel(
		NO_TOKENIZER,
		files.filter((file) => file.path !== "tokenizer.json"),
	),
	generationModel(NOT_CAUSAL, withConfig({ architectures: ["BertForMaskedLM"], model_type: "bert" })),
	generationModel(SEQ2SEQ, withConfig({ architectures: ["T5ForConditionalGeneration"], is_encoder_decoder: true })),
];

describe("canRunLocally for ONNX text-generation folders", () => {
	it("runs the GPT-2-style folder and says why it cannot run the others", async () => {
		const verdicts = await Promise.all(MODELS.map(seedCapability));
		expect(verdicts).toEqual([
			{ ok: true, task: "text-generation" },
			{ ok: true, task: "text-generation" },
			{
				ok: false,
				reason: expect.stringMatching(/^Model acme\/gpt2-no-onnx: it has no ONNX weights \(onnx\/model\.onnx/),
			},
			{ ok: false, reason: "Model acme/gpt2-no-tokenizer: it has no tokenizer.json" },
			{
				ok: false,
				reason:
					"Model acme/gpt2-as-bert: config.json names BertForMaskedLM, not a causal language model (…ForCausalLM, …LMHeadModel)",
			},
			{
				ok: false,
				reason: "Model acme/gpt2-as-t5: config.json describes an encoder-decoder model, not a decoder-only one",
			},
		]);
	});

	it("leaves a repository with a .gguf file to llama.cpp, whatever ONNX files it has too", async () => {
		const both = generationModel("acme/both", [...files, { path: "model-Q4_K_M.gguf", size: 4_000_000 }]);
		expect(await seedCapability(both)).toEqual({
			ok: false,
			reason: "Model acme/both: model-Q4_K_M.gguf is a sample placeholder, not the real file",
		});
	});
});

describe.each(ENGINES)("text-generation with transformers.js on a hub on loopback (%s)", (engine) => {
	const hub = useLocalHub(engine, MODELS, { runtime: { workers: 1 }, snippets: "generation" });

	async function post(path: string, body: unknown) {
		const response = await fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify(body),
		});
		return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
	}

	const generate = (inputs: string, parameters: Record<string, unknown> = {}) =>
		hub.client.textGeneration({ model: GENERATOR, inputs, parameters }).then((output) => output.generated_text);

	it("continues the sentence greedily, as many tokens as asked, the prompt only on request", async () => {
		expect(await generate("one two", { max_new_tokens: 3 })).toBe(" three four five");
		expect(await generate("one two", { max_new_tokens: 2 })).toBe(" three four");
		// Five ends the text: asking for more gives no more.
		expect(await generate("one two", { max_new_tokens: 50 })).toBe(" three four five");
		expect(await generate("three")).toBe(" four five");
		expect(await generate("one two", { max_new_tokens: 1, return_full_text: true })).toBe("one two three");
		// Words the model does not know end the text at once.
		expect(await generate("hello")).toBe("");
	});

	it("runs a Llama-style folder too: positions fed, a start token before the prompt and never in the text", async () => {
		const llama = (inputs: string, parameters: Record<string, unknown>) =>
			hub.client.textGeneration({ model: LLAMA, inputs, parameters }).then((output) => output.generated_text);
		expect(await llama("one two", { max_new_tokens: 3 })).toBe(" three four five");
		expect(await llama("one two", { return_full_text: true })).toBe("one two three four five");
		const completion = await post(`/hf-inference/models/${LLAMA}/v1/completions`, { prompt: "one two", max_tokens: 1 });
		// <s>, one, ␣two.
		expect(completion.body).toMatchObject({
			choices: [{ text: " three", finish_reason: "length" }],
			usage: { prompt_tokens: 3, completion_tokens: 1 },
		});
	});

	it("answers the task API with [{ generated_text }], stopping at a stop sequence", async () => {
		const path = `/hf-inference/models/${GENERATOR}`;
		expect(await post(path, { inputs: "one two", parameters: { max_new_tokens: 3 } })).toMatchObject({
			status: 200,
			body: [{ generated_text: " three four five" }],
		});
		const full = await post(path, { inputs: "one", parameters: { return_full_text: true } });
		expect(full.body).toEqual([{ generated_text: "one two three four five" }]);
		const stopped = await post(path, { inputs: "one", parameters: { stop: ["four", "five"] } });
		expect(stopped.body).toEqual([{ generated_text: " two three " }]);
		const tgiName = await post(path, { inputs: "one", parameters: { stop_sequences: [" three"] } });
		expect(tgiName.body).toEqual([{ generated_text: " two" }]);
		expect(await generate("one", { stop_sequences: ["three"] })).toBe(" two ");
	});

	it("answers /v1/completions in OpenAI's shape: finish reason and token counts, streamed or whole", async () => {
		const path = `/hf-inference/models/${GENERATOR}/v1/completions`;
		const cut = await post(path, { prompt: "one two", max_tokens: 2 });
		expect(cut.status).toBe(200);
		expect(cut.body).toMatchObject({
			object: "text_completion",
			model: GENERATOR,
			choices: [{ index: 0, text: " three four", finish_reason: "length" }],
			usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 },
		});
		const ended = await post(path, { prompt: "one two", max_tokens: 10, echo: true });
		expect(ended.body).toMatchObject({
			choices: [{ text: "one two three four five", finish_reason: "stop" }],
			usage: { prompt_tokens: 2, completion_tokens: 3 },
		});
		// 62 tokens of prompt leave room for two in the model's 64: the answer is cut there.
		const crowded = await post(path, { prompt: Array(62).fill("one").join(" "), max_tokens: 10 });
		expect(crowded.body).toMatchObject({
			choices: [{ text: " two three", finish_reason: "length" }],
			usage: { prompt_tokens: 62, completion_tokens: 2 },
		});
		const response = await fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ prompt: "one two", max_tokens: 10, stream: true }),
		});
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
		const events = (await response.text()).split("\n\n").filter((event) => event.startsWith("data: "));
		expect(events.at(-1)).toBe("data: [DONE]");
		const payloads = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
		expect(payloads.map((payload) => payload.choices[0].text)).toEqual([" three", " four", " five", ""]);
		expect(payloads.at(-1)).toMatchObject({ choices: [{ finish_reason: "stop" }], usage: { completion_tokens: 3 } });
		const echoed = await fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${hub.token}` },
			body: JSON.stringify({ prompt: "one two", max_tokens: 1, stream: true, echo: true }),
		});
		const echoedTexts = (await echoed.text())
			.split("\n\n")
			.filter((event) => event.startsWith("data: {"))
			.map((event) => JSON.parse(event.slice(6)).choices[0].text);
		expect(echoedTexts).toEqual(["one two three", ""]);
		const pieces: string[] = [];
		const stream = hub.client.textGenerationStream({
			model: GENERATOR,
			inputs: "one",
			parameters: { max_new_tokens: 3, stop: [" four"] },
		});
		for await (const chunk of stream)
			pieces.push((chunk as unknown as { choices: { text: string }[] }).choices[0]?.text ?? "");
		expect(pieces.join("")).toBe(" two three");
	});

	it("samples only when asked, repeatably by seed; a repetition penalty moves it off a repeated word", async () => {
		expect(await generate("again", { max_new_tokens: 3 })).toBe(" again again again");
		// The generated " again" counts as repeated once it is there: 10 / 2 falls below the runner-up's 8.
		expect(await generate("again", { max_new_tokens: 3, repetition_penalty: 2 })).toBe(" again done");
		// Hot sampling wanders off the sentence, but the same seed wanders the same way.
		const hot = { max_new_tokens: 8, temperature: 20, seed: 11 };
		const first = await generate("one", hot);
		expect(first).not.toBe(" two three four five");
		expect(await generate("one", hot)).toBe(first);
		// Sampling narrowed to one candidate is greedy again, whatever the temperature.
		expect(await generate("one", { max_new_tokens: 2, temperature: 20, top_k: 1, seed: 5 })).toBe(" two three");
		expect(await generate("one", { max_new_tokens: 2, temperature: 0.5, top_p: 0.5, seed: 5 })).toBe(" two three");
		// A temperature of 0 is greedy.
		expect(await generate("one", { max_new_tokens: 2, temperature: 0 })).toBe(" two three");
		const greedy = await post(`/hf-inference/models/${GENERATOR}`, {
			inputs: "one",
			parameters: { do_sample: false, temperature: 20, max_new_tokens: 2 },
		});
		expect(greedy.body).toEqual([{ generated_text: " two three" }]);
	});

	it("refuses bad parameters with a 400 that names them, before loading anything", async () => {
		const path = `/hf-inference/models/${GENERATOR}`;
		const cases: [unknown, RegExp][] = [
			[{}, /`inputs` must be a non-empty string/],
			[{ inputs: "" }, /`inputs` must be a non-empty string/],
			[{ inputs: ["one"] }, /`inputs` must be a non-empty string/],
			[{ inputs: "one", parameters: [] }, /`parameters` must be an object/],
			[
				{ inputs: "one", parameters: { max_new_tokens: 0 } },
				/`parameters.max_new_tokens` must be a whole number from 1 to 1024/,
			],
			[{ inputs: "one", parameters: { max_new_tokens: MAX_NEW_TOKENS + 1 } }, /max_new_tokens/],
			[{ inputs: "one", parameters: { max_new_tokens: 2.5 } }, /max_new_tokens/],
			[{ inputs: "one", parameters: { temperature: -1 } }, /`parameters.temperature` must be a number from 0/],
			[{ inputs: "one", parameters: { temperature: "hot" } }, /temperature/],
			[{ inputs: "one", parameters: { top_p: 0 } }, /`parameters.top_p` must be a number above 0 and at most 1/],
			[{ inputs: "one", parameters: { top_p: 1.5 } }, /top_p/],
			[{ inputs: "one", parameters: { top_k: -1 } }, /`parameters.top_k` must be a whole number/],
			[
				{ inputs: "one", parameters: { repetition_penalty: 0 } },
				/`parameters.repetition_penalty` must be a number above 0/,
			],
			[{ inputs: "one", parameters: { do_sample: "yes" } }, /`parameters.do_sample` must be true or false/],
			[{ inputs: "one", parameters: { return_full_text: 1 } }, /`parameters.return_full_text` must be true or false/],
			[{ inputs: "one", parameters: { stop: [""] } }, /`parameters.stop` must be a string or a list of up to 4/],
			[{ inputs: "one", parameters: { stop: ["a", "b", "c", "d", "e"] } }, /parameters.stop/],
			[{ inputs: "one", parameters: { seed: -1 } }, /`parameters.seed` must be a whole number/],
		];
		for (const [body, message] of cases) {
			const answer = await post(path, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.type).toMatch(/^application\/json/);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		const completions = `${path}/v1/completions`;
		const openai: [unknown, RegExp][] = [
			[{ prompt: 3 }, /`prompt` must be a non-empty string/],
			[{ prompt: "one", max_tokens: MAX_NEW_TOKENS + 1 }, /`max_tokens` must be a whole number from 1 to 1024/],
			[{ prompt: "one", echo: "yes" }, /`echo` must be true or false/],
			[{ prompt: "one", n: 2 }, /`n` must be 1/],
		];
		for (const [body, message] of openai) {
			const answer = await post(completions, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		// The model reads 64 tokens; a longer prompt is refused, streamed or not, before any event is sent.
		const long = Array(70).fill("one").join(" ");
		for (const stream of [false, true]) {
			const answer = await post(completions, { prompt: long, stream });
			expect(answer.status).toBe(400);
			expect(answer.body.error).toBe("The prompt is 70 tokens: this model reads at most 64, the answer included");
		}
		// Through the client: max_new_tokens travels as max_tokens, and the 400 comes back as an error.
		await expect(generate("one", { max_new_tokens: 5000 })).rejects.toThrow(/max_tokens/);
		expect(await generate("one two", { max_new_tokens: 1 })).toBe(" three");
	});

	it("refuses folders it cannot run, with the reason, and maps none of them to hf-inference", async () => {
		const cases: [string, unknown, RegExp][] = [
			[`/hf-inference/models/${NO_WEIGHTS}`, { inputs: "one" }, /^Model acme\/gpt2-no-onnx has no ONNX weights/],
			[
				`/hf-inference/models/${NO_TOKENIZER}`,
				{ inputs: "one" },
				/^Model acme\/gpt2-no-tokenizer has no tokenizer\.json$/,
			],
			[
				`/hf-inference/models/${NO_TOKENIZER}/v1/completions`,
				{ prompt: "one" },
				/^Model acme\/gpt2-no-tokenizer has no tokenizer\.json$/,
			],
			[
				`/hf-inference/models/${NOT_CAUSAL}/v1/completions`,
				{ prompt: "one" },
				/is a BertForMaskedLM: it does not do text-generation/,
			],
			// Without ONNX weights a completion is llama.cpp's to refuse: it looks for a .gguf file.
			[`/hf-inference/models/${NO_WEIGHTS}/v1/completions`, { prompt: "one" }, /has no \.gguf file/],
		];
		for (const [path, body, message] of cases) {
			const answer = await post(path, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		for (const id of [NO_WEIGHTS, NO_TOKENIZER, NOT_CAUSAL, SEQ2SEQ]) {
			const info = await (await fetch(`${hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`)).json();
			expect(info.inferenceProviderMapping ?? {}, id).not.toHaveProperty("hf-inference");
		}
		const info = await (await fetch(`${hub.url}/api/models/${GENERATOR}?expand[]=inferenceProviderMapping`)).json();
		expect(info.inferenceProviderMapping).toMatchObject({
			"hf-inference": { status: "live", task: "text-generation" },
		});
		expect(await generate("four")).toBe(" five");
	});

	it("runs the model's js and curl snippets as a user would: they print the known continuation", async () => {
		for (const { snippet, stdout } of await runModelSnippets(hub, GENERATOR)) {
			const printed = JSON.parse(stdout);
			// The client reads the completion as { generated_text }; fetch and curl print it as it came.
			const text = snippet.client === "@hubkit/inference" ? printed.generated_text : printed.choices[0].text;
			expect(text, snippet.client).toBe(" three four five");
		}
	});
});
