import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./mlx.js";

describe("mlx snippets", () => {
	it("generate with mlx_lm for text-generation models tagged mlx, 50 tokens at top-p 0.99", () => {
		const out = snippets({ id: "mlx-community/lm", pipeline_tag: "text-generation", tags: ["mlx"] });
		expect(out).toHaveLength(1);
		const code = out[0]?.content ?? "";
		expect(out[0]?.language).toBe("python");
		expect(code).toContain("from mlx_lm import generate, load");
		expect(code).toContain('load("mlx-community/lm")');
		expect(code).toContain("max_tokens=50");
		expect(code).toContain("top_p=0.99");
	});

	it("apply the chat template for conversational models", () => {
		const model: ModelData = {
			id: "mlx-community/chat",
			pipeline_tag: "text-generation",
			tags: ["mlx", "conversational"],
		};
		expect(snippets(model)[0]?.content).toContain(
			"tokenizer.apply_chat_template(messages, add_generation_prompt=True)",
		);
	});

	it("download everything else with huggingface-cli", () => {
		for (const model of [
			{ id: "mlx-community/whisper", pipeline_tag: "automatic-speech-recognition", tags: ["mlx"] },
			{ id: "org/untagged", pipeline_tag: "text-generation" },
			{ id: "bare/model" },
		] satisfies ModelData[]) {
			const out = snippets(model);
			expect(out).toHaveLength(1);
			expect(out[0]?.language).toBe("sh");
			expect(out[0]?.content).toBe(`huggingface-cli download '${model.id}'`);
		}
	});
});
