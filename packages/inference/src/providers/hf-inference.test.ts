import { describe, expect, it } from "vitest";
import { type Behaviour, reply } from "../../test/fake-server.js";
import { useFakeServer } from "../../test/helpers.js";
import { buildRequest } from "../call/request.js";
import { InferenceClientInputError } from "../errors.js";
import {
	audioToAudio,
	automaticSpeechRecognition,
	chatCompletion,
	imageClassification,
	textToImage,
	zeroShotClassification,
} from "../tasks/functions.js";
import type { InferenceTask } from "../types.js";
import { PROVIDERS } from "./index.js";
import type { ResponseContext, TaskProviderHelper } from "./provider-helper.js";

const ROUTER = "https://router.huggingface.co";

function helperFor(task: string): TaskProviderHelper {
	const helper = PROVIDERS["hf-inference"][task as InferenceTask];
	if (!helper) throw new Error(`no hf-inference helper for ${task}`);
	return helper;
}

function context(overrides: Partial<ResponseContext> = {}): ResponseContext {
	return {
		url: `${ROUTER}/hf-inference/models/x`,
		headers: { Authorization: "Bearer hf_x" },
		authMethod: "hf-token",
		routerUrl: ROUTER,
		fetch: globalThis.fetch,
		signal: AbortSignal.timeout(10_000),
		...overrides,
	};
}

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const pngBase64 = Buffer.from(pngBytes).toString("base64");
const image = () => new Blob([pngBytes], { type: "image/png" });
const audioBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 9, 8, 7, 6]);
const audioBase64 = Buffer.from(audioBytes).toString("base64");
const audio = () => new Blob([audioBytes], { type: "audio/wav" });

interface Case {
	model: string;
	args: () => Record<string, unknown>;
	body: unknown;
	answer: unknown;
	output: unknown;
	wrong: unknown;
	/** Other answers the task accepts, with what they become. */
	alternatives?: { answer: unknown; output: unknown }[];
}

const chatAnswer = {
	id: "chatcmpl-1",
	object: "chat.completion",
	created: 1_700_000_000,
	model: "meta-llama/Llama-3.1-8B-Instruct",
	choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Paris." } }],
	usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
};

const tableQa = { answer: "AVERAGE > 36542", coordinates: [[0, 1]], cells: ["36542"], aggregator: "AVERAGE" };

