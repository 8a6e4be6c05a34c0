/**
 * The API reference's entries for the routes the router registers (router/index.ts): the
 * hub's own inference and the calls it forwards to third-party providers. Beside index.ts
 * rather than in it, which keeps to the handlers.
 */
import type { RouteDocs } from "../openapi/route-doc.js";

const INFERENCE_RUN =
	"a model run, not a change: the router checks the token itself (and the OAuth scope inference-api)";

/** The chat and completion calls GGUF models answer (llama.cpp), wherever the route is mounted. */
const CHAT_DETAILS = [
	"Requests in OpenAI's shape: `messages` (system, user, assistant; text or text parts) or, for a completion, `prompt`; `max_tokens` (default: up to the context), `temperature` (1), `top_p` (1), `stop` (up to four strings, left out of the answer), `seed`, `stream`. Unknown fields are ignored; a known one of the wrong type is a 400 naming it; `n` other than 1 is a 400.",
	"",
	"Answers: `chat.completion` / `text_completion` with `finish_reason` (`length` at `max_tokens`, else `stop`) and `usage`. With `stream: true`, server-sent events: one `chat.completion.chunk` (or `text_completion`) per piece of text, a last one with `finish_reason` and `usage`, then `data: [DONE]`. A client that leaves mid-stream stops the generation.",
	"",
	"Calls wait their turn for the one warm model: up to `HUBKIT_LLAMA_QUEUE` (8) wait, one more gets a 429 with `Retry-After: 5` and `X-Error-Code: RuntimeBusy`. A model without a `.gguf` file is a 400 saying so. Also at `/hf-inference/models/{model}/v1/chat/completions` and `…/v1/completions`.",
];

export const INFERENCE_ROUTE_DOCS: RouteDocs = {
	"POST /v1/chat/completions": {
		summary: "OpenAI-style chat with a model the hub runs (`model` in the body)",
		tag: "Inference",
		body: "json",
		permission: { action: "none", why: INFERENCE_RUN },
		details: CHAT_DETAILS,
	},
	"POST /v1/embeddings": {
		summary: "OpenAI-style embeddings of a feature-extraction model (`encoding_format`: float or base64)",
		tag: "Inference",
		body: "json",
		permission: { action: "none", why: INFERENCE_RUN },
		details: [
			'`{model, input}` (a text or a list of texts) runs the model\'s feature extraction (mean-pooled, unit length) and answers `{object: "list", data: [{object: "embedding", index, embedding}], model, usage}`; `usage` is zeros (tokens are not counted). `encoding_format: "base64"` (openai-python\'s default) packs each vector as little-endian float32s. Also at `/hf-inference/v1/embeddings`.',
		],
	},
	"POST /hf-inference/{rest}": {
		summary: "The hub's own inference: `models/{model}`, `models/{model}/pipeline/{task}`, `…/v1/chat/completions`",
		description:
			"Runs on the hub's local runtime. Without a token, public models only, rate-limited per client address.",
		tag: "Inference",
		body: "binary",
		permission: { action: "none", why: INFERENCE_RUN },
	},
	"GET /{name}/{rest}": {
		summary: "A third-party provider's follow-up request (`/{provider}/…`), with the operator's key",
		tag: "Inference",
	},
	"POST /{name}/{rest}": {
		summary: "A call to a third-party provider (`/{provider}/…` with the provider's own path), with the operator's key",
		description: "Needs a hub token. Paths that are not a provider's call fall through to the hub and the site.",
		tag: "Inference",
		body: "binary",
		permission: { action: "none", why: INFERENCE_RUN },
	},
};
