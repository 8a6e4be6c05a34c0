/**
 * `GET /metrics`: the Prometheus text format, for a scraper that has no hub
 * account. Open by default (it says how busy the hub is, nothing about anyone);
 * with HUBKIT_METRICS_TOKEN set it needs `Authorization: Bearer <that token>`.
 * Mounted before the caller middleware, so the metrics token is never taken for
 * a hub token (and never looked up in the database).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import type { HubMetrics } from "../metrics.js";
import type { RouteDocs } from "../openapi/route-doc.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const METRICS_ROUTE_DOCS: RouteDocs = {
	"GET /metrics": {
		summary: "Prometheus metrics: requests by route, inference by provider and task, cache, queues",
		description: "Open unless HUBKIT_METRICS_TOKEN is set; then it needs `Authorization: Bearer` with that token.",
		tag: "Health and metrics",
		produces: "text/plain",
		public: true,
	},
};

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsRoutes(metrics: HubMetrics, token: string | undefined): Hono<HubEnv> {
	const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
	return new Hono<HubEnv>().get("/metrics", async (c) => {
		if (expected) {
			// Compared as digests of equal length, in constant time.
			const given = digest(c.req.header("authorization") ?? "");
			if (!timingSafeEqual(given, expected)) {
				throw new HubError(401, "GET /metrics needs the metrics token: Authorization: Bearer <HUBKIT_METRICS_TOKEN>", {
					headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
				});
			}
		}
		c.header("Cache-Control", "no-store");
		c.header("Content-Type", metrics.registry.contentType);
		return c.body(await metrics.registry.metrics());
	});
}
