/**
 * `GET /v1/models` and `GET /v1/models/{id}`: the models the hub's OpenAI-compatible routes serve
 * (chat, completions, embeddings), in OpenAI's list shape, as `openai`'s `models.list()` and
 * `models.retrieve()` read them. Only models the caller may see; each names its providers.
 */
import { Hono } from "hono";
import type { Caller } from "../auth/caller.js";
import type { HubDeps, HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { listModels } from "../services/model-list.js";
import { parseModelListQuery } from "../services/model-list-query.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const OPENAI_MODELS_ROUTE_DOCS: RouteDocs = {
	"GET /v1/models": {
		summary: "OpenAI-style list of the models the `/v1` routes serve, with their providers",
		tag: "Inference",
		public: true,
		details: [
			'`{object: "list", data: [{id, object: "model", created, owned_by, providers}]}`: the models the caller may see that the `/v1` routes serve (chat, completions, embeddings), each with its `providers` (`[{provider, task, status}]`). openai\'s `models.list()` reads it.',
		],
	},
	"GET /v1/models/{id}": {
		summary: "One model the `/v1` routes serve (404 when they do not)",
		tag: "Inference",
		public: true,
	},
};

/**
 * The tasks `/v1/chat/completions`, `/v1/completions` and `/v1/embeddings` run (a sentence-similarity
 * model embeds sentences: the embeddings route runs its feature extraction).
 */
const OPENAI_TASKS = new Set(["conversational", "text-generation", "feature-extraction", "sentence-similarity"]);

interface ProviderEntry {
	provider: string;
	task: string;
	status: string;
}

interface OpenAiModel {
	id: string;
	object: "model";
	/** Unix seconds. */
	created: number;
	owned_by: string;
	providers: ProviderEntry[];
}

async function servedModels(deps: HubDeps, caller: Caller | undefined, search?: string): Promise<OpenAiModel[]> {
	const params = new URLSearchParams({ inference_provider: "hf-inference", limit: "1000", sort: "id" });
	if (search) params.set("search", search);
	for (const key of ["author", "createdAt", "inferenceProviderMapping"]) params.append("expand", key);
	const page = await listModels(deps, parseModelListQuery(params), caller);
	const models: OpenAiModel[] = [];
	for (const item of page.items) {
		const providers = ((item.inferenceProviderMapping ?? []) as ProviderEntry[])
			.filter((entry) => OPENAI_TASKS.has(entry.task))
			.map(({ provider, task, status }) => ({ provider, task, status }));
		if (providers.length === 0) continue;
		const id = String(item.id);
		models.push({
			id,
			object: "model",
			created: Math.floor(Date.parse(String(item.createdAt)) / 1000) || 0,
			owned_by: typeof item.author === "string" ? item.author : (id.split("/")[0] ?? id),
			providers,
		});
	}
	return models;
}

export function openAiModelRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.get("/v1/models", async (c) => c.json({ object: "list", data: await servedModels(deps, c.get("caller")) }));

	// openai sends the id as one segment (`owner%2Fname`); other clients send the slash as it is.
	app.get("/v1/models/:id{.+}", async (c) => {
		const id = c.req.param("id");
		const model = (await servedModels(deps, c.get("caller"), id)).find((entry) => entry.id === id);
		if (!model) throw new HubError(404, `The model ${id} does not exist or is not served on /v1`, { code: "NotFound" });
		return c.json(model);
	});

	return app;
}
