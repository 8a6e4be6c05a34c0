import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./llama-cpp-python.js";

const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));
const content = (model: ModelData) => snippets(model)[0]?.content ?? "";

describe("llama-cpp-python snippets", () => {
	it("prefers a Q4_K_M file", () => {
		const code = content({
			id: "org/m-GGUF",
			siblings: files("README.md", "m-Q2_K.gguf", "m-Q4_K_M.gguf", "m-Q8_0.gguf"),
		});
		expect(code).toContain(`Llama.from_pretrained(\n    repo_id="org/m-GGUF",\n    filename="m-Q4_K_M.gguf",`);
	});

	it("takes the first .gguf file otherwise", () => {
		const code = content({ id: "org/m", siblings: files("config.json", "m-Q5_K_S.gguf", "m-Q8_0.gguf") });
		expect(code).toContain(`filename="m-Q5_K_S.gguf"`);
	});

	it("uses a glob when the repository lists no .gguf file", () => {
		expect(content({ id: "org/m" })).toContain(`filename="*.gguf"`);
	});

	it("chats with conversational models and completes text otherwise", () => {
		const chat = content({ id: "org/chat", tags: ["conversational"] });
		expect(chat).toContain("llm.create_chat_completion(");
		const plain = content({ id: "org/base", pipeline_tag: "text-generation", widgetData: [{ text: "Hello" }] });
		// The product asks llama.cpp samples for 512 tokens.
		expect(plain).toContain(`output = llm("Hello", max_tokens=512)`);
		expect(plain).not.toContain("create_chat_completion");
	});
});
