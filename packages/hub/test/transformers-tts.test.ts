/**
 * Text to speech on the transformers.js engine over real HTTP on 127.0.0.1, called
 * through @hubkit/inference: a VITS-style model the test writes (support/vits-model.ts)
 * whose waveform follows from the text — a run of samples per character, as loud as the
 * letter is far down the alphabet, with silent blanks between — answered as a WAV file;
 * the refusals (no text, too much, nothing sayable, a folder without its tokenizer, not VITS,
 * canRunLocally's reasons); and the model page's snippets run against the hub. On SQLite
 * and on PostgreSQL (the runtime reads the model's row and files through the database).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { getInferenceSnippets, InferenceClient } from "@hubkit/inference";
import { canRunLocally, decodeWav, type LocalCandidate, MAX_SPEECH_TEXT, type Recording } from "@hubkit/runtime";
import type { ModelFile } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { createLocalRuntime, type HubLocalRuntime } from "../src/local-inference/local-runtime.js";
import { loadSeed } from "../src/seed/load.js";
import type { SeedModel } from "../src/seed/types.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { RUNS_ROOT, runSnippet } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";
import { amplitudeOf, SAMPLES_PER_TOKEN, SAMPLING_RATE, tokensOf, vitsModelFiles } from "./support/vits-model.js";

const VOICE = "acme/tiny-vits";
const NO_TOKENIZER = "acme/vits-without-tokenizer";
const NO_TOKENIZER_CONFIG = "acme/vits-without-tokenizer-config";
const SPEECHT5 = "acme/speecht5-config";
/** One step of a 16-bit sample: how far a sample read back from the WAV may be from the model's. */
const STEP = 1 / 32767;

/** A model the hub maps to hf-inference for its task, as the seed loader would for a runnable one. */
function localModel(id: string, files: SeedModel["files"]): SeedModel {
	return seedModel(id, {
		pipeline_tag: "text-to-speech",
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", "vits", "text-to-speech"],
		config: { architectures: ["VitsModel"], model_type: "vits" },
		files,
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task: "text-to-speech", status: "live" }],
	});
}

const without = (files: ModelFile[], path: string) => files.filter((file) => file.path !== path);
const replacing = (files: ModelFile[], path: string, content: unknown) => [
	...without(files, path),
	{ path, content: JSON.stringify(content) },
];

const MODELS: SeedModel[] = [
	localModel(VOICE, vitsModelFiles()),
	localModel(NO_TOKENIZER, without(vitsModelFiles(), "tokenizer.json")),
	localModel(NO_TOKENIZER_CONFIG, without(vitsModelFiles(), "tokenizer_config.json")),
	// No architectures named: only its model_type says it is not a VITS model.
	localModel(SPEECHT5, replacing(vitsModelFiles(), "config.json", { model_type: "speecht5", sampling_rate: 16_000 })),
];

/** The loudness (largest sample) of each token's run, in order. */
function runPeaks({ samples }: Recording): number[] {
	const peaks: number[] = [];
	for (let start = 0; start < samples.length; start += SAMPLES_PER_TOKEN) {
		const run = samples.subarray(start, start + SAMPLES_PER_TOKEN);
		peaks.push(run.reduce((peak, sample) => Math.max(peak, Math.abs(sample)), 0));
	}
	return peaks;
}

/** Checks a WAV answer is the model's reading of `text`: its rate, its length, each run's loudness. */
function expectSpoken(recording: Recording, text: string): void {
	const tokens = tokensOf(text);
	expect(recording.rate).toBe(SAMPLING_RATE);
	expect(recording.samples.length).toBe(tokens.length * SAMPLES_PER_TOKEN);
	const peaks = runPeaks(recording);
	tokens.forEach((token, index) => {
		expect(Math.abs((peaks[index] ?? -1) - amplitudeOf(token)), `${token} at ${index}`).toBeLessThanOrEqual(STEP);
	});
}

