import { describe, expect, it } from "vitest";
import { snippets } from "./espnet.js";

describe("espnet snippets", () => {
	it("show text-to-speech for TTS models, by pipeline tag or tag", () => {
		for (const model of [
			{ id: "espnet/tts", pipeline_tag: "text-to-speech" as const },
			{ id: "espnet/tts", tags: ["text-to-speech"] },
		]) {
			const [snippet] = snippets(model);
			expect(snippets(model)).toHaveLength(1);
			expect(snippet?.content).toContain('Text2Speech.from_pretrained("espnet/tts")');
			expect(snippet?.content).toContain("text2speech.fs");
		}
	});

	it("show speech recognition for ASR models, by pipeline tag or tag", () => {
		for (const model of [
			{ id: "espnet/asr", pipeline_tag: "automatic-speech-recognition" as const },
			{ id: "espnet/asr", cardData: { tags: ["automatic-speech-recognition"] } },
		]) {
			const out = snippets(model);
			expect(out).toHaveLength(1);
			expect(out[0]?.content).toContain('Speech2Text.from_pretrained("espnet/asr")');
		}
	});

	it("explain other models with the fixed text", () => {
		for (const model of [{ id: "espnet/x" }, { id: "espnet/x", pipeline_tag: "audio-to-audio" as const }]) {
			expect(snippets(model)).toEqual([
				{
					language: "python",
					content:
						"# Unknown model type: ESPnet snippets cover text-to-speech and automatic-speech-recognition models.",
				},
			]);
		}
	});
});
