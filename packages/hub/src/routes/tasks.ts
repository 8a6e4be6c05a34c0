import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { taskCatalogue } from "../services/tasks.js";

/** `GET /api/tasks` (services/tasks.ts). `localRuntime`: whether this hub runs hf-inference models itself. */
export function taskRoutes(deps: HubDeps, options: { localRuntime: boolean }): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/tasks", async (c) => c.json(await taskCatalogue(deps.db, options.localRuntime)));
}
