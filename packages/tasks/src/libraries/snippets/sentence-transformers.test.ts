import { describe, expect, it } from "vitest";
import { DEFAULT_SENTENCES } from "./common.js";
import { snippets } from "./sentence-transformers.js";

describe("sentence-transformers snippets", () => {
	it("load by id, encode the widget sentences and compute similarities", () => {
		const [snippet] = snippets({
			id: "org/embedder",
			widgetData: [{ source_sentence: "A cat sleeps.", sentences: ["A kitten naps.", "Stocks fell."] }],
		});
		expect(snippet?.content).toContain('SentenceTransformer("org/embedder")');
		expect(snippet?.content).toContain('"A cat sleeps."');
		expect(snippet?.content).toContain('"Stocks fell."');
		expect(snippet?.content).toContain("model.encode(sentences)");
		expect(snippet?.content).toContain("model.similarity(embeddings, embeddings)");
	});

	it("fall back to the default sentences", () => {
		const content = snippets({ id: "org/embedder" })[0]?.content ?? "";
		for (const sentence of DEFAULT_SENTENCES) expect(content).toContain(JSON.stringify(sentence));
	});

	it("add trust_remote_code=True only for custom_code models", () => {
		expect(snippets({ id: "org/embedder" })[0]?.content).not.toContain("trust_remote_code");
		expect(snippets({ id: "org/embedder", tags: ["custom_code"] })[0]?.content).toContain(
			'SentenceTransformer("org/embedder", trust_remote_code=True)',
		);
	});
});
