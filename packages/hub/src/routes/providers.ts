import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { type ProviderSetup, providerSummaries } from "../services/providers.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const PROVIDERS_ROUTE_DOCS: RouteDocs = {
	"GET /api/providers": { summary: "The inference providers this hub routes to", tag: "Inference", public: true },
};

/** `GET /api/providers`: the providers this hub can route to (see services/providers.ts). */
export function providerRoutes(setup: ProviderSetup): Hono<HubEnv> {
	// Keys and the runtime are fixed once the hub starts: the answer is worked out once.
	const body = providerSummaries(setup);
	return new Hono<HubEnv>().get("/api/providers", (c) => c.json(body));
}
