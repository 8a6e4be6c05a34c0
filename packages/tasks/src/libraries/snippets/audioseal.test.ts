import { describe, expect, it } from "vitest";
import { snippets } from "./audioseal.js";

describe("audioseal snippets", () => {
	it("use a 16000 Hz sample rate", () => {
		const [snippet] = snippets({ id: "facebook/audioseal" });
		expect(snippet.content).toContain("sample_rate = 16000");
		expect(snippet.content).toContain('hf_hub_download("facebook/audioseal", "generator_base.pth")');
	});
});