/** JSON tasks: args → exact body, realistic answer → output, wrong answer → Invalid inference output. */
const JSON_CASES: Record<string, Case> = {
	conversational: {
		model: "meta-llama/Llama-3.1-8B-Instruct",
		args: () => ({
			accessToken: "hf_x",
			provider: "hf-inference",
			model: "meta-llama/Llama-3.1-8B-Instruct",
			messages: [{ role: "user", content: "Capital of France?" }],
			max_tokens: 20,
		}),
		body: {
			messages: [{ role: "user", content: "Capital of France?" }],
			max_tokens: 20,
			model: "meta-llama/Llama-3.1-8B-Instruct",
		},
		answer: chatAnswer,
		output: chatAnswer,
		wrong: { choices: [] },
	},
	"text-generation": {
		model: "openai-community/gpt2",
		args: () => ({
			model: "openai-community/gpt2",
			inputs: "Once upon a time",
			parameters: { max_new_tokens: 8, temperature: 0.5 },
		}),
		body: { max_tokens: 8, temperature: 0.5, prompt: "Once upon a time", model: "openai-community/gpt2" },
		answer: {
			id: "cmpl-1",
			object: "text_completion",
			created: 1,
			model: "gpt2",
			choices: [{ index: 0, text: ", a fox" }],
		},
		output: { generated_text: ", a fox" },
		wrong: { choices: [{ index: 0 }] },
		alternatives: [
			{
				answer: [{ generated_text: "Once upon a time, a fox" }],
				output: { generated_text: "Once upon a time, a fox" },
			},
		],
	},
	"text-classification": {
		model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
		args: () => ({ inputs: "I like you. I love you", parameters: { top_k: 2 } }),
		body: { inputs: "I like you. I love you", parameters: { top_k: 2 } },
		answer: [
			{ label: "POSITIVE", score: 0.9998 },
			{ label: "NEGATIVE", score: 0.0002 },
		],
		output: [
			{ label: "POSITIVE", score: 0.9998 },
			{ label: "NEGATIVE", score: 0.0002 },
		],
		wrong: [{ label: "POSITIVE" }],
		alternatives: [{ answer: [[{ label: "POSITIVE", score: 0.9 }]], output: [{ label: "POSITIVE", score: 0.9 }] }],
	},
	"question-answering": {
		model: "deepset/roberta-base-squad2",
		args: () => ({
			inputs: { question: "What is my name?", context: "My name is Clara and I live in Berkeley." },
		}),
		body: { inputs: { question: "What is my name?", context: "My name is Clara and I live in Berkeley." } },
		answer: { answer: "Clara", score: 0.79, start: 11, end: 16 },
		output: { answer: "Clara", score: 0.79, start: 11, end: 16 },
		wrong: { answer: "Clara" },
		alternatives: [
			{
				answer: [{ answer: "Clara", score: 0.79, start: 11, end: 16 }],
				output: { answer: "Clara", score: 0.79, start: 11, end: 16 },
			},
		],
	},
	"fill-mask": {
		model: "google-bert/bert-base-uncased",
		args: () => ({ inputs: "The answer to the universe is [MASK].", parameters: { top_k: 1 } }),
		body: { inputs: "The answer to the universe is [MASK].", parameters: { top_k: 1 } },
		answer: [{ score: 0.17, token: 2053, token_str: "no", sequence: "the answer to the universe is no." }],
		output: [{ score: 0.17, token: 2053, token_str: "no", sequence: "the answer to the universe is no." }],
		wrong: [{ score: 0.17, token: "2053", token_str: "no", sequence: "…" }],
	},
	"feature-extraction": {
		model: "sentence-transformers/all-MiniLM-L6-v2",
		args: () => ({ inputs: ["Today is a sunny day"], normalize: true }),
		body: { inputs: ["Today is a sunny day"], normalize: true },
		answer: [[0.1, -0.2, 0.3]],
		output: [[0.1, -0.2, 0.3]],
		wrong: { embeddings: [0.1] },
		alternatives: [{ answer: [[[0.1], [0.2]]], output: [[[0.1], [0.2]]] }],
	},
	"document-question-answering": {
		model: "impira/layoutlm-document-qa",
		args: () => ({ inputs: { image: image(), question: "What is the invoice number?" } }),
		body: { inputs: { image: pngBase64, question: "What is the invoice number?" } },
		answer: [{ answer: "us-001", score: 0.98, start: 16, end: 16 }],
		output: { answer: "us-001", score: 0.98, start: 16, end: 16 },
		wrong: [{ score: 0.98 }],
	},
	"zero-shot-image-classification": {
		model: "openai/clip-vit-large-patch14",
		args: () => ({ inputs: image(), parameters: { candidate_labels: ["cat", "dog"] } }),
		body: { inputs: pngBase64, parameters: { candidate_labels: ["cat", "dog"] } },
		answer: [
			{ label: "cat", score: 0.9 },
			{ label: "dog", score: 0.1 },
		],
		output: [
			{ label: "cat", score: 0.9 },
			{ label: "dog", score: 0.1 },
		],
		wrong: { label: "cat", score: 0.9 },
	},
	"zero-shot-classification": {
		model: "facebook/bart-large-mnli",
		args: () => ({
			inputs: "I have a problem with my iphone that needs to be resolved asap!!",
			parameters: { candidate_labels: ["urgent", "not urgent"] },
		}),
		body: {
			inputs: "I have a problem with my iphone that needs to be resolved asap!!",
			parameters: { candidate_labels: ["urgent", "not urgent"] },
		},
		answer: [
			{ label: "urgent", score: 0.99 },
			{ label: "not urgent", score: 0.01 },
		],
		output: [
			{ label: "urgent", score: 0.99 },
			{ label: "not urgent", score: 0.01 },
		],
		wrong: { labels: ["urgent", "not urgent"], scores: [0.99] },
		alternatives: [
			{
				answer: { sequence: "I have a problem…", labels: ["urgent", "not urgent"], scores: [0.99, 0.01] },
				output: [
					{ label: "urgent", score: 0.99 },
					{ label: "not urgent", score: 0.01 },
				],
			},
			{
				answer: [{ sequence: "I have a problem…", labels: ["urgent"], scores: [0.99] }],
				output: [{ label: "urgent", score: 0.99 }],
			},
		],
	},
	"sentence-similarity": {
		model: "sentence-transformers/all-MiniLM-L6-v2",
		args: () => ({
			inputs: { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is sunny"] },
		}),
		body: {
			inputs: { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is sunny"] },
		},
		answer: [0.69, 0.25],
		output: [0.69, 0.25],
		wrong: [[0.69, 0.25]],
	},
	"table-question-answering": {
		model: "google/tapas-base-finetuned-wtq",
		args: () => ({
			inputs: {
				query: "How many stars does the transformers repository have?",
				table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] },
			},
		}),
		body: {
			inputs: {
				query: "How many stars does the transformers repository have?",
				table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] },
			},
		},
		answer: tableQa,
		output: tableQa,
		wrong: { answer: "36542", coordinates: [[0, "1"]], cells: ["36542"] },
		alternatives: [{ answer: [tableQa], output: tableQa }],
	},
	"tabular-classification": {
		model: "vvmnnnkv/wine-quality",
		args: () => ({ inputs: { data: { fixed_acidity: ["7.4", "7.8"], alcohol: ["9.4", "9.8"] } } }),
		body: { inputs: { data: { fixed_acidity: ["7.4", "7.8"], alcohol: ["9.4", "9.8"] } } },
		answer: [5, 5],
		output: [5, 5],
		wrong: ["5", "5"],
	},
	"token-classification": {
		model: "dbmdz/bert-large-cased-finetuned-conll03-english",
		args: () => ({ inputs: "My name is Sarah Jessica Parker", parameters: { aggregation_strategy: "simple" } }),
		body: { inputs: "My name is Sarah Jessica Parker", parameters: { aggregation_strategy: "simple" } },
		answer: [{ entity_group: "PER", score: 0.99, word: "Sarah Jessica Parker", start: 11, end: 31 }],
		output: [{ entity_group: "PER", score: 0.99, word: "Sarah Jessica Parker", start: 11, end: 31 }],
		wrong: [{ entity_group: "PER", score: 0.99, word: "Sarah Jessica Parker" }],
		alternatives: [
			{
				answer: [{ entity: "B-PER", score: 0.9, index: 4, word: "Sarah", start: 11, end: 16 }],
				output: [{ entity: "B-PER", score: 0.9, index: 4, word: "Sarah", start: 11, end: 16 }],
			},
		],
	},
	translation: {
		model: "facebook/mbart-large-50-many-to-many-mmt",
		args: () => ({ inputs: "Hello world", parameters: { src_lang: "en_XX", tgt_lang: "fr_XX" } }),
		body: { inputs: "Hello world", parameters: { src_lang: "en_XX", tgt_lang: "fr_XX" } },
		answer: [{ translation_text: "Bonjour le monde" }],
		output: { translation_text: "Bonjour le monde" },
		wrong: [{ summary_text: "Bonjour le monde" }],
	},
	summarization: {
		model: "facebook/bart-large-cnn",
		args: () => ({ inputs: "The tower is 324 metres tall…", parameters: { max_length: 50 } }),
		body: { inputs: "The tower is 324 metres tall…", parameters: { max_length: 50 } },
		answer: [{ summary_text: "The tower is tall." }],
		output: { summary_text: "The tower is tall." },
		wrong: { generated_text: "The tower is tall." },
		alternatives: [{ answer: { summary_text: "Tall." }, output: { summary_text: "Tall." } }],
	},
	"visual-question-answering": {
		model: "dandelin/vilt-b32-finetuned-vqa",
		args: () => ({ inputs: { image: image(), question: "How many cats are lying down?" }, parameters: { top_k: 1 } }),
		body: { inputs: { image: pngBase64, question: "How many cats are lying down?" }, parameters: { top_k: 1 } },
		answer: [{ answer: "2", score: 0.9 }],
		output: { answer: "2", score: 0.9 },
		wrong: [{ answer: 2, score: 0.9 }],
	},
	"tabular-regression": {
		model: "scikit-learn/Fish-Weight",
		args: () => ({ inputs: { data: { Height: ["11.52", "12.48"], Width: ["4.02", "4.3056"] } } }),
		body: { inputs: { data: { Height: ["11.52", "12.48"], Width: ["4.02", "4.3056"] } } },
		answer: [270.5, 273.6],
		output: [270.5, 273.6],
		wrong: { predictions: [270.5] },
	},
};

