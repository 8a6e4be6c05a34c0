// @huggingface/jinja (a dev dependency): the template engine the public clients
// use, so what renders here renders there.
import { Template } from "@huggingface/jinja";
import { describe, expect, it } from "vitest";
import { CHAT_FORMATS } from "./catalogue/index.js";

const conversation = [
	{ role: "user", content: "Hi" },
	{ role: "assistant", content: "Hello!" },
	{ role: "user", content: [{ type: "image" }, { type: "text", text: "What is this?" }] },
];

function render(family: keyof typeof CHAT_FORMATS): string {
	const format = CHAT_FORMATS[family];
	return new Template(format.template).render({
		messages: conversation,
		add_generation_prompt: true,
		bos_token: format.bos,
		eos_token: format.eos,
	});
}

describe("chat templates", () => {
	it("render each family's prompt format exactly", () => {
		expect(render("chatml")).toBe(
			"<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>user\n<image>What is this?<|im_end|>\n<|im_start|>assistant\n",
		);
		expect(render("gemma")).toBe(
			"<bos><start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\nHello!<end_of_turn>\n<start_of_turn>user\n<image>What is this?<end_of_turn>\n<start_of_turn>model\n",
		);
		expect(render("mistral")).toBe("<s>[INST] Hi [/INST]Hello!</s>[INST] <image>What is this? [/INST]");
		expect(render("llama3")).toBe(
			"<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n<image>What is this?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n",
		);
		expect(render("deepseek")).toBe(
			"<｜begin▁of▁sentence｜><｜User｜>Hi<｜Assistant｜>Hello!<｜end▁of▁sentence｜><｜User｜><image>What is this?<｜Assistant｜><think>\n",
		);
		expect(render("glm")).toBe(
			"[gMASK]<sop><|user|>\nHi<|assistant|>\nHello!<|user|>\n<image>What is this?<|assistant|>\n",
		);
		expect(render("harmony")).toBe(
			"<|start|>user<|message|>Hi<|end|><|start|>assistant<|message|>Hello!<|end|><|start|>user<|message|><image>What is this?<|end|><|start|>assistant",
		);
		expect(render("smol")).toBe(
			"<|im_start|>User: Hi<end_of_utterance>\nAssistant: Hello!<end_of_utterance>\nUser: <image>What is this?<end_of_utterance>\nAssistant:",
		);
	});
});
