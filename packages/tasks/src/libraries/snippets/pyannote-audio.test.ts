import { describe, expect, it } from "vitest";
import { snippets } from "./pyannote-audio.js";

describe("pyannote-audio snippets", () => {
	it("load pipelines with Pipeline.from_pretrained and apply them to an audio file", () => {
		const content = snippets({ id: "pyannote/speaker-diarization-3.1" })[0]?.content ?? "";
		expect(content).toContain('Pipeline.from_pretrained("pyannote/speaker-diarization-3.1")');
		expect(content).toContain('pipeline("audio.wav")');
	});

	it("run bare models through Inference", () => {
		const content = snippets({ id: "pyannote/segmentation-3.0", tags: ["pyannote-audio-model"] })[0]?.content ?? "";
		expect(content).toContain('Model.from_pretrained("pyannote/segmentation-3.0")');
		expect(content).toContain('inference("audio.wav")');
	});
});