/** Audio / image in: raw bytes from `data`, base64 JSON from `inputs`. */
const BINARY_CASES: Record<string, Omit<Case, "args" | "body"> & { media: () => Blob; base64: string }> = {
	"audio-classification": {
		model: "superb/hubert-large-superb-er",
		media: audio,
		base64: audioBase64,
		answer: [
			{ label: "neu", score: 0.6 },
			{ label: "hap", score: 0.4 },
		],
		output: [
			{ label: "neu", score: 0.6 },
			{ label: "hap", score: 0.4 },
		],
		wrong: { label: "neu", score: 0.6 },
	},
	"automatic-speech-recognition": {
		model: "openai/whisper-large-v3",
		media: audio,
		base64: audioBase64,
		answer: { text: " He hoped there would be stew for dinner." },
		output: { text: " He hoped there would be stew for dinner." },
		wrong: [{ text: 42 }],
		alternatives: [
			{
				answer: { text: "Hi there", chunks: [{ text: "Hi there", timestamp: [0, 1.2] }] },
				output: { text: "Hi there", chunks: [{ text: "Hi there", timestamp: [0, 1.2] }] },
			},
		],
	},
	"image-classification": {
		model: "google/vit-base-patch16-224",
		media: image,
		base64: pngBase64,
		answer: [{ label: "tabby, tabby cat", score: 0.43 }],
		output: [{ label: "tabby, tabby cat", score: 0.43 }],
		wrong: [{ label: "tabby, tabby cat", score: "0.43" }],
	},
	"image-segmentation": {
		model: "facebook/detr-resnet-50-panoptic",
		media: image,
		base64: pngBase64,
		answer: [
			{ label: "cat", score: 0.99, mask: "iVBORw0KGgo=" },
			{ label: "LABEL_184", score: null, mask: "iVBORw0KGgo=" },
		],
		output: [
			{ label: "cat", score: 0.99, mask: "iVBORw0KGgo=" },
			{ label: "LABEL_184", score: null, mask: "iVBORw0KGgo=" },
		],
		wrong: [{ label: "cat", score: 0.99 }],
	},
	"image-to-text": {
		model: "Salesforce/blip-image-captioning-large",
		media: image,
		base64: pngBase64,
		answer: [{ generated_text: "a cat lying on a couch" }],
		output: { generated_text: "a cat lying on a couch" },
		wrong: [{ text: "a cat" }],
		alternatives: [{ answer: { generated_text: "a cat" }, output: { generated_text: "a cat" } }],
	},
	"object-detection": {
		model: "facebook/detr-resnet-50",
		media: image,
		base64: pngBase64,
		answer: [{ label: "cat", score: 0.99, box: { xmin: 10, ymin: 20, xmax: 200, ymax: 300 } }],
		output: [{ label: "cat", score: 0.99, box: { xmin: 10, ymin: 20, xmax: 200, ymax: 300 } }],
		wrong: [{ label: "cat", score: 0.99, box: [10, 20, 200, 300] }],
	},
	"audio-to-audio": {
		model: "speechbrain/sepformer-wham",
		media: audio,
		base64: audioBase64,
		answer: [{ label: "label_0", blob: "UklGRg==", "content-type": "audio/flac" }],
		output: [{ label: "label_0", blob: "UklGRg==", "content-type": "audio/flac" }],
		wrong: [{ label: "label_0", "content-type": "audio/flac" }],
	},
};

