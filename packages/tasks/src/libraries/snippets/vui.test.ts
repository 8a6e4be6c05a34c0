import { describe, expect, it } from "vitest";
import { snippets as pocketTts } from "./pocket-tts.js";
import { snippets as qwen3Tts } from "./qwen3-tts.js";
import { snippets as stableAudioTools } from "./stable-audio-tools.js";
import { snippets as vui } from "./vui.js";

// Text-to-speech WAVs: every one of these libraries fixes its own sampling rate,
// so the snippets write at that rate instead of a guessed one.
describe("text-to-speech output rates", () => {
	it("vui writes at its codec's fixed 22050 Hz", () => {
		expect(vui({ id: "fluxions/vui" })[0]?.content).toMatch(
			/torchaudio\.save\("output\.wav", waveform\[0\]\.cpu\(\), 22050\)/,
		);
	});

	it("pocket-tts, qwen3-tts and stable-audio-tools use the rate the library reports", () => {
		expect(pocketTts({ id: "kyutai/pocket-tts" })[0]?.content).toContain("tts_model.sample_rate");
		expect(qwen3Tts({ id: "Qwen/Qwen3-TTS-12Hz-1.7B-CustomVoice" })[0]?.content).toContain(
			'sf.write("output.wav", wavs[0], sr)',
		);
		expect(stableAudioTools({ id: "stabilityai/stable-audio-open-1.0" })[0]?.content).toContain(
			'torchaudio.save("output.wav", output, sample_rate)',
		);
	});

	it("fall back to the default sample text without widget data", () => {
		expect(vui({ id: "fluxions/vui" })[0]?.content).toContain("Welcome aboard. The next stop is Central Station.");
		expect(pocketTts({ id: "x/y", widgetData: [{ text: "Hi there" }] })[0]?.content).toContain('"Hi there"');
	});
});
