/**
 * Organisations and their members. Any signed-in person (session or write token)
 * may create one and becomes its admin; members see the member list; admins
 * change it. Roles: read, write, admin.
 */
import { type Context, Hono } from "hono";
import type { Caller } from "../auth/caller.js";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, forbidden, HubError } from "../errors.js";
import { createOrganization, isOrgRole, listMembers, removeMember, setMember } from "../services/organizations.js";
import { jsonObject, optionalString, requiredString } from "./json-body.js";

function caller(c: Context<HubEnv>, write: boolean): Caller {
	const found = c.get("caller");
	if (!found) throw new HubError(401, "Not signed in", { code: "TokenRequired" });
	if (write && found.token.role !== "write") throw forbidden("A read token cannot change organizations");
	return found;
}

export function organizationRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>()
		.post("/api/organizations", async (c) => {
			const body = await jsonObject(c);
			const org = await createOrganization(deps.db, caller(c, true), {
				name: requiredString(body, "name"),
				fullname: optionalString(body, "fullname"),
			});
			return c.json({ name: org.name, fullname: org.fullname, role: org.role }, 201);
		})
		.get("/api/organizations/:name/members", async (c) =>
			c.json(await listMembers(deps.db, caller(c, false), c.req.param("name"))),
		)
		.put("/api/organizations/:name/members/:user", async (c) => {
			const body = await jsonObject(c);
			if (!isOrgRole(body.role)) throw badRequest("role must be read, write or admin");
			await setMember(deps.db, caller(c, true), c.req.param("name"), c.req.param("user"), body.role);
			return c.body(null, 204);
		})
		.delete("/api/organizations/:name/members/:user", async (c) => {
			await removeMember(deps.db, caller(c, true), c.req.param("name"), c.req.param("user"));
			return c.body(null, 204);
		});
}
