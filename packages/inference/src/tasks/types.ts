/** Chat and text-generation input and output types (the outputs checked by shape are in ./outputs.ts). */

export interface ChatMessage {
	role: string;
	content?: string | { type: string; text?: string; image_url?: { url: string } }[];
	name?: string;
	tool_calls?: unknown[];
	tool_call_id?: string;
}

export interface ChatCompletionInput {
	messages: ChatMessage[];
	max_tokens?: number;
	temperature?: number;
	top_p?: number;
	stop?: string[];
	seed?: number;
	tools?: unknown[];
	tool_choice?: unknown;
	response_format?: unknown;
	[parameter: string]: unknown;
}

export interface ChatCompletionOutput {
	id: string;
	created: number;
	model: string;
	object?: string;
	system_fingerprint?: string;
	choices: {
		index: number;
		finish_reason?: string | null;
		message: ChatMessage;
		logprobs?: unknown;
	}[];
	usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface ChatCompletionStreamOutput {
	id: string;
	created: number;
	model: string;
	object?: string;
	choices: {
		index: number;
		finish_reason?: string | null;
		delta: { role?: string; content?: string; tool_calls?: unknown[] };
	}[];
	usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

export interface TextGenerationStreamOutput {
	index?: number;
	token: { id: number; text: string; logprob?: number; special?: boolean };
	generated_text?: string | null;
	details?: unknown;
}
