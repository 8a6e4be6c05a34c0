/**
 * Encoder-decoder models on the transformers.js engine, over real HTTP on
 * 127.0.0.1 through @hubkit/inference: summarization (a T5 folder),
 * translation (a Marian folder) and image-to-text (a VisionEncoderDecoder
 * folder), each an encoder and a merged decoder the test
 * writes (support/seq2seq-models.ts) so greedy decoding's answer is known in
 * advance; bad input and bounded generation; a folder without its decoder
 * refused, by the runtime and by canRunLocally. On SQLite and on PostgreSQL.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { getInferenceSnippets, InferenceClient } from "@hubkit/inference";
import { canRunLocally, type LocalCandidate, MAX_SEQ2SEQ_TOKENS as MAX_NEW_TOKENS } from "@hubkit/runtime";
import type { ModelFile } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript modules of the demo-asset scripts, without types.
import { Canvas } from "../../../scripts/demo-assets/canvas.mjs";
// @ts-expect-error: as above.
import { encodePNG } from "../../../scripts/demo-assets/png.mjs";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { loadSeed } from "../src/seed/load.js";
import type { SeedModel } from "../src/seed/types.js";
import { captionerFiles } from "./support/caption-models.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { multilingualFiles } from "./support/multilingual-models.js";
import { RUNS_ROOT, runSnippet } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";
import { seq2seqFiles } from "./support/seq2seq-models.js";

const SUMMARIZER = "acme/tiny-summarizer";
const TRANSLATOR = "acme/tiny-en-fr";
const NO_DECODER = "acme/encoder-only-t5";
const CAPTIONER = "acme/tiny-captioner";
const MULTILINGUAL = "acme/tiny-nllb";
const HEADLINE = "acme/tiny-headline";

/** A PNG of one colour (the demo assets' own encoder). */
function picture(rgb: [number, number, number]): Uint8Array<ArrayBuffer> {
	return new Uint8Array(encodePNG(new Canvas(24, 16, [...rgb, 1])) as Buffer);
}

/** Keeps the content words in order: articles and "today" are left out. */
const summarizer = seq2seqFiles({
	kind: "t5",
	words: ["the", "a", "cat", "sat", "on", "mat", "today", "dog", "barked"],
	drop: ["the", "a", "today"],
});

/** The summarizer's words, three at most: counted in the decoder's key-value cache, as real merged decoders carry it. */
const headline = seq2seqFiles({
	kind: "t5",
	words: ["the", "a", "cat", "sat", "on", "mat", "today", "dog", "barked"],
	drop: ["the", "a", "today"],
	maxWords: 3,
});

/** Word for word, English to French. */
const translator = seq2seqFiles({
	kind: "marian",
	words: ["the", "cat", "sleeps", "dog", "eats"],
	map: { the: "le", cat: "chat", sleeps: "dort", dog: "chien", eats: "mange" },
});

const captioner = captionerFiles();

/** From English into French or German, as `tgt_lang` says. */
const multilingual = multilingualFiles({
	source: { code: "eng_Latn", words: ["the", "dog", "eats"] },
	targets: {
		fra_Latn: { the: "le", dog: "chien", eats: "mange" },
		deu_Latn: { the: "der", dog: "hund", eats: "isst" },
	},
	unread: ["spa_Latn"],
});

const withoutDecoder = summarizer.filter((file) => file.path !== "onnx/decoder_model_merged.onnx");

/** `example`: the card's widget text, which the model's inference snippets send. */
function localModel(id: string, task: string, files: SeedModel["files"], example?: string): SeedModel {
	return seedModel(id, {
		pipeline_tag: task,
		...(example ? { widgetData: [{ text: example }] } : {}),
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", task],
		files,
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task, status: "live" }],
	});
}

/** Files as canRunLocally sees them: with content they are real, with only a size a placeholder. */
function candidate(id: string, task: string, files: (ModelFile | { path: string; size: number })[]): LocalCandidate {
	const find = (path: string) => files.find((file) => file.path === path);
	return {
		id,
		pipelineTag: task,
		files: {
			async file(path) {
				const file = find(path);
				if (!file) return undefined;
				if ("size" in file) return { size: file.size, real: false };
				const bytes = typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content;
				return { size: bytes.byteLength, real: true };
			},
			async text(path) {
				const file = find(path);
				return file && "content" in file && typeof file.content === "string" ? file.content : "";
			},
		},
	};
}

