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
	"GET /api/models": { summary: "List and search models", tag: "Catalogue", query: MODEL_LIST_QUERY, public: true },
	"GET /api/models/{name}": {
		summary: "A model with a one-part id (an old id that moved is redirected)",
		tag: "Catalogue",
		query: INFO_QUERY,
	},
	"GET /api/models/{name}/revision/{revision}": {
		summary: "A model with a one-part id, at a revision",
		tag: "Catalogue",
		query: INFO_QUERY,
	},
	"GET /api/models/{namespace}/{name}": { summary: "A model's information", tag: "Catalogue", query: INFO_QUERY },
	"GET /api/models/{namespace}/{name}/revision/{revision}": {
		summary: "A model's information at a revision (branch, tag or commit)",
		tag: "Catalogue",
		query: INFO_QUERY,
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
