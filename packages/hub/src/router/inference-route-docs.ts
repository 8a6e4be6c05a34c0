/**
 * The API reference's entries for the routes the router registers (router/index.ts): the
 * hub's own inference and the calls it forwards to third-party providers. Beside index.ts
 * rather than in it, which keeps to the handlers.
 */
import type { RouteDocs } from "../openapi/route-doc.js";

const INFERENCE_RUN =
	"a model run, not a change: the router checks the token itself (and the OAuth scope inference-api)";

export const INFERENCE_ROUTE_DOCS: RouteDocs = {
	"POST /v1/chat/completions": {
		summary: "OpenAI-style chat with a model the hub runs (`model` in the body)",
		tag: "Inference",
		body: "json",
		permission: { action: "none", why: INFERENCE_RUN },
	},
	"POST /v1/embeddings": {
		summary: "OpenAI-style embeddings of a feature-extraction model (`encoding_format`: float or base64)",
		tag: "Inference",
		body: "json",
		permission: { action: "none", why: INFERENCE_RUN },
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