describe("canRunLocally for encoder-decoder models", () => {
	it("says yes for an encoder and a merged decoder, and no, with the reason, for what the engine would not load", async () => {
		expect(await canRunLocally(candidate(SUMMARIZER, "summarization", summarizer))).toEqual({
			ok: true,
			task: "summarization",
		});
		expect(await canRunLocally(candidate(HEADLINE, "summarization", headline))).toEqual({
			ok: true,
			task: "summarization",
		});
		expect(await canRunLocally(candidate(TRANSLATOR, "translation", translator))).toEqual({
			ok: true,
			task: "translation",
		});
		expect(await canRunLocally(candidate(CAPTIONER, "image-to-text", captioner))).toEqual({
			ok: true,
			task: "image-to-text",
		});
		const refusals: [(ModelFile | { path: string; size: number })[], string][] = [
			[withoutDecoder, `Model ${NO_DECODER}: it has onnx/encoder_model.onnx but no onnx/decoder_model_merged.onnx`],
			[
				// A single model.onnx is what the classifiers load, not a sequence-to-sequence model.
				[...summarizer.filter((file) => !file.path.startsWith("onnx/")), { path: "onnx/model.onnx", content: "x" }],
				`Model ${NO_DECODER}: it has no ONNX weights (onnx/encoder_model.onnx + onnx/decoder_model_merged.onnx, ` +
					"onnx/encoder_model_quantized.onnx + onnx/decoder_model_merged_quantized.onnx, " +
					"encoder_model.onnx + decoder_model_merged.onnx, encoder_model_quantized.onnx + decoder_model_merged_quantized.onnx)",
			],
			[
				[...withoutDecoder, { path: "onnx/decoder_model_merged.onnx", size: 1_000_000 }],
				`Model ${NO_DECODER}: onnx/decoder_model_merged.onnx is a sample placeholder, not the real file`,
			],
			[summarizer.filter((file) => file.path !== "tokenizer.json"), `Model ${NO_DECODER}: it has no tokenizer.json`],
		];
		for (const [files, reason] of refusals) {
			expect(await canRunLocally(candidate(NO_DECODER, "summarization", files))).toEqual({ ok: false, reason });
		}
		// A captioner reads the image through its preprocessor and writes words through its tokenizer: it needs both.
		for (const path of ["preprocessor_config.json", "tokenizer.json"]) {
			const files = captioner.filter((file) => file.path !== path);
			expect(await canRunLocally(candidate(CAPTIONER, "image-to-text", files))).toEqual({
				ok: false,
				reason: `Model ${CAPTIONER}: it has no ${path}`,
			});
		}
	});
});

