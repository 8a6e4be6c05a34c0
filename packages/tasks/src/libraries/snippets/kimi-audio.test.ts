import { describe, expect, it } from "vitest";
import { snippets } from "./kimi-audio.js";

describe("kimi-audio snippets", () => {
	it("writes the spoken reply at 24000 Hz", () => {
		const [snippet] = snippets({ id: "moonshotai/Kimi-Audio-7B-Instruct" });
		expect(snippet?.content).toContain(`KimiAudio(model_path="moonshotai/Kimi-Audio-7B-Instruct"`);
		expect(snippet?.content).toContain(", 24000)");
	});
});
