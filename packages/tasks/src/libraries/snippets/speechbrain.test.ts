import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./speechbrain.js";

function only(model: ModelData): string {
	const out = snippets(model);
	expect(out).toHaveLength(1);
	return out[0]?.content ?? "";
}

describe("speechbrain snippets", () => {
	it("explain a missing interface", () => {
		expect(only({ id: "org/none", pipeline_tag: "automatic-speech-recognition" })).toBe(
			"# interface not specified in config.json",
		);
		expect(only({ id: "bare/model" })).toBe("# interface not specified in config.json");
	});

	it("explain an unknown pipeline tag", () => {
		const model: ModelData = {
			id: "org/vad",
			pipeline_tag: "voice-activity-detection",
			config: { speechbrain: { interface: "VAD" } },
		};
		expect(only(model)).toBe("# Unknown pipeline tag");
	});

	it("import the interface from speechbrain.inference and call the task's method", () => {
		const cases: [ModelData["pipeline_tag"], string, string][] = [
			["automatic-speech-recognition", "EncoderDecoderASR", "transcribe_file("],
			["audio-classification", "EncoderClassifier", "classify_file("],
			["audio-to-audio", "SepformerSeparation", "separate_file("],
			["audio-to-audio", "SpectralMaskEnhancement", "enhance_file("],
			["text-to-speech", "Tacotron2", "encode_text("],
		];
		for (const [task, interfaceName, method] of cases) {
			const code = only({
				id: "speechbrain/m",
				pipeline_tag: task,
				config: { speechbrain: { interface: interfaceName } },
			});
			expect(code).toContain(`from speechbrain.inference import ${interfaceName}\n`);
			expect(code).toContain(`${interfaceName}.from_hparams(source="speechbrain/m")`);
			expect(code).toContain(method);
		}
	});

	it("never emit an interface name that is not an identifier", () => {
		const code = only({
			id: "org/x",
			pipeline_tag: "audio-classification",
			config: { speechbrain: { interface: "X; import os" } },
		});
		expect(code).not.toContain("import os");
	});
});
