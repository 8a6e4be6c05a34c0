/**
 * `GET /api/datasets`, `GET /api/datasets/{id}` and `GET /api/datasets/{id}/revision/{rev}`,
 * shaped as `@huggingface/hub`'s `listDatasets`/`datasetInfo` read them. Files of a
 * dataset are served by routes/files.ts, as a model's are.
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { repoNotFound } from "../errors.js";
import { INFO_QUERY, LIST_QUERY, type RouteDocs } from "../openapi/route-doc.js";
import { publicUrlOf } from "../public-url.js";
import { datasetInfo } from "../services/dataset-info.js";
import { countDatasets, listDatasets } from "../services/dataset-list.js";
import { parseDatasetListQuery } from "../services/dataset-list-query.js";
import { parseDatasetExpand } from "../services/dataset-view.js";
import { movedRepo } from "../services/repo-redirect.js";
import { checkedRepoId } from "../services/repos.js";
import { isTrue } from "./query.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const DATASETS_ROUTE_DOCS: RouteDocs = {
	"GET /api/datasets": {
		summary: "List and search datasets",
		tag: "Catalogue",
		query: LIST_QUERY,
		public: true,
		details: [
			'A JSON array, one page at a time: `search` (part of the id, any case), `author`, `filter` (a tag; repeated, every one must match, e.g. `task_categories:text-classification`), `sort` (`downloads` (default), `likes`, `trendingScore`, `createdAt`, `lastModified`, `id`), `direction` (`-1` or `1`), `limit` (up to 1000), `full=true` (adds `cardData` and `siblings`) or `expand` (these keys only). Pages continue through `Link: <…>; rel="next"` (an absolute URL); `X-Total-Count` is the number of matches.',
		],
	},
	"GET /api/datasets/{name}": {
		summary: "A dataset with a one-part id",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: ["As `GET /api/datasets/{namespace}/{name}`."],
	},
	"GET /api/datasets/{namespace}/{name}": {
		summary: "A dataset's information",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: [
			"`_id`, `id`, `author`, `sha`, `lastModified`, `createdAt`, `private`, `gated`, `disabled`, `tags`, `downloads`, `likes`, `cardData`, `siblings`, `description`, `usedStorage`; `expand` picks keys as on the listing, and `blobs=true` adds each file's size and ids as for a model. A private dataset the caller may not see is a 404 (401 without a token); a renamed one's old id answers 307 to the new one, for those who may see it.",
		],
	},
	"GET /api/datasets/{namespace}/{name}/revision/{revision}": {
		summary: "A dataset's information at a revision",
		tag: "Catalogue",
		query: INFO_QUERY,
		details: [
			"As `GET /api/datasets/{namespace}/{name}`, at a branch, tag, commit id or `HEAD`; anything else is 404 `RevisionNotFound`.",
		],
	},
};

export function datasetRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.get("/api/datasets", async (c) => {
		const url = new URL(c.req.url);
		const query = parseDatasetListQuery(url.searchParams);
		const [page, count] = await Promise.all([
			listDatasets(deps, query, c.get("caller")),
			countDatasets(deps, query, c.get("caller")),
		]);
		if ("exact" in count) c.header("X-Total-Count", String(count.exact));
		else c.header("X-Total-Count-At-Least", String(count.atLeast));
		if (page.nextCursor) {
			// Every original parameter travels on, repeated keys included; only the cursor changes.
			url.searchParams.set("cursor", page.nextCursor);
			c.header("Link", `<${publicUrlOf(c, deps.config, url)}>; rel="next"`);
		}
		return c.json(page.items);
	});

	const info = async (c: Context<HubEnv>, revision: string | undefined) => {
		const id = checkedRepoId(c.req.param("namespace") ?? "", c.req.param("name") ?? "");
		const url = new URL(c.req.url);
		const expand = parseDatasetExpand([...url.searchParams.getAll("expand"), ...url.searchParams.getAll("expand[]")]);
		const blobs = isTrue(url.searchParams.get("blobs"));
		const body = await datasetInfo(deps.db, id, { revision, expand, caller: c.get("caller"), blobs });
		if ("movedTo" in body && typeof body.movedTo === "string") throw movedRepo(url, "/api/datasets", id, body.movedTo);
		return c.json(body);
	};
	// Every dataset here has a namespace; a bare name is answered like a missing dataset.
	const bareName = (c: Context<HubEnv>) => {
		throw repoNotFound((c.req.param("name") ?? "").slice(0, 200), c.get("caller") !== undefined);
	};
	app.get("/api/datasets/:name", bareName);
	app.get("/api/datasets/:namespace/:name", (c) => info(c, undefined));
	app.get("/api/datasets/:namespace/:name/revision/:revision{.+}", (c) => info(c, c.req.param("revision")));
	return app;
}
