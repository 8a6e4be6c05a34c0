/** `POST /api/validate-yaml` (services/card-validation.ts): a card's front matter checked before a commit. */
import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { type CardType, validateCard } from "../services/card-validation.js";
import { jsonObject, requiredString } from "./json-body.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const CARD_VALIDATION_ROUTE_DOCS: RouteDocs = {
	"POST /api/validate-yaml": {
		summary: "Checks a README's YAML front matter (`{content, repoType}`): `{errors, warnings}`, 400 when errors",
		tag: "Repositories",
		body: "json",
		public: true,
		permission: { action: "none", why: "a check of the text in the body; it reads and changes nothing" },
		details: [
			"Body `{content, repoType}`; no token needed. Checks a README's YAML front matter before a commit, as huggingface_hub does for every root `README.md`: `{errors: [], warnings}`, or a 400 with `errors` (broken YAML, a front matter that is not a mapping, a field of the wrong type, a `pipeline_tag` or dataset `task_categories` that is not a task id) and an `error` listing them.",
		],
	},
};

const CARD_TYPES: readonly CardType[] = ["model", "dataset", "space"];
/** A README far larger than any card; the front matter itself is capped lower. */
const MAX_CARD_CHARS = 1024 * 1024;

export function cardValidationRoutes(): Hono<HubEnv> {
	const app = new Hono<HubEnv>();

	app.post("/api/validate-yaml", async (c) => {
		const body = await jsonObject(c);
		const content = requiredString(body, "content");
		if (content.length > MAX_CARD_CHARS) throw badRequest("content is over 1 MiB");
		const repoType = body.repoType ?? "model";
		if (!CARD_TYPES.includes(repoType as CardType)) throw badRequest("repoType must be model, dataset or space");
		const result = validateCard(content, repoType as CardType);
		if (result.errors.length === 0) return c.json(result);
		const listed = result.errors.map((error) => `- ${error.message}`).join("\n");
		return c.json({ error: `Invalid metadata in README.md.\n${listed}`, ...result }, 400);
	});

	return app;
}