/** Text (or image) in, bytes out. */
const MEDIA_CASES: Record<string, { model: string; args: () => Record<string, unknown>; body: unknown; type: string }> =
	{
		"text-to-image": {
			model: "black-forest-labs/FLUX.1-dev",
			args: () => ({ inputs: "An astronaut riding a horse", parameters: { num_inference_steps: 4, width: 512 } }),
			body: { inputs: "An astronaut riding a horse", parameters: { num_inference_steps: 4, width: 512 } },
			type: "image/jpeg",
		},
		"image-to-image": {
			model: "timbrooks/instruct-pix2pix",
			args: () => ({ inputs: image(), parameters: { prompt: "Turn the cat into a tiger" } }),
			body: { inputs: pngBase64, parameters: { prompt: "Turn the cat into a tiger" } },
			type: "image/png",
		},
		"text-to-speech": {
			model: "espnet/kan-bayashi_ljspeech_vits",
			args: () => ({ inputs: "Hello world" }),
			body: { inputs: "Hello world" },
			type: "audio/flac",
		},
		"text-to-audio": {
			model: "facebook/musicgen-small",
			args: () => ({ inputs: "lo-fi music with a soothing melody", parameters: { do_sample: true } }),
			body: { inputs: "lo-fi music with a soothing melody", parameters: { do_sample: true } },
			type: "audio/wav",
		},
	};

