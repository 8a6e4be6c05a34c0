import type { PipelineType } from "./pipelines.js";

/**
 * One example of the model's widget, from its card. Which fields are set depends
 * on the task: `text` for most text tasks, `source_sentence` + `sentences` for
 * sentence similarity, `context` for question answering, and so on.
 */
export interface WidgetExample {
	text?: string;
	context?: string;
	source_sentence?: string;
	sentences?: string[];
	candidate_labels?: string;
	multi_class?: boolean;
	table?: Record<string, (string | number)[]>;
	structured_data?: Record<string, (string | number)[]>;
	query?: string;
	src?: string;
	prompt?: string;
	messages?: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
	example_title?: string;
	group?: string;
	output?: unknown;
}

/** What the hub knows of a model's transformers integration. */
export interface TransformersInfo {
	/** The Auto class that loads the model, e.g. "AutoModelForCausalLM". */
	auto_model: string;
	/** A class of the model's own (custom code), when it has one. */
	custom_class?: string;
	/** The class that prepares inputs, e.g. "AutoTokenizer" or "AutoProcessor". */
	processor?: string;
	pipeline_tag?: PipelineType;
}

export interface TokenizerConfig {
	bos_token?: string | { content: string };
	eos_token?: string | { content: string };
	unk_token?: string | { content: string };
	sep_token?: string | { content: string };
	pad_token?: string | { content: string };
	cls_token?: string | { content: string };
	mask_token?: string | { content: string };
	chat_template?: string | { name: string; template: string }[];
	use_default_system_prompt?: boolean;
}

/** The parts of a repository's configuration files that snippet generators read. */
export interface ModelConfig {
	architectures?: string[];
	model_type?: string;
	adapter_transformers?: { model_class?: string; model_name?: string };
	diffusers?: { _class_name?: string };
	keras_hub?: { tasks?: string[] };
	peft?: { base_model_name_or_path?: string; task_type?: string };
	sklearn?: {
		model?: { file?: string };
		model_format?: string;
		filename?: string;
	};
	speechbrain?: { interface?: string };
	tokenizer_config?: TokenizerConfig;
	gguf?: { architecture?: string; context_length?: number; chat_template?: string; total?: number };
	[key: string]: unknown;
}

/** The card's YAML metadata, as far as snippets care. */
export interface CardData {
	base_model?: string | string[];
	instance_prompt?: string | null;
	license?: string;
	language?: string | string[];
	tags?: string[];
	[key: string]: unknown;
}

/** A model as snippet generators and local apps see it. Every string here is author-controlled. */
export interface ModelData {
	/** Repository id, "owner/name". */
	id: string;
	tags?: string[];
	pipeline_tag?: PipelineType;
	library_name?: string;
	cardData?: CardData;
	widgetData?: WidgetExample[];
	transformersInfo?: TransformersInfo;
	config?: ModelConfig;
	/** Files in the repository, for generators that pick one (GGUF, sklearn …). */
	siblings?: { rfilename: string }[];
	private?: boolean;
	gated?: false | "auto" | "manual";
}
