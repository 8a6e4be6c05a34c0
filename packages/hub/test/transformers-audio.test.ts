/**
 * Audio tasks on the transformers.js engine over real HTTP on 127.0.0.1, called
 * through @hubkit/inference: wav2vec2-style models the test writes
 * (support/audio-models.ts), whose answers follow from the loudness of the WAV
 * clips the test makes — a classifier that tells loud from quiet, and a CTC
 * recogniser that spells tones by their loudness — and the refusals (not WAV, a
 * model without its preprocessor, canRunLocally's reasons). On SQLite and on
 * PostgreSQL (the runtime reads the model's row and files through the database).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { canRunLocally, type LocalCandidate } from "@hubkit/runtime";
import type { ModelFile } from "@hubkit/runtime/models";
import { describe, expect, it } from "vitest";
import type { SeedModel } from "../src/seed/types.js";
import { clip, ctcRecogniserFiles, loudnessClassifierFiles, type Stretch, TONE } from "./support/audio-models.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { wavFile } from "./support/media-samples.js";
import { runModelSnippets } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";

const LOUDNESS = "acme/tiny-loudness";
const SPEECH = "acme/tiny-ctc";
const NO_PREPROCESSOR = "acme/loudness-without-preprocessor";
const DEMO_DIR = new URL("../../tasks/assets/demo/", import.meta.url).pathname;

/** A model the hub maps to hf-inference for its task, as the seed loader would for a runnable one. */
function localModel(id: string, task: string, files: SeedModel["files"]): SeedModel {
	return seedModel(id, {
		pipeline_tag: task,
		library_name: "transformers.js",
		tags: ["transformers.js", "onnx", task],
		files,
		inferenceProviderMapping: [{ provider: "hf-inference", providerId: id, task, status: "live" }],
	});
}

const without = (files: ModelFile[], path: string) => files.filter((file) => file.path !== path);
const replacing = (files: ModelFile[], path: string, content: unknown) => [
	...without(files, path),
	{ path, content: JSON.stringify(content) },
];

const MODELS: SeedModel[] = [
	localModel(LOUDNESS, "audio-classification", loudnessClassifierFiles()),
	localModel(SPEECH, "automatic-speech-recognition", ctcRecogniserFiles()),
	localModel(NO_PREPROCESSOR, "audio-classification", without(loudnessClassifierFiles(), "preprocessor_config.json")),
];

