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
	"GET /api/whoami-v2": {
		summary: "Who the token or session belongs to",
		tag: "Accounts and settings",
		details: [
			'`{ type: "user", id, name, fullname, email, emailVerified, canPay, isPro, periodEnd, avatarUrl, billingMode, orgs, auth: { type: "access_token", accessToken: { displayName, role, createdAt } } }`. `orgs` are the user\'s organisations, `{ type: "org", id, name, fullname, email: null, canPay: false, avatarUrl, periodEnd: null, roleInOrg }` (`roleInOrg`: `read`, `write` or `admin`). A browser session answers as a write token named `Browser session`, created at sign-in. `emailVerified` is always `false`: the hub sends no mail, so it verifies no address. 401 without a token or session.',
		],
	},
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
