import { describe, expect, it } from "vitest";
import { snippets } from "./nemo.js";

describe("nemo snippets", () => {
	it("handle speech recognition by pipeline tag or tag", () => {
		for (const model of [
			{ id: "nvidia/asr", pipeline_tag: "automatic-speech-recognition" as const },
			{ id: "nvidia/asr", tags: ["automatic-speech-recognition"] },
		]) {
			const [snippet] = snippets(model);
			expect(snippet.content).toContain('nemo_asr.models.ASRModel.from_pretrained("nvidia/asr")');
		}
	});

	it("explain other domains", () => {
		const expected = [{ language: "python", content: "# tag did not correspond to a valid NeMo domain." }];
		expect(snippets({ id: "nvidia/llm", pipeline_tag: "text-generation", tags: ["nemo"] })).toEqual(expected);
		expect(snippets({ id: "bare/model" })).toEqual(expected);
	});
});