describe.each(ENGINES)("encoder-decoder models on a hub on loopback (%s)", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let token: string;
	let client: InferenceClient;
	let dir: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, [
			localModel(SUMMARIZER, "summarization", summarizer, "The cat sat on the mat today"),
			localModel(TRANSLATOR, "translation", translator, "The dog sleeps"),
			localModel(NO_DECODER, "summarization", withoutDecoder),
			localModel(CAPTIONER, "image-to-text", captioner),
			localModel(MULTILINGUAL, "translation", multilingual),
			localModel(HEADLINE, "summarization", headline),
		]);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps, { workers: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		client = new InferenceClient(token, { provider: "hf-inference", hubUrl: server.url, routerUrl: server.url });
		mkdirSync(RUNS_ROOT, { recursive: true });
		dir = mkdtempSync(join(RUNS_ROOT, "seq2seq-"));
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function modelInfo(id: string) {
		const expand = ["inferenceProviderMapping", "pipeline_tag", "tags", "widgetData"];
		const response = await fetch(`${server.url}/api/models/${id}?${expand.map((key) => `expand[]=${key}`).join("&")}`);
		// The model's info as the hub answers it: what getInferenceSnippets reads.
		return await response.json();
	}

	it("is mapped to hf-inference, live, exactly where the runtime can run the model", async () => {
		for (const [id, task] of [
			[SUMMARIZER, "summarization"],
			[TRANSLATOR, "translation"],
			[CAPTIONER, "image-to-text"],
		]) {
			expect((await modelInfo(id as string)).inferenceProviderMapping, id).toEqual({
				"hf-inference": expect.objectContaining({ status: "live", task }),
			});
		}
		// The seed record asked for a mapping; without its decoder the loader gives none.
		expect((await modelInfo(NO_DECODER)).inferenceProviderMapping).toEqual({});
	});

	it("runs the models' js and curl snippets unchanged against the hub", async () => {
		for (const [id, answer] of [
			[SUMMARIZER, /cat sat on mat/],
			[TRANSLATOR, /le chien dort/],
			// The demo picture, fetched from the hub by the snippet: named by its brightest channel.
			[CAPTIONER, /a (red|green|blue) picture/],
		] as const) {
			const snippets = getInferenceSnippets(await modelInfo(id), "hf-inference", undefined, {
				hubUrl: server.url,
				routerUrl: server.url,
			});
			const runnable = snippets.filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
			expect(runnable.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
			for (const snippet of runnable) {
				const result = await runSnippet(snippet, dir, token);
				expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
				// The card's widget text, summarized or translated.
				expect(result.stdout, snippet.client).toMatch(answer);
				expect(result.output).not.toContain(token);
			}
		}
	});

	async function post(path: string, body: unknown) {
		const response = await fetch(`${server.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: JSON.stringify(body),
		});
		return { status: response.status, body: await response.json() };
	}

	it("summarizes: the content words, in order (greedy decoding through encoder and decoder)", async () => {
		const summary = await client.summarization({ model: SUMMARIZER, inputs: "The cat sat on the mat today" });
		expect(summary).toEqual({ summary_text: "cat sat on mat" });
		// On the wire: a list of one object per input, as hf-inference answers.
		const raw = await post(`/hf-inference/models/${SUMMARIZER}`, {
			inputs: ["a dog barked", "the cat sat"],
			parameters: { generate_parameters: { max_new_tokens: 10 } },
		});
		expect(raw).toEqual({ status: 200, body: [{ summary_text: "dog barked" }, { summary_text: "cat sat" }] });
	});

	it("carries a merged decoder's cache (past_key_values, use_cache_branch) from step to step", async () => {
		const short = await client.summarization({ model: HEADLINE, inputs: "The cat sat on the mat today" });
		expect(short).toEqual({ summary_text: "cat sat on" });
		const batch = await post(`/hf-inference/models/${HEADLINE}`, { inputs: ["a dog barked", "the cat sat on a mat"] });
		expect(batch).toEqual({ status: 200, body: [{ summary_text: "dog barked" }, { summary_text: "cat sat on" }] });
	});

	it("stops at max_new_tokens", async () => {
		const cut = await client.summarization({
			model: SUMMARIZER,
			inputs: "The cat sat on the mat",
			parameters: { max_new_tokens: 2 },
		});
		expect(cut).toEqual({ summary_text: "cat sat" });
	});

	it("translates word for word; a one-pair model takes src_lang and tgt_lang and has nothing to choose", async () => {
		const french = await client.translation({ model: TRANSLATOR, inputs: "The cat sleeps" });
		expect(french).toEqual({ translation_text: "le chat dort" });
		const named = await client.translation({
			model: TRANSLATOR,
			inputs: "the dog eats",
			parameters: { src_lang: "en", tgt_lang: "fr" },
		});
		expect(named).toEqual({ translation_text: "le chien mange" });
	});

	it("translates into the language tgt_lang names, when the model knows several (NLLB's codes)", async () => {
		const french = await client.translation({
			model: MULTILINGUAL,
			inputs: "The dog eats",
			parameters: { src_lang: "eng_Latn", tgt_lang: "fra_Latn" },
		});
		expect(french).toEqual({ translation_text: "le chien mange" });
		const german = await client.translation({
			model: MULTILINGUAL,
			inputs: "the dog eats",
			parameters: { tgt_lang: "deu_Latn" },
		});
		expect(german).toEqual({ translation_text: "der hund isst" });
		// Read as Spanish, which this model cannot read, the text translates to nothing; the next call,
		// naming no source language, is read as the model's own (English) again.
		const asSpanish = await client.translation({
			model: MULTILINGUAL,
			inputs: "the dog eats",
			parameters: { src_lang: "spa_Latn", tgt_lang: "fra_Latn" },
		});
		expect(asSpanish).toEqual({ translation_text: "" });
		const again = await client.translation({
			model: MULTILINGUAL,
			inputs: "the dog eats",
			parameters: { tgt_lang: "fra_Latn" },
		});
		expect(again).toEqual({ translation_text: "le chien mange" });
		const cases: [unknown, RegExp][] = [
			[{ inputs: "the dog" }, /^This model translates into several languages: `parameters.tgt_lang` is needed$/],
			[
				{ inputs: "the dog", parameters: { tgt_lang: "xx_Yyyy" } },
				/^`parameters.tgt_lang` must be a language code this model knows \(eng_Latn, fra_Latn, deu_Latn, spa_Latn\)$/,
			],
			[
				{ inputs: "the dog", parameters: { src_lang: "french", tgt_lang: "fra_Latn" } },
				/`parameters.src_lang` must be/,
			],
		];
		for (const [body, message] of cases) {
			const answer = await post(`/hf-inference/models/${MULTILINGUAL}`, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
	});

	it("refuses bad input with a 400 before generating, and keeps serving", async () => {
		const cases: [string, unknown, RegExp][] = [
			[SUMMARIZER, {}, /`inputs` must be a string or a non-empty array of strings/],
			[SUMMARIZER, { inputs: 42 }, /`inputs` must be a string/],
			[SUMMARIZER, { inputs: "x", parameters: { max_new_tokens: 0 } }, /max_new_tokens` must be a positive integer/],
			[
				SUMMARIZER,
				{ inputs: "x", parameters: { max_new_tokens: MAX_NEW_TOKENS + 1 } },
				new RegExp(`\`max_new_tokens\` must be at most ${MAX_NEW_TOKENS}`),
			],
			[SUMMARIZER, { inputs: "x", parameters: { generate_parameters: "long" } }, /generate_parameters` must be an/],
			[SUMMARIZER, { inputs: Array(17).fill("the cat") }, /At most 16 inputs/],
			[TRANSLATOR, { inputs: "the cat", parameters: { tgt_lang: 7 } }, /`parameters.tgt_lang` must be a non-empty/],
		];
		for (const [model, body, message] of cases) {
			const answer = await post(`/hf-inference/models/${model}`, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		await expect(client.summarization({ model: SUMMARIZER, inputs: "the dog barked" })).resolves.toEqual({
			summary_text: "dog barked",
		});
	});

	it("refuses a folder without its decoder, naming the missing file", async () => {
		const answer = await post(`/hf-inference/models/${NO_DECODER}`, { inputs: "the cat sat" });
		expect(answer).toEqual({
			status: 400,
			body: { error: `Model ${NO_DECODER} has onnx/encoder_model.onnx but no onnx/decoder_model_merged.onnx` },
		});
		// A summarizer is not a text classifier, and says so.
		const wrongTask = await post(`/hf-inference/models/${SUMMARIZER}/pipeline/text-classification`, {
			inputs: "the cat",
		});
		expect(wrongTask.status).toBe(400);
		expect(wrongTask.body.error).toMatch(/no ONNX weights|does not do text-classification/);
	});

	it("captions a picture by its colour (VisionEncoderDecoder: pixels encoded, words decoded)", async () => {
		const red = await client.imageToText({ model: CAPTIONER, data: new Blob([picture([240, 10, 10])]) });
		expect(red).toEqual({ generated_text: "a red picture" });
		const blue = await post(`/hf-inference/models/${CAPTIONER}`, {
			inputs: Buffer.from(picture([20, 40, 230])).toString("base64"),
			parameters: { max_new_tokens: 2 },
		});
		expect(blue).toEqual({ status: 200, body: [{ generated_text: "a blue" }] });
		const cases: [unknown, RegExp][] = [
			[{ inputs: Buffer.from("not a picture").toString("base64") }, /^The request body is not an image/],
			[{ inputs: "" }, /as base64 in a JSON body/],
			[
				{ inputs: Buffer.from(picture([0, 200, 0])).toString("base64"), parameters: { max_new_tokens: 10_000 } },
				/`max_new_tokens` must be at most/,
			],
		];
		for (const [body, message] of cases) {
			const answer = await post(`/hf-inference/models/${CAPTIONER}`, body);
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
	});
});
