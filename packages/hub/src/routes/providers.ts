import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { type ProviderSetup, providerSummaries } from "../services/providers.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const PROVIDERS_ROUTE_DOCS: RouteDocs = {
	"GET /api/providers": {
		summary: "The inference providers this hub routes to",
		tag: "Inference",
		public: true,
		details: [
			"One item per provider the inference client knows, for a provider picker: `{ id, kind, configured, tasks }`. `kind` is `remote` (forwarded with the operator's key), `local` (`hf-inference`, the hub's own runtime) or `client-only` (takes only its own key, never through a hub); `configured` says whether a call can work now (a key is set, or the runtime runs); `tasks` are what the router forwards for it (for `local`, what the runtime runs). Keys are never shown.",
			"",
			"```json",
			'[{ "id": "hf-inference", "kind": "local", "configured": true, "tasks": ["text-classification", "…"] }]',
			"```",
		],
	},
};

/** `GET /api/providers`: the providers this hub can route to (see services/providers.ts). */
export function providerRoutes(setup: ProviderSetup): Hono<HubEnv> {
	// Keys and the runtime are fixed once the hub starts: the answer is worked out once.
	const body = providerSummaries(setup);
	return new Hono<HubEnv>().get("/api/providers", (c) => c.json(body));
}
