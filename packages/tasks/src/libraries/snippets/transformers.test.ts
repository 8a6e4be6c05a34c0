import { describe, expect, it } from "vitest";
import type { ModelData } from "../../model-data.js";
import { snippets } from "./transformers.js";

const CHAT_TEMPLATE = "{% for m in messages %}{{ m['content'] }}{% endfor %}";

const causalInfo = { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" };

function titles(model: ModelData): (string | undefined)[] {
	return snippets(model).map((snippet) => snippet.title);
}

function byTitle(model: ModelData, title: string): string {
	const found = snippets(model).find((snippet) => snippet.title === title);
	if (!found) throw new Error(`no "${title}" snippet for ${model.id}`);
	return found.content;
}

describe("transformers snippets", () => {
	it("offer a pipeline and direct loading for a supported task with transformersInfo", () => {
		const model: ModelData = { id: "org/gpt", pipeline_tag: "text-generation", transformersInfo: causalInfo };
		expect(titles(model)).toEqual(["Use a pipeline", "Load model directly"]);
		expect(byTitle(model, "Use a pipeline")).toContain('pipe = pipeline("text-generation", model="org/gpt")');
		const direct = byTitle(model, "Load model directly");
		expect(direct).toContain("from transformers import AutoTokenizer, AutoModelForCausalLM");
		expect(direct).toContain('AutoModelForCausalLM.from_pretrained("org/gpt")');
	});

	it("give conversational models a messages list, apply_chat_template and sampled generate", () => {
		for (const model of [
			{ id: "org/chat", pipeline_tag: "text-generation", tags: ["conversational"], transformersInfo: causalInfo },
			{
				id: "org/templated",
				pipeline_tag: "text-generation",
				transformersInfo: causalInfo,
				config: { tokenizer_config: { chat_template: CHAT_TEMPLATE } },
			},
		] satisfies ModelData[]) {
			const pipe = byTitle(model, "Use a pipeline");
			expect(pipe).toContain('messages = [\n    {"role": "user", "content": ');
			expect(pipe).toContain("pipe(messages)");
			const direct = byTitle(model, "Load model directly");
			expect(direct).toContain("tokenizer.apply_chat_template(");
			expect(direct).toMatch(/model\.generate\(\*\*inputs, max_new_tokens=50, do_sample=True, top_p=0\.99\)/);
			expect(direct).toContain("tokenizer.decode(");
		}
	});

	it("use the widget's chat message, else the default sample text", () => {
		const withWidget: ModelData = {
			id: "org/chat",
			pipeline_tag: "text-generation",
			tags: ["conversational"],
			widgetData: [{ messages: [{ role: "user", content: "Plan a picnic." }] }],
		};
		expect(byTitle(withWidget, "Use a pipeline")).toContain('"content": "Plan a picnic."');
		const bare: ModelData = { id: "org/chat", pipeline_tag: "text-generation", tags: ["conversational"] };
		expect(byTitle(bare, "Use a pipeline")).toContain('"content": "The best way to learn a new language is"');
	});

	it("send image-text-to-text models a message with an image url and a text item", () => {
		const model: ModelData = {
			id: "org/vlm",
			pipeline_tag: "image-text-to-text",
			transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
		};
		const pipe = byTitle(model, "Use a pipeline");
		expect(pipe).toMatch(/\{"type": "image", "url": "https:\/\/[^"]+"\}/);
		expect(pipe).toMatch(/\{"type": "text", "text": "[^"]+"\}/);
		expect(byTitle(model, "Load model directly")).toContain("processor.apply_chat_template(");
	});

	it("put the model's mask token into fill-mask samples, as a string or {content}, else [MASK]", () => {
		const asString: ModelData = {
			id: "org/roberta",
			pipeline_tag: "fill-mask",
			config: { tokenizer_config: { mask_token: "<mask>" } },
		};
		expect(byTitle(asString, "Use a pipeline")).toMatch(/pipe\("[^"]*<mask>[^"]*"\)/);
		const asObject: ModelData = {
			id: "org/roberta",
			pipeline_tag: "fill-mask",
			config: { tokenizer_config: { mask_token: { content: "<blank>" } } },
		};
		expect(byTitle(asObject, "Use a pipeline")).toMatch(/pipe\("[^"]*<blank>[^"]*"\)/);
		expect(byTitle({ id: "org/bert", pipeline_tag: "fill-mask" }, "Use a pipeline")).toMatch(
			/pipe\("[^"]*\[MASK\][^"]*"\)/,
		);
	});

	it("quote a hostile mask token through pyString", () => {
		const model: ModelData = {
			id: "org/x",
			pipeline_tag: "fill-mask",
			config: { tokenizer_config: { mask_token: '"); import os #' } },
		};
		expect(byTitle(model, "Use a pipeline")).toContain('\\"); import os #');
	});

	it("pass trust_remote_code=True for custom_code models", () => {
		const model: ModelData = {
			id: "org/remote",
			pipeline_tag: "text-classification",
			tags: ["custom_code"],
			transformersInfo: { auto_model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" },
		};
		expect(byTitle(model, "Use a pipeline")).toContain(
			'pipeline("text-classification", model="org/remote", trust_remote_code=True)',
		);
		const direct = byTitle(model, "Load model directly");
		expect(direct).toContain('AutoTokenizer.from_pretrained("org/remote", trust_remote_code=True)');
		expect(direct).toContain(
			'AutoModelForSequenceClassification.from_pretrained("org/remote", trust_remote_code=True)',
		);
	});

	it("load a custom class through AutoModel with trust_remote_code", () => {
		const model: ModelData = {
			id: "org/custom",
			pipeline_tag: "text-generation",
			transformersInfo: { auto_model: "AutoModelForCausalLM", custom_class: "MyModel" },
		};
		const direct = byTitle(model, "Load model directly");
		expect(direct).toContain("from transformers import AutoModel\n");
		expect(direct).toContain('AutoModel.from_pretrained("org/custom", trust_remote_code=True)');
	});

	it("fall back to AutoTokenizer / AutoModel for missing or unsafe class names", () => {
		const model: ModelData = {
			id: "org/odd",
			pipeline_tag: "feature-extraction",
			transformersInfo: { auto_model: "Auto Model; import os" },
		};
		expect(byTitle(model, "Load model directly")).toContain("from transformers import AutoTokenizer, AutoModel\n");
	});

	it("skip the pipeline when transformers has none for the task", () => {
		const model: ModelData = {
			id: "org/sim",
			pipeline_tag: "sentence-similarity",
			transformersInfo: { auto_model: "AutoModel", processor: "AutoTokenizer" },
		};
		expect(titles(model)).toEqual(["Load model directly"]);
	});

	it("show only the pipeline without transformersInfo, and explain when neither is possible", () => {
		expect(titles({ id: "org/ner", pipeline_tag: "token-classification" })).toEqual(["Use a pipeline"]);
		for (const model of [{ id: "bare/model" }, { id: "org/graph", pipeline_tag: "graph-ml" }] satisfies ModelData[]) {
			const out = snippets(model);
			expect(out).toHaveLength(1);
			expect(out[0]?.content).toBe("# Type of model unknown");
		}
	});

	it("write text-to-speech audio at the rate the pipeline returns", () => {
		const pipe = byTitle({ id: "org/tts", pipeline_tag: "text-to-speech" }, "Use a pipeline");
		expect(pipe).toContain('output["sampling_rate"]');
	});

	it("never use f-strings", () => {
		const model: ModelData = {
			id: "org/chat",
			pipeline_tag: "text-generation",
			tags: ["conversational"],
			transformersInfo: causalInfo,
		};
		for (const snippet of snippets(model)) expect(snippet.content).not.toMatch(/\bf"/);
	});
});
