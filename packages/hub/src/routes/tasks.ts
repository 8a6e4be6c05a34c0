import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { taskCatalogue } from "../services/tasks.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const TASKS_ROUTE_DOCS: RouteDocs = {
	"GET /api/tasks": {
		summary: "The task catalogue, with the hub's models per task",
		tag: "Catalogue",
		public: true,
		details: [
			"An object keyed by pipeline tag (tags without a task page are left out); each value is the task page from `@hubkit/tasks`: `{ id, label, libraries[], widgetModels[], models[{id, description}], datasets, metrics, spaces, summary, demo, youtubeId?, canonicalId?, isPlaceholder?, localModel, localNote? }`. Clients take their default model from `widgetModels[0]`. It reads the database on each request.",
			"",
			"`localModel` is a model this hub runs itself for the task (a live `hf-inference` mapping, public, not gated; the most downloaded when there are several), or `null`. When there is one it also comes first in `widgetModels` and `models` (with its page description, or `Runs on this hub's own CPU (hf-inference): …`), then the page's own models in their order, so a call without a model runs something real. Otherwise, and on a hub without a local runtime, the page's lists are as written.",
			"",
			"`localNote`: on a hub with a runtime, a task the runtime has an engine for but no model here runs says in one line what to add: a model repository with an ONNX folder for the task (transformers.js layout), or for `text-generation` a GGUF file. No summarization, object-detection or text-generation model that answers sensibly at a small size ships in an npm or Debian package, so those tasks have a note on a fresh hub (translation too, without Debian's Apertium).",
		],
	},
};

/** `GET /api/tasks` (services/tasks.ts). `localRuntime`: whether this hub runs hf-inference models itself. */
export function taskRoutes(deps: HubDeps, options: { localRuntime: boolean }): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/tasks", async (c) => c.json(await taskCatalogue(deps.db, options.localRuntime)));
}
