import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { unauthorized } from "../errors.js";
import { whoamiBody } from "../services/whoami.js";

export function whoamiRoutes(): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/whoami-v2", (c) => {
		const caller = c.get("caller");
		if (!caller) throw unauthorized("A token is required: send Authorization: Bearer hf_…");
		return c.json(whoamiBody(caller, new URL(c.req.url).origin));
	});
}
