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
import { findRepo } from "../services/repos.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const OPENAI_MODELS_ROUTE_DOCS: RouteDocs = {
	"GET /v1/models": {
		summary: "OpenAI-style list of the models the `/v1` routes serve, with their providers",
		tag: "Inference",
		public: true,
		details: [
			'`{object: "list", data: [{id, object: "model", created, owned_by, providers}]}`: the models the caller may see that the `/v1` routes serve (chat, completions, embeddings), each with its `providers` (`[{provider, task, status}]`). openai\'s `models.list()` reads it.',
			"",
			"With `HUBKIT_ENDPOINTS` it also lists the models that file sends to servers: the hub's repositories it matches, by id or in a namespace a pattern names literally (`team` of `team/*-chat`), as the caller may see them, and the ids it names that have no repository here. A pattern's other models (`**/*-instruct`) name no id to list.",
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

/** What a model only an external server knows is served as: chat, through the hub (services/model-list.ts does the same). */
const ENDPOINT_ENTRY: ProviderEntry = { provider: "hf-inference", task: "conversational", status: "live" };

interface OpenAiModel {
	id: string;
	object: "model";
	/** Unix seconds. */
	created: number;
	owned_by: string;
	providers: ProviderEntry[];
}

/** One page of the hub's models (what `/v1/models` reads of each), filtered as `filters` say. */
async function modelPage(deps: HubDeps, caller: Caller | undefined, filters: Record<string, string>) {
	const params = new URLSearchParams({ ...filters, limit: "1000", sort: "id" });
	for (const key of ["author", "createdAt", "inferenceProviderMapping"]) params.append("expand", key);
	return (await listModels(deps, parseModelListQuery(params), caller)).items;
}

/**
 * The models `HUBKIT_ENDPOINTS` sends to servers: the hub's repositories it matches (named by id,
 * or in a namespace a pattern names), as the caller may see them, and the ids it names that have
 * no repository here. A pattern's models elsewhere (`**` alone) cannot be listed: none is named.
 */
async function endpointModels(deps: HubDeps, caller: Caller | undefined, search?: string) {
	const endpoints = deps.endpoints;
	if (!endpoints?.named) return [];
	const wanted = (id: string) => !search || id.includes(search);
	const found = new Map<string, Record<string, unknown>>();
	for (const namespace of endpoints.named.namespaces) {
		for (const item of await modelPage(deps, caller, { author: namespace, ...(search ? { search } : {}) })) {
			if (endpoints.match(String(item.id))) found.set(String(item.id), item);
		}
	}
	for (const id of endpoints.named.ids.filter(wanted)) {
		if (found.has(id)) continue;
		const item = (await modelPage(deps, caller, { search: id })).find((candidate) => candidate.id === id);
		if (item) found.set(id, item);
		// A private repository the caller may not see stays unlisted; an id with no repository is the server's alone.
		else if (!(await findRepo(deps.db, "model", id))) found.set(id, { id, author: id.split("/")[0] });
	}
	return [...found.values()];
}

async function servedModels(deps: HubDeps, caller: Caller | undefined, search?: string): Promise<OpenAiModel[]> {
	const served = await modelPage(deps, caller, { inference_provider: "hf-inference", ...(search ? { search } : {}) });
	const listed = new Set(served.map((item) => String(item.id)));
	const sentAway = (await endpointModels(deps, caller, search)).filter((item) => !listed.has(String(item.id)));
	const models: OpenAiModel[] = [];
	for (const item of [...served, ...sentAway].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))) {
		const mapping = (item.inferenceProviderMapping ?? [ENDPOINT_ENTRY]) as ProviderEntry[];
		const providers = mapping
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