const MODELS: Record<string, string> = Object.fromEntries(
	[...Object.entries(JSON_CASES), ...Object.entries(BINARY_CASES), ...Object.entries(MEDIA_CASES)].map(
		([task, item]) => [task, item.model],
	),
);

describe("hf-inference: tasks", () => {
	it("has a case here for each of its tasks", () => {
		expect(Object.keys(MODELS).sort()).toEqual(Object.keys(PROVIDERS["hf-inference"]).sort());
	});
});

describe("hf-inference: JSON tasks", () => {
	for (const [task, item] of Object.entries(JSON_CASES)) {
		describe(task, () => {
			const helper = helperFor(task);
			it("builds the body", async () => {
				const body = await helper.makeBody({
					args: item.args(),
					model: item.model,
					mapping: undefined,
					task: task as InferenceTask,
				});
				expect(typeof body).toBe("string");
				expect(JSON.parse(body as string)).toEqual(item.body);
			});
			it("reads the answer", async () => {
				expect(await helper.getResponse(item.answer, context())).toEqual(item.output);
				for (const alternative of item.alternatives ?? []) {
					expect(await helper.getResponse(alternative.answer, context())).toEqual(alternative.output);
				}
			});
			it("rejects a wrong-shaped answer", async () => {
				await expect(helper.getResponse(item.wrong, context())).rejects.toThrow("Invalid inference output");
				await expect(helper.getResponse("not json", context())).rejects.toThrow("Invalid inference output");
			});
		});
	}

	it("zero-shot-image-classification also takes { image: Blob }", async () => {
		const body = await helperFor("zero-shot-image-classification").makeBody({
			args: { inputs: { image: image() }, parameters: { candidate_labels: ["cat"] } },
			model: "m",
			mapping: undefined,
		});
		expect(JSON.parse(body as string)).toEqual({ inputs: pngBase64, parameters: { candidate_labels: ["cat"] } });
	});

	it("image tasks refuse image inputs that are neither a Blob nor a string", async () => {
		for (const [task, args] of [
			["zero-shot-image-classification", { inputs: 42, parameters: { candidate_labels: ["a"] } }],
			["document-question-answering", { inputs: { image: { not: "an image" }, question: "q" } }],
			["visual-question-answering", { inputs: { question: "q" } }],
			["image-to-image", { inputs: "" }],
			["image-classification", { inputs: "x" }],
		] as const) {
			await expect(
				helperFor(task).makeBody({ args: args as Record<string, unknown>, model: "m", mapping: undefined }),
			).rejects.toBeInstanceOf(InferenceClientInputError);
		}
	});

	it("image tasks send an image given as a string (URL or base64) as it is, without waiting", () => {
		const url = "https://example.com/cat.png";
		const zeroShot = helperFor("zero-shot-image-classification").preparePayload({
			args: { inputs: { image: url }, parameters: { candidate_labels: ["cat"] } },
			model: "m",
			mapping: undefined,
		});
		expect(zeroShot).toEqual({ inputs: url, parameters: { candidate_labels: ["cat"] } });
		const question = helperFor("visual-question-answering").preparePayload({
			args: { inputs: { image: url, question: "What is it?" } },
			model: "m",
			mapping: undefined,
		});
		expect(question).toEqual({ inputs: { image: url, question: "What is it?" } });
		const edit = helperFor("image-to-image").preparePayload({
			args: { inputs: "aGVsbG8=", parameters: { prompt: "p" } },
			model: "m",
			mapping: undefined,
		});
		expect(edit).toEqual({ inputs: "aGVsbG8=", parameters: { prompt: "p" } });
	});
});

