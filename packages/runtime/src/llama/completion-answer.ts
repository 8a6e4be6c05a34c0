/**
 * The OpenAI shapes the GGUF engine answers in: a whole chat completion or text
 * completion, or, streamed, one server-sent event per piece of text (`data:` +
 * a `chat.completion.chunk` / `text_completion` object), a last event with the
 * finish reason and usage, then `data: [DONE]` — what `@hubkit/inference`'s
 * chatCompletionStream and textGenerationStream read.
 */
import { randomUUID } from "node:crypto";
import type { CompletionRequest } from "./completion-request.js";

export type FinishReason = "stop" | "length";

export interface Usage {
	prompt_tokens: number;
	completion_tokens: number;
	total_tokens: number;
}

export const usage = (prompt: number, completion: number): Usage => ({
	prompt_tokens: prompt,
	completion_tokens: completion,
	total_tokens: prompt + completion,
});

/** One call's answer: `id`, `created` and `model` are the same in every event of a stream. */
export class CompletionAnswer {
	readonly #id: string;
	readonly #created = Math.floor(Date.now() / 1000);
	readonly #chat: boolean;

	constructor(
		request: Pick<CompletionRequest, "kind">,
		readonly model: string,
	) {
		this.#chat = request.kind === "chat";
		this.#id = `${this.#chat ? "chatcmpl" : "cmpl"}-${randomUUID()}`;
	}

	#head(object: string) {
		return { id: this.#id, object, created: this.#created, model: this.model };
	}

	whole(text: string, finish: FinishReason, counts: Usage): unknown {
		if (this.#chat) {
			return {
				...this.#head("chat.completion"),
				choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: finish, logprobs: null }],
				usage: counts,
			};
		}
		return {
			...this.#head("text_completion"),
			choices: [{ index: 0, text, finish_reason: finish, logprobs: null }],
			usage: counts,
		};
	}

	/** An event with a piece of text (`first`: the chat stream's first, which names the role). */
	piece(text: string, first: boolean): string {
		if (this.#chat) {
			const delta = first ? { role: "assistant", content: text } : { content: text };
			return event({
				...this.#head("chat.completion.chunk"),
				choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
			});
		}
		return event({
			...this.#head("text_completion"),
			choices: [{ index: 0, text, finish_reason: null, logprobs: null }],
		});
	}

	/** The last events: the finish reason with the token counts, then [DONE]. */
	end(finish: FinishReason, counts: Usage): string {
		const choice = this.#chat
			? { index: 0, delta: {}, finish_reason: finish, logprobs: null }
			: { index: 0, text: "", finish_reason: finish, logprobs: null };
		const object = this.#chat ? "chat.completion.chunk" : "text_completion";
		return `${event({ ...this.#head(object), choices: [choice], usage: counts })}data: [DONE]\n\n`;
	}
}

export const event = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;
