/** `GET /api/models`, `GET /api/models/{id}` and `GET /api/models/{id}/revision/{rev}`. */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { HubError, repoNotFound } from "../errors.js";
import { INFO_QUERY, LIST_QUERY, type QueryDoc, type RouteDocs } from "../openapi/route-doc.js";
import { publicUrlOf } from "../public-url.js";
import { LEGACY_ID_ALIASES } from "../services/legacy-ids.js";
import { parseExpand } from "../services/model-fields.js";
import { modelInfo } from "../services/model-info.js";
import { listModels } from "../services/model-list.js";
import { countModels } from "../services/model-list-count.js";
import { parseModelListQuery } from "../services/model-list-query.js";
import { checkRepoId } from "../services/repo-access.js";
import { findVisibleOrMoved, movedRepo } from "../services/repo-redirect.js";
import { isTrue } from "./query.js";

const MODEL_LIST_QUERY: QueryDoc[] = [
	...LIST_QUERY,
	{ name: "pipeline_tag", description: "Only models of this task" },
	{ name: "library", description: "Only models of these libraries", repeated: true },
	{ name: "inference_provider", description: "Only models these providers serve (`all`: any)", repeated: true },
	{ name: "apps", description: "Only models these local apps run", repeated: true },
	{ name: "gated", description: "Only gated (true) or open (false) models", type: "boolean" },
	{ name: "config", description: "Include each model's config", type: "boolean" },
	{ name: "cardData", description: "Include each model's card metadata", type: "boolean" },
];

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const MODELS_ROUTE_DOCS: RouteDocs = {
	"GET /api/models": {
		summary: "List and search models",
		tag: "Catalogue",
		query: MODEL_LIST_QUERY,
		public: true,
		details: [
			"A JSON array, one page at a time. Query:",
			"",
			"| parameter                    | meaning                                                                                                                                                                               |",
			"| ---------------------------- | ------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------- |",
			"| `search`                     | part of the id, any case (index-backed from 3 characters)                                                                                                                             |",
			"| `author`                     | exact namespace                                                                                                                                                                       |",
			"| `pipeline_tag`               | exact pipeline tag                                                                                                                                                                    |",
			"| `library`                    | library names, comma list or repeated: any of them                                                                                                                                    |",
			"| `filter`, `other`            | tags, comma list or repeated: **all** of them                                                                                                                                         |",
			"| `inference_provider`         | provider names, comma list or repeated: any of them (live or staging); `all`: any provider                                                                                            |",
			"| `gated`                      | `true` or `false`                                                                                                                                                                     |",
			"| `apps`                       | local app keys (`llama.cpp`, `ollama`, `vllm`, `mlx-lm`, … as `LOCAL_APPS` of `@hubkit/tasks` names them), comma list or repeated: any of them; an unknown key is a 400               |",
			"| `sort`                       | `downloads` (default), `likes`, `likes30d`, `createdAt`/`created_at`, `lastModified`/`last_modified`, `trending`/`trendingScore`/`trending_score`, `mainSize`, `num_parameters`, `id` |",
			"| `direction`                  | `-1` (default, descending) or `1`                                                                                                                                                     |",
			"| `limit`                      | 1 to 1000 a page, **default 1000**; more is clamped to 1000                                                                                                                           |",
			"| `full`, `config`, `cardData` | `true`, `True` or `1`: more keys (below); not with `expand`                                                                                                                           |",
			"| `expand` or `expand[]`       | repeated or comma list: each item holds only `_id`, `id` and these keys                                                                                                               |",
			"| `cursor`                     | opaque, from the `Link` header                                                                                                                                                        |",
			"",
			"An item holds `_id, id, modelId, likes, trendingScore, private, gated, downloads, tags, pipeline_tag, library_name, createdAt, lastModified`; `full=true` adds `author, sha, disabled, siblings[{rfilename}], cardData`, `config=true` adds `config`. Here `inferenceProviderMapping` is the **array** form `[{ provider, providerId, task, status, adapter?, adapterWeightsPath?, hfModelId }]`, in preference order.",
			"",
			'Pages: while there is a next page the answer has `Link: <http://127.0.0.1:8787/api/models?…&cursor=…>; rel="next"`, an absolute URL keeping every parameter (repeated keys too); the last page has none. Pages are keyset pages over (sort value, id), so following the links visits each model once.',
			"",
			"Count: every page of a listing without `search` has `X-Total-Count: N`, the models the filters match that the caller may see, the same on every page. Past 10,000 it is `X-Total-Count-At-Least: 10000` instead (counting stops there). A listing with `search` has neither: a common term can match most of the catalogue.",
			"",
			"Sorts: `trendingScore` is sample data, likes fading with the time since the last change. `mainSize` is the sum of the file sizes at the head of `main` (as `usedStorage`). `num_parameters` is the count read from the weights (the safetensors total, else the GGUF total, else the card's `config.gguf.total`); models without one come last in either direction, by id. `likes30d` orders by the likes of the last 30 days, worked out for each page, ties by id. `apps` asks, for each local app, whether its rule (`displayOnModelPage` in `@hubkit/tasks`) accepts the model; the answer is stored when the model's record is written, with that hub version's rules, so a changed rule reaches models written after it.",
		],
	},
	"GET /api/models/{name}": {
		summary: "A model with a one-part id (an old id that moved is redirected)",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: [
			"As `GET /api/models/{namespace}/{name}`. An old bare id the catalogue renamed (`distilroberta-base`) answers 307 to its namespaced id, here and on downloads.",
		],
	},
	"GET /api/models/{name}/revision/{revision}": {
		summary: "A model with a one-part id, at a revision",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: ["As `GET /api/models/{namespace}/{name}/revision/{revision}`."],
	},
	"GET /api/models/{namespace}/{name}": {
		summary: "A model's information",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: [
			"Without `expand` the body holds `_id, id, modelId, author, sha, lastModified, createdAt, private, gated, disabled, pipeline_tag, library_name, tags, downloads, likes, trendingScore, widgetData, config, cardData, transformersInfo, siblings, spaces, usedStorage, inferenceProviderMapping, safetensors, gguf` (keys without a value are left out). With `expand`/`expand[]` it holds `_id`, `id` and the keys asked for: `author baseModels cardData childrenModelCount config createdAt disabled downloads downloadsAllTime gated gguf inferenceProviderMapping lastModified library_name likes pipeline_tag private safetensors sha siblings spaces tags transformersInfo trendingScore usedStorage widgetData` (the list takes the same keys). Keys clients send that the hub does not keep (`model-index`, `inference`, …) are accepted and left out; any other key is a 400.",
			"",
			"Read from the files on `main` when a commit lands (header bytes only, LFS files too; a header that cannot be read leaves the key out and the commit lands):",
			"- `safetensors`: `{parameters: {<dtype>: n, …}, total}` from the `*.safetensors` headers (a `model.safetensors.index.json` sums its shards).",
			"- `gguf`: `{total, architecture, context_length, chat_template, bos_token, eos_token, quantization}` from the header of the `.gguf` file the local apps would load (all its shards when split); `quantization` is the hub's own key.",
			"- `baseModels` (expand only): `{relation, models: [{id}]}` from the card's `base_model`; `relation` is the card's `base_model_relation`, else `adapter` (an adapter config), `quantized` (a `.gguf`), `merge` (several bases) or `finetune`. The same facts are the tags `base_model:<id>` and `base_model:<relation>:<id>`, so `filter=base_model:quantized:<id>` lists a model's quantizations.",
			"- `childrenModelCount` (expand only): `{finetune?, quantized?, adapter?, merge?}`, the public models that name this one as their base.",
			"",
			"`inferenceProviderMapping` is here the **object** keyed by provider, in preference order:",
			"",
			"```json",
			'{ "fal-ai": { "providerId": "fal-ai/lora", "task": "text-to-image", "status": "live", "adapter": "lora", "adapterWeightsPath": "lora.safetensors", "hfModelId": "acme/sdxl-lora" } }',
			"```",
			"",
			"With `blobs=true` (what `model_info(files_metadata=True)` sends) each sibling is `{rfilename, size, blobId, lfs?: {sha256, size, pointerSize}}`; `blobId` is the git blob id (of the pointer, for an LFS file), as the tree's `oid`. A private model the caller may not see answers as a missing one: 401 `RepoNotFound` without a token, 404 with one. A renamed model's old id answers 307 to the new one, for those who may see it.",
		],
	},
	"GET /api/models/{namespace}/{name}/revision/{revision}": {
		summary: "A model's information at a revision (branch, tag or commit)",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: [
			"As `GET /api/models/{namespace}/{name}`, at `revision`: `HEAD` (the `main` branch), a branch (`main`, or `refs%2Fheads%2Fmain`), a tag (`v1` or `refs/tags/v1`; a branch of the same name wins), or a 40-hex commit id of the repository; anything else is 404 `RevisionNotFound`.",
		],
	},
};

