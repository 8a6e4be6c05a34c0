/**
 * For whatever starts and watches the hub (systemd, Kubernetes, a load
 * balancer): `GET /healthz` answers while the process serves HTTP at all;
 * `GET /readyz` only while the database answers a query and the blob store can
 * be reached, so traffic goes elsewhere while either is down. The reason goes to
 * the log; the answer names only which part failed.
 */
import { Hono } from "hono";
import { sql } from "kysely";
import type { HubDeps, HubEnv } from "../deps.js";
import type { RouteDocs } from "../openapi/route-doc.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const HEALTH_ROUTE_DOCS: RouteDocs = {
	"GET /healthz": { summary: "Whether the process serves HTTP", tag: "Health and metrics", public: true },
	"GET /readyz": {
		summary: "Whether the database answers and the blob store is reachable (503 names the part that is not)",
		tag: "Health and metrics",
		public: true,
	},
};

/** A check that has not answered by then counts as failed (a PostgreSQL host that drops packets never answers). */
export const READY_CHECK_TIMEOUT_MS = 2000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([work, late]);
	} finally {
		clearTimeout(timer);
	}
}

export function healthRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const checks: [name: string, run: () => Promise<unknown>][] = [
		["database", () => sql`SELECT 1`.execute(deps.db)],
		["blob store", async () => deps.blobStore.check?.()],
	];

	app.get("/healthz", (c) => {
		c.header("Cache-Control", "no-store");
		return c.json({ status: "ok" });
	});

	app.get("/readyz", async (c) => {
		c.header("Cache-Control", "no-store");
		const results = await Promise.allSettled(checks.map(([, run]) => within(run(), READY_CHECK_TIMEOUT_MS)));
		const failed = checks.filter((_, index) => results[index]?.status === "rejected").map(([name]) => name);
		if (failed.length === 0) return c.json({ status: "ready" });
		results.forEach((result, index) => {
			if (result.status === "rejected") {
				const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
				deps.logger.warn(`readyz: ${checks[index]?.[0]} check failed: ${reason}`);
			}
		});
		return c.json({ error: `Not ready: ${failed.join(" and ")} unreachable` }, 503);
	});
	return app;
}