describe("hf-inference: audio and image inputs", () => {
	for (const [task, item] of Object.entries(BINARY_CASES)) {
		describe(task, () => {
			const helper = helperFor(task);
			it("sends `data` as raw bytes", async () => {
				expect(helper.binaryInput).toBe(true);
				const media = item.media();
				const body = await helper.makeBody({ args: { data: media }, model: item.model, mapping: undefined });
				expect(body).toBe(media);
			});
			it("sends `inputs` as base64 JSON", async () => {
				const body = await helper.makeBody({
					args: { accessToken: "hf_x", model: item.model, inputs: item.media(), parameters: { top_k: 3 } },
					model: item.model,
					mapping: undefined,
				});
				expect(JSON.parse(body as string)).toEqual({ inputs: item.base64, parameters: { top_k: 3 } });
			});
			it("reads the answer", async () => {
				expect(await helper.getResponse(item.answer, context())).toEqual(item.output);
				for (const alternative of item.alternatives ?? []) {
					expect(await helper.getResponse(alternative.answer, context())).toEqual(alternative.output);
				}
			});
			it("rejects a wrong-shaped answer", async () => {
				await expect(helper.getResponse(item.wrong, context())).rejects.toThrow("Invalid inference output");
			});
		});
	}
});

describe("hf-inference: media outputs", () => {
	for (const [task, item] of Object.entries(MEDIA_CASES)) {
		describe(task, () => {
			const helper = helperFor(task);
			it("builds the body", async () => {
				expect(helper.responseKind).toBe("blob");
				const body = await helper.makeBody({ args: item.args(), model: item.model, mapping: undefined });
				expect(JSON.parse(body as string)).toEqual(item.body);
			});
			it("returns the bytes as a Blob, or a data URL when asked", async () => {
				const media = new Blob([pngBytes], { type: item.type });
				expect(await helper.getResponse(media, context())).toBe(media);
				expect(await helper.getResponse(media, context({ outputType: "dataUrl" }))).toBe(
					`data:${item.type};base64,${pngBase64}`,
				);
			});
			it("rejects an answer that is not bytes", async () => {
				await expect(helper.getResponse({ images: [] }, context())).rejects.toThrow("Invalid inference output");
				const json = new Blob(['{"error":"no"}'], { type: "application/json" });
				await expect(helper.getResponse(json, context())).rejects.toThrow("Invalid inference output");
			});
		});
	}
});

