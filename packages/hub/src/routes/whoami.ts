import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { tokenRequired } from "../errors.js";
import { publicBaseUrl } from "../public-url.js";
import { uploadedAvatar } from "../services/avatar-upload.js";
import { organizationsOf } from "../services/organizations.js";
import { whoamiBody } from "../services/whoami.js";

export function whoamiRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/whoami-v2", async (c) => {
		const caller = c.get("caller");
		if (!caller) throw tokenRequired();
		const orgs = await organizationsOf(deps.db, caller.userId);
		const avatar = await uploadedAvatar(deps.db, caller.userId);
		return c.json(whoamiBody(caller, publicBaseUrl(c, deps.config), orgs, avatar));
	});
}
