import { describe, expect, it } from "vitest";
import { snippets } from "./vibevoice.js";

describe("vibevoice snippets", () => {
	it("write the WAV with the library's own 24000 Hz writer", () => {
		const [snippet] = snippets({ id: "microsoft/VibeVoice-1.5B" });
		expect(snippet.content).toContain("processor.save_audio(");
		expect(snippet.content).toContain("24000 Hz");
	});
});
