/**
 * Organisations and their members. A signed-in person (a session, or a write token for the
 * whole account) may create one and becomes its admin; members see the member list; admins
 * change it. Roles: read, write, admin. Who may do which is the rule's (auth/permissions.ts),
 * asked by the services.
 */
import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { createOrganization, isOrgRole, listMembers, removeMember, setMember } from "../services/organizations.js";
import { jsonObject, optionalString, requiredString } from "./json-body.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const ORGANIZATIONS_ROUTE_DOCS: RouteDocs = {
	"POST /api/organizations": {
		summary: "Create an organisation",
		tag: "Users and organisations",
		body: "json",
		permission: { action: "account", on: "account" },
		details: [
			'Body `{ name, fullname? }`. **201** `{ name, fullname, role: "admin" }`: the caller is its first admin. 409 `NameTaken` for a name held by an account, an organisation or as a repository namespace.',
		],
	},
	"GET /api/organizations/{name}/members": {
		summary: "An organisation's members",
		tag: "Users and organisations",
		details: ["`[{ name, fullname, role, since }]`; members only (others: 404 `NotFound`)."],
	},
	"PUT /api/organizations/{name}/members/{user}": {
		summary: "Add a member or change their role",
		tag: "Users and organisations",
		body: "json",
		permission: { action: "admin", on: "organization" },
		details: [
			'Body `{ role: "read"|"write"|"admin" }`. **204**, adding the member or changing their role; 403 `Forbidden` for members who are not admins.',
		],
	},
	"DELETE /api/organizations/{name}/members/{user}": {
		summary: "Remove a member",
		tag: "Users and organisations",
		permission: { action: "admin", on: "organization" },
		details: ["**204**; admins only. The last admin can neither leave nor step down (409)."],
	},
};

export function organizationRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>()
		.post("/api/organizations", async (c) => {
			const body = await jsonObject(c);
			const org = await createOrganization(deps.db, c.get("caller"), {
				name: requiredString(body, "name"),
				fullname: optionalString(body, "fullname"),
			});
			return c.json({ name: org.name, fullname: org.fullname, role: org.role }, 201);
		})
		.get("/api/organizations/:name/members", async (c) =>
			c.json(await listMembers(deps.db, c.get("caller"), c.req.param("name"))),
		)
		.put("/api/organizations/:name/members/:user", async (c) => {
			const body = await jsonObject(c);
			if (!isOrgRole(body.role)) throw badRequest("role must be read, write or admin");
			await setMember(deps.db, c.get("caller"), c.req.param("name"), c.req.param("user"), body.role);
			return c.body(null, 204);
		})
		.delete("/api/organizations/:name/members/:user", async (c) => {
			await removeMember(deps.db, c.get("caller"), c.req.param("name"), c.req.param("user"));
			return c.body(null, 204);
		});
}