const silence = (frames: number): Stretch => ({ amplitude: 0, frames });
const tone = (amplitude: number, frames: number): Stretch => ({ amplitude, frames });
const wav = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "audio/wav" });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe.each(ENGINES)("audio on the transformers.js engine, on a hub on loopback (%s)", (engine) => {
	const hub = useLocalHub(engine, MODELS, { runtime: { workers: 1 } });

	async function post(path: string, body: Uint8Array | string, contentType: string) {
		const response = await fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { "content-type": contentType, authorization: `Bearer ${hub.token}` },
			body: body as Uint8Array<ArrayBuffer> | string,
		});
		return { status: response.status, body: await response.json() };
	}

	it("tells a loud clip from a quiet one (raw WAV body; base64 JSON with top_k)", async () => {
		const loud = await hub.client.audioClassification({ model: LOUDNESS, data: wav(clip([tone(0.5, 50)])) });
		// Energy 0.125: logits 125 against 10.
		expect(loud.map((item) => item.label)).toEqual(["loud", "quiet"]);
		expect(loud[0]?.score).toBeGreaterThan(0.999);
		const quiet = await hub.client.audioClassification({ model: LOUDNESS, inputs: wav(clip([tone(0.02, 50)])) });
		expect(quiet[0]).toEqual({ label: "quiet", score: expect.any(Number) });
		expect(quiet[0]?.score).toBeGreaterThan(0.999);
		// Mostly silence with one loud burst: the mean over the whole clip decides (0.125 × 1/10).
		const burst = await post(
			`/hf-inference/models/${LOUDNESS}`,
			JSON.stringify({ inputs: base64(clip([silence(45), tone(0.5, 5)])), parameters: { top_k: 1 } }),
			"application/json",
		);
		expect(burst).toMatchObject({ status: 200, body: [{ label: "loud" }] });
		expect(burst.body).toHaveLength(1);
	});

	it("transcribes tones by their loudness, merging a held letter but not one repeated after a pause", async () => {
		const transcript = async (stretches: Stretch[], rate?: number) =>
			(await hub.client.automaticSpeechRecognition({ model: SPEECH, data: wav(clip(stretches, rate)) })).text;
		// Medium, soft, very loud (the word delimiter), medium, soft: each held for several frames.
		const words = [tone(TONE.h, 5), tone(TONE.i, 5), tone(TONE.space, 3), tone(TONE.h, 4), tone(TONE.i, 6)];
		expect(await transcript(words)).toBe("hi hi");
		// The same tone twice with silence (blank frames) between is the letter twice.
		expect(await transcript([silence(3), tone(TONE.h, 5), silence(4), tone(TONE.h, 5), silence(3)])).toBe("hh");
		expect(await transcript([tone(TONE.h, 4), silence(2), tone(TONE.i, 4), silence(2), tone(TONE.h, 4)])).toBe("hih");
		// Recorded at 48 kHz: resampled to the feature extractor's 16 kHz before the model hears it.
		expect(await transcript(words, 48_000)).toBe("hi hi");
		expect(await transcript([silence(20)])).toBe("");
		// As base64 in JSON, the form @hubkit/inference sends for `inputs`.
		const asJson = await hub.client.automaticSpeechRecognition({ model: SPEECH, inputs: wav(clip(words)) });
		expect(asJson).toEqual({ text: "hi hi" });
	});

	it("refuses what is not a WAV recording with a 400 that says what it reads, and keeps serving", async () => {
		const path = `/hf-inference/models/${SPEECH}`;
		const notWav = /not a WAV file \(RIFF\/WAVE, PCM or float samples\): the local runtime reads WAV only/;
		const flac = new Uint8Array([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 34, ...new Array(40).fill(0)]);
		const cases: [Awaited<ReturnType<typeof post>>, RegExp][] = [
			[await post(path, flac, "audio/flac"), notWav],
			[await post(path, "just some text", "audio/wav"), notWav],
			[
				await post(path, JSON.stringify({ inputs: base64(new TextEncoder().encode("text")) }), "application/json"),
				notWav,
			],
			[await post(path, "hello", "text/plain"), /takes a recording \(audio\/\*\) or JSON with base64 `inputs`/],
			[
				await post(path, JSON.stringify({ inputs: "https://example.com/a.wav" }), "application/json"),
				/fetches nothing/,
			],
			[await post(path, wavFile(new Float32Array(0), 16_000), "audio/wav"), /The recording holds no samples/],
			// Less than one of the recogniser's frames: refused before the model runs.
			[await post(path, wavFile(new Float32Array(100), 16_000), "audio/wav"), /is 6 ms long: send at least 100 ms/],
			[await post(`/hf-inference/models/${LOUDNESS}`, flac, "audio/flac"), notWav],
			[
				await post(
					`/hf-inference/models/${LOUDNESS}`,
					JSON.stringify({ inputs: base64(clip([tone(0.5, 5)])), parameters: { top_k: 0 } }),
					"application/json",
				),
				/`parameters.top_k` must be a positive integer/,
			],
		];
		for (const [answer, message] of cases) {
			expect(answer.status, String(message)).toBe(400);
			expect(answer.body.error, String(message)).toMatch(message);
		}
		expect(
			(await hub.client.automaticSpeechRecognition({ model: SPEECH, data: wav(clip([tone(TONE.i, 5)])) })).text,
		).toBe("i");
	});

	it("refuses a model without its preprocessor, naming the file", async () => {
		const answer = await post(`/hf-inference/models/${NO_PREPROCESSOR}`, clip([tone(0.5, 5)]), "audio/wav");
		expect(answer).toEqual({
			status: 400,
			body: { error: `Model ${NO_PREPROCESSOR} has no preprocessor_config.json` },
		});
	});
});

