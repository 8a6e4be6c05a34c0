import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { taskCatalogue } from "../services/tasks.js";

export function taskRoutes(): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/tasks", (c) => c.json(taskCatalogue()));
}
