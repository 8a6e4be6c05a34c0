import { describe, expect, it } from "vitest";
import { snippets as chatTts } from "./chat-tts.js";
import { snippets as kittentts } from "./kittentts.js";

describe("text-to-speech snippets that write a WAV", () => {
	it("write KittenTTS audio at 24000 Hz, speaking the default TTS sentence without a widget", () => {
		const content = kittentts({ id: "KittenML/kitten-tts-nano-0.1" })[0]?.content ?? "";
		expect(content).toContain('KittenTTS("KittenML/kitten-tts-nano-0.1")');
		expect(content).toContain("24000)");
		expect(content).toContain('"Welcome aboard. The next stop is Central Station."');
	});

	it("write ChatTTS audio at 24000 Hz", () => {
		expect(chatTts({ id: "2Noise/ChatTTS" })[0]?.content).toContain("24000)");
	});
});