describe.each(ENGINES)("text to speech on the transformers.js engine, on a hub on loopback (%s)", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let token: string;
	let client: InferenceClient;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, MODELS);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps, { workers: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		client = new InferenceClient(token, { provider: "hf-inference", hubUrl: server.url, routerUrl: server.url });
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function post(path: string, body: unknown) {
		const response = await fetch(`${server.url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
			body: typeof body === "string" ? body : JSON.stringify(body),
		});
		const type = response.headers.get("content-type") ?? "";
		const answer = type.includes("json") ? await response.json() : new Uint8Array(await response.arrayBuffer());
		return { status: response.status, type, body: answer };
	}

	const speak = async (inputs: string) => {
		const audio = await client.textToSpeech({ model: VOICE, inputs });
		expect(audio.type).toBe("audio/wav");
		return new Uint8Array(await audio.arrayBuffer());
	};

	it('says "ab" as five runs of 60 samples: silence, a, silence, b (twice as loud), silence', async () => {
		const wav = await speak("ab");
		const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
		const tag = (offset: number) => new TextDecoder().decode(wav.subarray(offset, offset + 4));
		// A plain 16-bit mono PCM WAV at the rate config.json gives (not MMS's 16 kHz).
		expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
		expect(view.getUint16(20, true)).toBe(1);
		expect(view.getUint16(22, true)).toBe(1);
		expect(view.getUint32(24, true)).toBe(SAMPLING_RATE);
		expect(view.getUint16(34, true)).toBe(16);
		expect(view.getUint32(40, true)).toBe(5 * SAMPLES_PER_TOKEN * 2);
		const recording = decodeWav(wav);
		expect(recording.rate).toBe(12_000);
		expect(recording.samples.length).toBe(300);
		const peaks = runPeaks(recording);
		expect(peaks.map((peak) => Math.round(peak * 1000) / 1000)).toEqual([0, 0.025, 0, 0.05, 0]);
		// A square wave: up and down by the letter's amplitude, sample after sample.
		expect(Math.abs((recording.samples[60] ?? 0) - 0.025)).toBeLessThanOrEqual(STEP);
		expect(Math.abs((recording.samples[61] ?? 0) + 0.025)).toBeLessThanOrEqual(STEP);
	});

	it("reads text as an MMS-TTS tokenizer does: lower case, what it cannot say dropped, one run per character", async () => {
		// "Hi!" is "hi": h (0.2) and i (0.225) between blanks.
		const hi = decodeWav(await speak("Hi!"));
		expect(hi.samples.length).toBe(5 * SAMPLES_PER_TOKEN);
		expect(runPeaks(hi).map((peak) => Math.round(peak * 1000) / 1000)).toEqual([0, 0.2, 0, 0.225, 0]);
		// Longer text: 2 × its 25 sayable characters + 1 runs, z the loudest (0.65).
		const sentence = "Zebras hum, 42 times, quietly.";
		const spoken = decodeWav(await speak(sentence));
		expect(tokensOf(sentence)).toHaveLength(2 * "zebras hum  times quietly".length + 1);
		expectSpoken(spoken, sentence);
		expect(Math.max(...runPeaks(spoken))).toBeCloseTo(0.65, 4);
		// The same through fetch, with (ignored) generation parameters as hf-inference sends them.
		const answer = await post(`/hf-inference/models/${VOICE}`, { inputs: "ab", parameters: { do_sample: false } });
		expect(answer.status).toBe(200);
		expect(answer.type).toBe("audio/wav");
		expectSpoken(decodeWav(answer.body as Uint8Array), "ab");
	});

	it("refuses text that is missing, empty, too long or has nothing sayable with a 400, and keeps serving", async () => {
		const path = `/hf-inference/models/${VOICE}`;
		const needsText = /text-to-speech needs the text to say/;
		const cases: [unknown, RegExp][] = [
			[{ inputs: "" }, needsText],
			[{ inputs: "   " }, needsText],
			[{ inputs: 42 }, needsText],
			[{ text: "hello" }, needsText],
			[[{ inputs: "hello" }], /must be a JSON object with `inputs`/],
			["not json", /The request body is not valid JSON/],
			[{ inputs: "hello", parameters: "fast" }, /`parameters` must be an object/],
			[{ inputs: "a".repeat(MAX_SPEECH_TEXT + 1) }, /longer than 1000 characters: send it in parts/],
			[{ inputs: "42 — 17?" }, /The text has no character this model can say/],
			[{ inputs: "Привет" }, /The text has no character this model can say/],
		];
		for (const [body, message] of cases) {
			const answer = await post(path, body);
			expect(answer.status, String(message)).toBe(400);
			expect((answer.body as { error: string }).error, String(message)).toMatch(message);
		}
		// Exactly at the bound is spoken.
		expectSpoken(decodeWav(await speak("b".repeat(MAX_SPEECH_TEXT))), "b".repeat(MAX_SPEECH_TEXT));
	});

	it("refuses a model that is not VITS, by its model_type", async () => {
		const answer = await post(`/hf-inference/models/${SPEECHT5}`, { inputs: "ab" });
		expect(answer).toEqual({
			status: 400,
			type: expect.stringContaining("json"),
			body: {
				error: `Model ${SPEECHT5}: config.json's model_type is "speecht5": the local runtime speaks with VITS models (model_type "vits") only`,
			},
		});
	});

	it("refuses a folder without its tokenizer, naming the file", async () => {
		expect(await post(`/hf-inference/models/${NO_TOKENIZER}`, { inputs: "ab" })).toEqual({
			status: 400,
			type: expect.stringContaining("json"),
			body: { error: `Model ${NO_TOKENIZER} has no tokenizer.json` },
		});
		expect(await post(`/hf-inference/models/${NO_TOKENIZER_CONFIG}`, { inputs: "ab" })).toEqual({
			status: 400,
			type: expect.stringContaining("json"),
			body: { error: `Model ${NO_TOKENIZER_CONFIG} has no tokenizer_config.json` },
		});
	});
});

