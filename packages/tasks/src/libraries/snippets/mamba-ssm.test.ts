import { describe, expect, it } from "vitest";
import { snippets } from "./mamba-ssm.js";

describe("mamba-ssm snippets", () => {
	it("sample with max length 50 and top-p 0.99", () => {
		const code = snippets({ id: "state-spaces/mamba-130m" })[0]?.content ?? "";
		expect(code).toContain('MambaLMHeadModel.from_pretrained("state-spaces/mamba-130m"');
		expect(code).toContain("max_length=50");
		expect(code).toContain("top_p=0.99");
	});

	it("use the widget text, else the default text-generation sample", () => {
		const withWidget = snippets({ id: "a/b", widgetData: [{ text: "Once more" }] })[0]?.content ?? "";
		expect(withWidget).toContain('tokenizer("Once more"');
		const bare = snippets({ id: "a/b" })[0]?.content ?? "";
		expect(bare).toContain('tokenizer("The best way to learn a new language is"');
	});
});
