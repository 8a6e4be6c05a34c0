/**
 * `GET /api/openapi.json` (the hub API as OpenAPI 3.1) and `GET /api/docs` (the
 * same as a page). Both are built once, on first ask, from the routes the whole
 * app has registered by then; `servers` is the hub's public URL (public-url.ts).
 */
import { Hono } from "hono";
import type { HubConfig } from "../config.js";
import type { HubEnv } from "../deps.js";
import { openApiDocument, type RegisteredRoute } from "../openapi/document.js";
import { referencePage } from "../openapi/reference-page.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { HUB_VERSION } from "../version.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const OPENAPI_ROUTE_DOCS: RouteDocs = {
	"GET /api/openapi.json": {
		summary: "This document: the hub API as OpenAPI 3.1",
		tag: "API reference",
		public: true,
	},
	"GET /api/docs": {
		summary: "The API reference as a page",
		tag: "API reference",
		produces: "text/html",
		public: true,
	},
};

export function openApiRoutes(
	config: HubConfig,
	appRoutes: () => readonly RegisteredRoute[],
	docs: RouteDocs,
): Hono<HubEnv> {
	let document: Record<string, unknown> | undefined;
	let page: string | undefined;
	const built = () => {
		document ??= openApiDocument(appRoutes(), HUB_VERSION, docs);
		return document;
	};
	return new Hono<HubEnv>()
		.get("/api/openapi.json", (c) => c.json({ ...built(), servers: [{ url: publicBaseUrl(c, config) }] }))
		.get("/api/docs", (c) => {
			page ??= referencePage(built());
			return c.html(page);
		});
}