/** Files as canRunLocally sees them when they are all real (seed records with content, or the store). */
function candidate(id: string, files: ModelFile[]): LocalCandidate {
	const find = (path: string) => files.find((file) => file.path === path);
	return {
		id,
		pipelineTag: "text-to-speech",
		files: {
			async file(path) {
				const content = find(path)?.content;
				if (content === undefined) return undefined;
				return { size: typeof content === "string" ? Buffer.byteLength(content) : content.byteLength, real: true };
			},
			async text(path) {
				const content = find(path)?.content;
				return typeof content === "string" ? content : new TextDecoder().decode(content);
			},
		},
	};
}

describe("canRunLocally for text-to-speech models", () => {
	it("says yes for the VITS folder", async () => {
		expect(await canRunLocally(candidate(VOICE, vitsModelFiles()))).toEqual({ ok: true, task: "text-to-speech" });
	});

	it("says no, with the reason, for each file and field the engine needs", async () => {
		const files = vitsModelFiles();
		const config = JSON.parse(files.find((file) => file.path === "config.json")?.content as string);
		const tokenizer = JSON.parse(files.find((file) => file.path === "tokenizer.json")?.content as string);
		const cases: [ModelFile[], string][] = [
			[without(files, "tokenizer.json"), "it has no tokenizer.json"],
			[without(files, "tokenizer_config.json"), "it has no tokenizer_config.json"],
			[without(files, "onnx/model.onnx"), "it has no ONNX weights"],
			[
				replacing(files, "tokenizer.json", { ...tokenizer, model: { type: "CharLevel", vocab: {} } }),
				"tokenizer.json has no vocabulary transformers.js reads (a plain one, or BPE, WordPiece, Unigram)",
			],
			[replacing(files, "config.json", { ...config, sampling_rate: undefined }), "config.json gives no sampling_rate"],
			[
				// SpeechT5 speaks through a vocoder transformers.js would download.
				replacing(files, "config.json", { architectures: ["SpeechT5ForTextToSpeech"], model_type: "speecht5" }),
				'config.json\'s model_type is "speecht5": the local runtime speaks with VITS models (model_type "vits") only',
			],
			[
				replacing(files, "config.json", { ...config, architectures: ["VitsForAudioFrameClassification"] }),
				"it is a VitsForAudioFrameClassification: it does not do text-to-speech",
			],
		];
		for (const [broken, reason] of cases) {
			const verdict = await canRunLocally(candidate("acme/voice", broken));
			expect(verdict.ok, reason).toBe(false);
			expect(verdict.ok ? "" : verdict.reason, reason).toMatch(
				new RegExp(`^Model acme/voice: ${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
			);
		}
	});
});

/** The model page's snippets (js @hubkit/inference, js fetch, sh curl), run unchanged: each writes output.wav. */
describe("inference snippets of the VITS model", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let runtime: HubLocalRuntime;
	let server: Listening;
	let token: string;
	let dir: string;

	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		// Mapped by the seed loader itself (no declared mapping): it asks canRunLocally.
		await loadSeed(hub.deps, [
			seedModel(VOICE, {
				pipeline_tag: "text-to-speech",
				library_name: "transformers.js",
				config: { architectures: ["VitsModel"], model_type: "vits" },
				files: vitsModelFiles(),
			}),
		]);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
		runtime = createLocalRuntime(hub.deps, { workers: 1 });
		server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		mkdirSync(RUNS_ROOT, { recursive: true });
		dir = mkdtempSync(join(RUNS_ROOT, "tts-"));
	});

	afterAll(async () => {
		await server?.close();
		await runtime?.close();
		await hub?.close();
		await testDb?.cleanup();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	it("each writes the WAV the model makes of the task's sample sentence", async () => {
		const response = await fetch(
			`${server.url}/api/models/${VOICE}?expand[]=inferenceProviderMapping&expand[]=pipeline_tag&expand[]=tags&expand[]=widgetData`,
		);
		const model = (await response.json()) as Parameters<typeof getInferenceSnippets>[0];
		expect(model.inferenceProviderMapping).toMatchObject({
			"hf-inference": { status: "live", task: "text-to-speech" },
		});
		const snippets = getInferenceSnippets(model, "hf-inference", undefined, {
			hubUrl: server.url,
			routerUrl: server.url,
		}).filter((snippet) => ["@hubkit/inference", "fetch", "curl"].includes(snippet.client));
		expect(snippets.map((snippet) => snippet.client)).toEqual(["@hubkit/inference", "fetch", "curl"]);
		const sentence = "Welcome aboard. The next stop is Central Station.";
		for (const snippet of snippets) {
			expect(snippet.content, snippet.client).toContain(sentence);
			const cwd = mkdtempSync(join(dir, "run-"));
			const result = await runSnippet(snippet, cwd, token);
			expect(result.code, `${snippet.client}: ${result.output}`).toBe(0);
			expect(result.output).not.toContain(token);
			expectSpoken(decodeWav(new Uint8Array(readFileSync(join(cwd, "output.wav")))), sentence);
		}
	});
});
