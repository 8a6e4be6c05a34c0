/** `/api/admin/*`: hub administration (people, contested names), for a browser session of a user with the admin flag (others: 403). */
import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import {
	adminListUsers,
	adminResetPassword,
	adminUpdateUser,
	MAX_ADMIN_LIST,
	requireHubAdmin,
} from "../services/admin.js";
import { grantNamespace, keepNamespace, listNamespaceConflicts } from "../services/namespace-conflicts.js";
import { jsonObject, optionalString, requiredString } from "./json-body.js";
import { isTrue } from "./query.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const ADMIN_ROUTE_DOCS: RouteDocs = {
	"GET /api/admin/users": {
		summary: "Every account (hub administrators)",
		tag: "Administration",
		query: [
			{ name: "search", description: "Words the name or e-mail must contain" },
			{ name: "limit", description: "At most this many", type: "integer" },
		],
	},
	"PATCH /api/admin/users/{name}": {
		summary: "Disable, enable or make an account administrator",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
	},
	"POST /api/admin/users/{name}/password": {
		summary: "Set an account's password",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
	},
	"GET /api/admin/namespaces": {
		summary: "Contested names: accounts that collide with the site's namespaces",
		tag: "Administration",
		query: [{ name: "all", description: "1: decided conflicts too" }],
	},
	"POST /api/admin/namespaces/{name}/grant": {
		summary: "Hand a contested namespace to an account (`account`)",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
	},
	"POST /api/admin/namespaces/{name}/keep": {
		summary: "Keep a contested namespace for the site (`renameAccount` renames an account spelled like it)",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
	},
};

function optionalBoolean(body: Record<string, unknown>, key: string): boolean | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (typeof value !== "boolean") throw badRequest(`${key} must be true or false`);
	return value;
}

export function adminRoutes(deps: HubDeps): Hono<HubEnv> {
	return (
		new Hono<HubEnv>()
			.get("/api/admin/users", async (c) => {
				requireHubAdmin(c.get("caller"));
				const limitText = c.req.query("limit");
				const limit = limitText === undefined || limitText === "" ? MAX_ADMIN_LIST : Number(limitText);
				if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ADMIN_LIST) {
					throw badRequest(`limit is a whole number from 1 to ${MAX_ADMIN_LIST}`);
				}
				return c.json(await adminListUsers(deps.db, c.req.query("search"), limit));
			})
			.patch("/api/admin/users/:name", async (c) => {
				const caller = requireHubAdmin(c.get("caller"));
				const body = await jsonObject(c);
				const changes = { disabled: optionalBoolean(body, "disabled"), isAdmin: optionalBoolean(body, "isAdmin") };
				return c.json(await adminUpdateUser(deps.db, caller, c.req.param("name"), changes));
			})
			.post("/api/admin/users/:name/password", async (c) => {
				requireHubAdmin(c.get("caller"));
				const body = await jsonObject(c);
				await adminResetPassword(deps.db, c.req.param("name"), requiredString(body, "password"));
				return c.body(null, 204);
			})
			// Contested names (services/namespace-conflicts.ts): undecided ones, or all with `?all=1`.
			.get("/api/admin/namespaces", async (c) => {
				requireHubAdmin(c.get("caller"));
				const all = c.req.query("all");
				return c.json(await listNamespaceConflicts(deps.db, { all: isTrue(all) }));
			})
			.post("/api/admin/namespaces/:name/grant", async (c) => {
				const caller = requireHubAdmin(c.get("caller"));
				const body = await jsonObject(c);
				const account = requiredString(body, "account");
				return c.json(await grantNamespace(deps.db, c.req.param("name"), account, caller.userName));
			})
			.post("/api/admin/namespaces/:name/keep", async (c) => {
				const caller = requireHubAdmin(c.get("caller"));
				const body = await jsonObject(c);
				const renameAccount = optionalString(body, "renameAccount");
				return c.json(await keepNamespace(deps.db, c.req.param("name"), { renameAccount, decidedBy: caller.userName }));
			})
	);
}