/** Files as canRunLocally sees them when they are all real (seed records with content, or the store). */
function candidate(id: string, pipelineTag: string, files: ModelFile[]): LocalCandidate {
	const find = (path: string) => files.find((file) => file.path === path);
	return {
		id,
		pipelineTag,
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

describe("canRunLocally for audio models", () => {
	it("says yes for the classifier and the CTC recogniser", async () => {
		expect(await canRunLocally(candidate(LOUDNESS, "audio-classification", loudnessClassifierFiles()))).toEqual({
			ok: true,
			task: "audio-classification",
		});
		expect(await canRunLocally(candidate(SPEECH, "automatic-speech-recognition", ctcRecogniserFiles()))).toEqual({
			ok: true,
			task: "automatic-speech-recognition",
		});
	});

	it("says no, with the reason, for each file the engine needs", async () => {
		const classifier = loudnessClassifierFiles();
		const recogniser = ctcRecogniserFiles();
		const tokenizer = JSON.parse(recogniser.find((file) => file.path === "tokenizer.json")?.content as string);
		const cases: [string, ModelFile[], string][] = [
			["audio-classification", without(classifier, "preprocessor_config.json"), "it has no preprocessor_config.json"],
			[
				"audio-classification",
				replacing(classifier, "config.json", { architectures: ["Wav2Vec2ForSequenceClassification"] }),
				"config.json has no id2label",
			],
			[
				"automatic-speech-recognition",
				without(recogniser, "preprocessor_config.json"),
				"it has no preprocessor_config.json",
			],
			["automatic-speech-recognition", without(recogniser, "tokenizer.json"), "it has no tokenizer.json"],
			["automatic-speech-recognition", without(recogniser, "tokenizer_config.json"), "it has no tokenizer_config.json"],
			[
				"automatic-speech-recognition",
				replacing(recogniser, "tokenizer.json", { ...tokenizer, decoder: null }),
				"tokenizer.json has no CTC decoder",
			],
			[
				"automatic-speech-recognition",
				replacing(recogniser, "config.json", { architectures: ["WhisperForConditionalGeneration"] }),
				"it is a WhisperForConditionalGeneration: the local runtime recognises speech with CTC models (…ForCTC) only",
			],
		];
		for (const [task, files, reason] of cases) {
			expect(await canRunLocally(candidate("acme/audio", task, files)), reason).toEqual({
				ok: false,
				reason: `Model acme/audio: ${reason}`,
			});
		}
	});
});

/** The model pages' snippets (js @hubkit/inference, js fetch, sh curl), run unchanged: they send the tasks' demo WAVs. */
describe("inference snippets of the audio models", () => {
	// Mapped by the seed loader itself (no declared mapping): it asks canRunLocally.
	const records = [
		seedModel(LOUDNESS, { pipeline_tag: "audio-classification", files: loudnessClassifierFiles() }),
		seedModel(SPEECH, { pipeline_tag: "automatic-speech-recognition", files: ctcRecogniserFiles() }),
	];
	const hub = useLocalHub("sqlite", records, { runtime: { workers: 1 }, snippets: "audio" });

	const snippetOutputs = async (id: string) =>
		(await runModelSnippets(hub, id)).map(({ stdout }) => JSON.parse(stdout) as unknown);

	it("classify the demo clip as loud (its mean energy is 0.044, above the 0.01 line)", async () => {
		for (const answer of await snippetOutputs(LOUDNESS)) {
			expect((answer as { label: string }[]).map((item) => item.label)).toEqual(["loud", "quiet"]);
		}
	});

	it("transcribe the demo recording as the hub does for the same file", async () => {
		const demo = readFileSync(join(DEMO_DIR, "automatic-speech-recognition-input.wav"));
		const expected = await hub.client.automaticSpeechRecognition({ model: SPEECH, data: wav(new Uint8Array(demo)) });
		// Spoken words, soft and medium-loud: the recogniser's letters, no spaces (nothing is that loud).
		expect(expected.text).toMatch(/^[hi]{5,}$/);
		for (const answer of await snippetOutputs(SPEECH)) expect(answer).toEqual(expected);
	});
});
