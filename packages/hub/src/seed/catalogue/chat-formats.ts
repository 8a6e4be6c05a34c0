/**
 * Chat templates for the sample catalogue's chat models: one short Jinja
 * template of our own per family, with the family's bos and eos tokens. A
 * record names its family (`"chat": "gemma"`); the builders put the template in
 * its tokenizer config (and a GGUF's metadata).
 */

/** Chat template families; each has a short template of our own (see CHAT_FORMATS). */
export type ChatFamily = "chatml" | "gemma" | "mistral" | "llama3" | "deepseek" | "glm" | "harmony" | "smol";

export interface ChatFormat {
	template: string;
	bos: string;
	eos: string;
}

/**
 * Joins template lines. Every tag trims the whitespace around it (`{%- … -%}`),
 * so the line breaks between these lines never reach the prompt; the breaks a
 * format needs are written inside string expressions (`'\n'`).
 */
const jinja = (...lines: string[]) => lines.join("\n");

/** The message's text: a string, or the parts of a multimodal message with `<image>` for pictures. */
const CONTENT = jinja(
	"{%- if m.content is string -%}{{ m.content }}",
	"{%- else -%}{%- for part in m.content -%}",
	"{%- if part.type == 'text' -%}{{ part.text }}{%- else -%}{{ '<image>' }}{%- endif -%}",
	"{%- endfor -%}{%- endif -%}",
);

export const CHAT_FORMATS: Record<ChatFamily, ChatFormat> = {
	chatml: {
		bos: "<|endoftext|>",
		eos: "<|im_end|>",
		template: jinja(
			"{%- for m in messages -%}",
			"{{ '<|im_start|>' + m.role + '\\n' }}",
			CONTENT,
			"{{ '<|im_end|>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}",
		),
	},
	gemma: {
		bos: "<bos>",
		eos: "<eos>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- set role = 'model' if m.role == 'assistant' else 'user' -%}",
			"{{ '<start_of_turn>' + role + '\\n' }}",
			CONTENT,
			"{{ '<end_of_turn>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<start_of_turn>model\\n' }}{%- endif -%}",
		),
	},
	mistral: {
		bos: "<s>",
		eos: "</s>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- if m.role == 'assistant' -%}",
			CONTENT,
			"{{ eos_token }}",
			"{%- else -%}",
			"{{ '[INST] ' }}",
			CONTENT,
			"{{ ' [/INST]' }}",
			"{%- endif -%}",
			"{%- endfor -%}",
		),
	},
	llama3: {
		bos: "<|begin_of_text|>",
		eos: "<|eot_id|>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{{ '<|start_header_id|>' + m.role + '<|end_header_id|>\\n\\n' }}",
			CONTENT,
			"{{ '<|eot_id|>' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{%- endif -%}",
		),
	},
	deepseek: {
		bos: "<｜begin▁of▁sentence｜>",
		eos: "<｜end▁of▁sentence｜>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- if m.role == 'user' -%}{{ '<｜User｜>' }}{%- elif m.role == 'assistant' -%}{{ '<｜Assistant｜>' }}{%- endif -%}",
			CONTENT,
			"{%- if m.role == 'assistant' -%}{{ eos_token }}{%- endif -%}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<｜Assistant｜><think>\\n' }}{%- endif -%}",
		),
	},
	glm: {
		bos: "[gMASK]<sop>",
		eos: "<|endoftext|>",
		template: jinja(
			"{{ '[gMASK]<sop>' }}",
			"{%- for m in messages -%}",
			"{{ '<|' + m.role + '|>\\n' }}",
			CONTENT,
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|assistant|>\\n' }}{%- endif -%}",
		),
	},
	harmony: {
		bos: "<|startoftext|>",
		eos: "<|return|>",
		template: jinja(
			"{%- for m in messages -%}",
			"{{ '<|start|>' + m.role + '<|message|>' }}",
			CONTENT,
			"{{ '<|end|>' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|start|>assistant' }}{%- endif -%}",
		),
	},
	smol: {
		bos: "<|im_start|>",
		eos: "<end_of_utterance>",
		template: jinja(
			"{{ '<|im_start|>' }}",
			"{%- for m in messages -%}",
			"{{ (m.role | capitalize) + ': ' }}",
			CONTENT,
			"{{ '<end_of_utterance>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ 'Assistant:' }}{%- endif -%}",
		),
	},
};