/** The fake hub + router: the hub maps no provider (hf-inference needs none); the router answers per route. */
describe("hf-inference: full calls against a local router", () => {
	const ROUTES: Record<string, Behaviour> = {
		"google/vit-base-patch16-224": reply.json([{ label: "tabby", score: 0.9 }]),
		"openai/whisper-large-v3": reply.json({ text: "hello" }),
		"speechbrain/sepformer-wham": reply.json([{ label: "label_0", blob: "UklGRg==", "content-type": "audio/flac" }]),
		"black-forest-labs/FLUX.1-dev": reply.binary(pngBytes, "image/png"),
		"facebook/bart-large-mnli": reply.json({ sequence: "s", labels: ["a", "b"], scores: [0.7, 0.3] }),
		"meta-llama/Llama-3.1-8B-Instruct/v1/chat/completions": reply.json(chatAnswer),
	};
	const server = useFakeServer((fake) => {
		for (const [route, answer] of Object.entries(ROUTES)) {
			fake.route("POST", `/router/hf-inference/models/${route}`, answer);
			fake.setMapping(route.replace("/v1/chat/completions", ""), {});
		}
	});
	const last = () => server.requestsTo("/router/").at(-1);
	const base = () => server.url;

	const options = () => ({ hubUrl: base(), routerUrl: `${base()}/router`, retry_on_error: false, timeout: 10_000 });

	it("buildRequest: raw bytes without a JSON content type", async () => {
		const media = image();
		const args = {
			accessToken: "hf_x",
			provider: "hf-inference" as const,
			model: "google/vit-base-patch16-224",
			data: media,
		};
		const built = await buildRequest(args, { ...options(), task: "image-classification" });
		expect(built.url).toBe(`${base()}/router/hf-inference/models/google/vit-base-patch16-224`);
		expect(built.init.body).toBe(media);
		expect(built.init.headers.Authorization).toBe("Bearer hf_x");
		expect(built.init.headers["Content-Type"]).toBeUndefined();
	});

	it("image classification sends the bytes", async () => {
		const output = await imageClassification(
			{ accessToken: "hf_x", provider: "hf-inference", model: "google/vit-base-patch16-224", data: image() },
			options(),
		);
		expect(output).toEqual([{ label: "tabby", score: 0.9 }]);
		const sent = last();
		expect(sent?.headers.authorization).toBe("Bearer hf_x");
		expect(sent?.headers["content-type"]).not.toBe("application/json");
		expect(new Uint8Array(sent?.body ?? [])).toEqual(pngBytes);
	});

	it("speech recognition with `inputs` sends base64 JSON, with a provider key too", async () => {
		const output = await automaticSpeechRecognition(
			{ accessToken: "key_x", provider: "hf-inference", model: "openai/whisper-large-v3", inputs: audio() },
			options(),
		);
		expect(output).toEqual({ text: "hello" });
		const sent = last();
		expect(sent?.headers.authorization).toBe("Bearer key_x");
		expect(sent?.headers["content-type"]).toBe("application/json");
		expect(sent?.json()).toEqual({ inputs: audioBase64 });
	});

	it("audio to audio, zero-shot (older form) and chat", async () => {
		expect(
			await audioToAudio(
				{ accessToken: "hf_x", provider: "hf-inference", model: "speechbrain/sepformer-wham", data: audio() },
				options(),
			),
		).toEqual([{ label: "label_0", blob: "UklGRg==", "content-type": "audio/flac" }]);
		expect(
			await zeroShotClassification(
				{
					accessToken: "hf_x",
					provider: "hf-inference",
					model: "facebook/bart-large-mnli",
					inputs: "s",
					parameters: { candidate_labels: ["a", "b"] },
				},
				options(),
			),
		).toEqual([
			{ label: "a", score: 0.7 },
			{ label: "b", score: 0.3 },
		]);
		expect(
			await chatCompletion(
				{
					accessToken: "hf_x",
					provider: "hf-inference",
					model: "meta-llama/Llama-3.1-8B-Instruct",
					messages: [{ role: "user", content: "Capital of France?" }],
				},
				options(),
			),
		).toEqual(chatAnswer);
	});

	it("text to image returns a Blob, or a data URL", async () => {
		const args = {
			accessToken: "hf_x",
			provider: "hf-inference" as const,
			model: "black-forest-labs/FLUX.1-dev",
			inputs: "An astronaut riding a horse",
		};
		const blob = await textToImage(args, options());
		expect(blob).toBeInstanceOf(Blob);
		expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(pngBytes);
		expect(await textToImage(args, { ...options(), outputType: "dataUrl" })).toBe(`data:image/png;base64,${pngBase64}`);
	});
});
