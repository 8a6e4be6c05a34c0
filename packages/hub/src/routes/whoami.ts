import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { tokenRequired } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { uploadedAvatar } from "../services/avatar-upload.js";
import { organizationsOf } from "../services/organizations.js";
import { whoamiBody } from "../services/whoami.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const WHOAMI_ROUTE_DOCS: RouteDocs = {
	"GET /api/whoami-v2": { summary: "Who the token or session belongs to", tag: "Accounts and settings" },
};

export function whoamiRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/whoami-v2", async (c) => {
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const orgs = await organizationsOf(deps.db, caller.userId);
		const avatar = await uploadedAvatar(deps.db, caller.userId);
		return c.json(whoamiBody(caller, publicBaseUrl(c, deps.config), orgs, avatar));
	});
}