const JSON_CONTENT = { "Content-Type": "application/json" };

function searchParams(c: Context<HubEnv>): URLSearchParams {
	return new URL(c.req.url).searchParams;
}

export function modelRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.get("/api/models", async (c) => {
		const url = new URL(c.req.url);
		const query = parseModelListQuery(url.searchParams);
		const page = await listModels(deps, query, c.get("caller"));
		const count = await countModels(deps.db, query, c.get("caller"));
		if (count && "exact" in count) c.header("X-Total-Count", String(count.exact));
		if (count && "atLeast" in count) c.header("X-Total-Count-At-Least", String(count.atLeast));
		if (page.nextCursor) {
			// Every original parameter travels on, repeated keys included; only the cursor changes.
			url.searchParams.set("cursor", page.nextCursor);
			c.header("Link", `<${publicUrlOf(c, deps.config, url)}>; rel="next"`);
		}
		return c.json(page.items);
	});

	const info = async (c: Context<HubEnv>, revision: string | undefined) => {
		const repoId = checkRepoId(c.req.param("namespace") ?? "", c.req.param("name") ?? "");
		const params = searchParams(c);
		const expand = parseExpand([...params.getAll("expand"), ...params.getAll("expand[]")]);
		const blobs = isTrue(params.get("blobs"));
		const body = await modelInfo(deps, repoId, { revision, expand, caller: c.get("caller"), blobs }).catch(
			async (error: unknown) => {
				// Looked for only once the id is missing: the old id of a renamed model answers 307.
				if (!(error instanceof HubError) || error.code !== "RepoNotFound") throw error;
				const found = await findVisibleOrMoved(deps.db, "model", repoId, c.get("caller"));
				if ("movedTo" in found) throw movedRepo(new URL(c.req.url), "/api/models", repoId, found.movedTo);
				throw error;
			},
		);
		return c.body(body, 200, JSON_CONTENT);
	};
	// Every model here has a namespace. An old bare id that the catalogue renamed is redirected (307, relative
	// Location, as for a renamed repository); any other bare name is answered like a missing model.
	const bareName = (c: Context<HubEnv>, rest: string) => {
		const name = c.req.param("name") ?? "";
		const target = Object.hasOwn(LEGACY_ID_ALIASES, name) ? LEGACY_ID_ALIASES[name] : undefined;
		if (!target) throw repoNotFound(name.slice(0, 200), c.get("caller") !== undefined);
		const url = new URL(c.req.url);
		return c.redirect(`/api/models/${target}${rest}${url.search}`, 307);
	};
	app.get("/api/models/:name", (c) => bareName(c, ""));
	app.get("/api/models/:name/revision/:revision{.+}", (c) =>
		bareName(c, `/revision/${encodeURIComponent(c.req.param("revision"))}`),
	);
	app.get("/api/models/:namespace/:name", (c) => info(c, undefined));
	app.get("/api/models/:namespace/:name/revision/:revision{.+}", (c) => info(c, c.req.param("revision")));
	return app;
}
