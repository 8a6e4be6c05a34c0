import { describe, expect, it } from "vitest";
import { snippets } from "./audiocraft.js";

describe("audiocraft snippets", () => {
	it("give one snippet per recognised family", () => {
		const all = snippets({ id: "org/all", tags: ["musicgen", "audiogen", "magnet"] });
		expect(all.map((snippet) => snippet.title)).toEqual(["MusicGen", "AudioGen", "MAGNeT"]);
		expect(all[0].content).toContain('MusicGen.get_pretrained("org/all")');
		expect(all[1].content).toContain('AudioGen.get_pretrained("org/all")');
		expect(all[2].content).toContain('MAGNeT.get_pretrained("org/all")');
	});

	it("generate 5 seconds with AudioGen", () => {
		const [audiogen] = snippets({ id: "facebook/audiogen-medium", tags: ["audiogen"] });
		expect(audiogen.content).toContain("set_generation_params(duration=5)");
	});

	it("recognise card tags too", () => {
		const out = snippets({ id: "org/m", cardData: { tags: ["magnet"] } });
		expect(out.map((snippet) => snippet.title)).toEqual(["MAGNeT"]);
	});

	it("explain unknown kinds of model", () => {
		expect(snippets({ id: "facebook/encodec_24khz", tags: ["audiocraft"] })).toEqual([
			{ language: "python", content: "# Type of model unknown." },
		]);
		expect(snippets({ id: "bare/model" })[0].content).toBe("# Type of model unknown.");
	});
});
