import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { taskCatalogue } from "../services/tasks.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const TASKS_ROUTE_DOCS: RouteDocs = {
	"GET /api/tasks": { summary: "The task catalogue, with the hub's models per task", tag: "Catalogue", public: true },
};

/** `GET /api/tasks` (services/tasks.ts). `localRuntime`: whether this hub runs hf-inference models itself. */
export function taskRoutes(deps: HubDeps, options: { localRuntime: boolean }): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/tasks", async (c) => c.json(await taskCatalogue(deps.db, options.localRuntime)));
}
