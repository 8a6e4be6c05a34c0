import { describe, expect, it } from "vitest";
import { snippets } from "./cartesia-mlx.js";

describe("cartesia_mlx snippets", () => {
	it("generate 500 tokens at temperature 0.85", () => {
		const [snippet] = snippets({ id: "cartesia-ai/Llamba-1B-4bit-mlx" });
		expect(snippet.content).toContain('cmx.from_pretrained("cartesia-ai/Llamba-1B-4bit-mlx")');
		expect(snippet.content).toContain("max_tokens=500");
		expect(snippet.content).toContain("temperature=0.85");
	});
});
