/** Request and output shapes that depend on the caller's input form (multipart audio, one text vs many). */
import { describe, expect, it } from "vitest";
import { automaticSpeechRecognition, buildRequest, featureExtraction } from "../src/index.js";
import { reply } from "./fake-server.js";
import { entry, HF_TOKEN, useFakeServer, via } from "./helpers.js";

const ASR_MODEL = "openai/whisper-large-v3";
const EMBEDDER = "BAAI/bge-base-en-v1.5";

const server = useFakeServer((server) => {
	server.setMapping(ASR_MODEL, { together: entry("openai/whisper-large-v3", "automatic-speech-recognition") });
	server.setMapping(EMBEDDER, { together: entry("BAAI/bge-base-en-v1.5-vllm", "feature-extraction") });
});

describe("multipart audio upload", () => {
	it("lets the form set its own Content-Type when the audio comes as `inputs`", async () => {
		const audio = new Blob([new Uint8Array([82, 73, 70, 70])], { type: "audio/wav" });
		const { init } = await buildRequest(
			{ accessToken: HF_TOKEN, model: ASR_MODEL, provider: "together", inputs: audio },
			{ ...via(server), task: "automatic-speech-recognition" },
		);
		expect(init.body).toBeInstanceOf(FormData);
		expect(Object.keys(init.headers).map((name) => name.toLowerCase())).not.toContain("content-type");
	});

	it("arrives at the server as multipart/form-data and returns the text", async () => {
		server.route("POST", "/together/v1/audio/transcriptions", reply.json({ text: "three small boats" }));
		const audio = new Blob([new Uint8Array([82, 73, 70, 70])], { type: "audio/wav" });
		const output = await automaticSpeechRecognition(
			{ accessToken: HF_TOKEN, model: ASR_MODEL, provider: "together", inputs: audio },
			via(server),
		);
		expect(output).toEqual({ text: "three small boats" });
		const [request] = server.requestsTo("/together/v1/audio/transcriptions", "POST");
		expect(request?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
	});
});

describe("embedding shapes follow the input", () => {
	const answer = {
		object: "list",
		data: [
			{ object: "embedding", index: 1, embedding: [0.3, 0.4] },
			{ object: "embedding", index: 0, embedding: [0.1, 0.2] },
		],
	};

	it("one text gives one vector", async () => {
		server.route("POST", "/together/v1/embeddings", reply.json({ object: "list", data: [answer.data[1]] }));
		const output = await featureExtraction(
			{ accessToken: HF_TOKEN, model: EMBEDDER, provider: "together", inputs: "one sentence" },
			via(server),
		);
		expect(output).toEqual([0.1, 0.2]);
	});

	it("a list of texts gives one vector each, in input order", async () => {
		server.route("POST", "/together/v1/embeddings", reply.json(answer));
		const output = await featureExtraction(
			{ accessToken: HF_TOKEN, model: EMBEDDER, provider: "together", inputs: ["first", "second"] },
			via(server),
		);
		expect(output).toEqual([
			[0.1, 0.2],
			[0.3, 0.4],
		]);
	});
});
