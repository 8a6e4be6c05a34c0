/** `/api/admin/*`: hub administration (people, contested names, mirrors), for a browser session of a user with the admin flag (others: 403). */
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
import { evictMirror, listMirrors, listShadowedReads, mirrorNamed, refreshMirror } from "../services/mirror-admin.js";
import { mirrorCacheUse } from "../services/mirror-cache.js";
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
		details: [
			"`[{ name, email, fullname, isAdmin, disabled, createdAt }]` by name; `search` matches part of the name, e-mail or full name, `limit` is 1–200. Every `/api/admin/…` route answers a browser session of a site administrator; others, and tokens, get 403 `Forbidden`.",
		],
	},
	"PATCH /api/admin/users/{name}": {
		summary: "Disable, enable or make an account administrator",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: [
			"Body `{ disabled?: boolean, isAdmin?: boolean }`. Answers the row as listed; disabling ends the user's sessions and their tokens are refused from the next request. 409 for one's own `isAdmin: false` or `disabled: true`.",
		],
	},
	"POST /api/admin/users/{name}/password": {
		summary: "Set an account's password",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: ["Body `{ password }`. **204**; the user's sessions end."],
	},
	"GET /api/admin/namespaces": {
		summary: "Contested names: accounts that collide with the site's namespaces",
		tag: "Administration",
		query: [{ name: "all", description: "1: decided conflicts too" }],
		details: [
			"The undecided conflicts (`?all=1`: decided ones too), as `hubkit namespaces` prints them: `[{ name, namespaces, accounts, reason, createdAt, decision, decidedFor, decidedBy, decidedAt }]`.",
		],
	},
	"POST /api/admin/namespaces/{name}/grant": {
		summary: "Hand a contested namespace to an account (`account`)",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: [
			"Body `{ account }`: the account spelled like the namespace gets it and its repositories. Answers the decided conflict; 400 for an account not in the conflict, 409 when it is spelled differently from the namespace, 404 when there is nothing to decide.",
		],
	},
	"POST /api/admin/namespaces/{name}/keep": {
		summary: "Keep a contested namespace for the site (`renameAccount` renames an account spelled like it)",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: [
			"Body `{ renameAccount? }`: the site keeps the namespace. Without `renameAccount` it suits names differing only in case; an account spelled exactly like the namespace must take the new name (it keeps its sessions and tokens). Answers the decided conflict; 400 for a missing new name, 404 when there is nothing to decide.",
		],
	},
	"GET /api/admin/mirrors": {
		summary: "Repositories mirrored from another hub",
		tag: "Administration",
		details: [
			"`[{ type, id, upstream, upstreamSha, size, createdAt, refreshedAt }]` by id: each mirror (`hubkit mirror`, or fetched on first use with `HUBKIT_UPSTREAM`), the repository it mirrors, the upstream commit its `main` holds, the bytes of its files and when the upstream was last read.",
		],
	},
	"GET /api/admin/mirrors/cache": {
		summary: "How much of the mirror cache's limit the mirrors' LFS files use",
		tag: "Administration",
		details: [
			"`{ bytes, files, limit }`: the mirrors' LFS files whose bytes are held here (fetched from an upstream, or copied by `hubkit mirror`) and `HUBKIT_MIRROR_MAX_BYTES` (null: no limit). Past the limit the least recently used are deleted, and fetched again when next asked for.",
		],
	},
	"GET /api/admin/mirrors/shadowed": {
		summary: "Local names hiding repositories of the upstream",
		tag: "Administration",
		details: [
			"`[{ type, id, reads, firstRead, lastRead }]`, the most recently read first: each repository asked for that the caching mirror (`HUBKIT_UPSTREAM`) did not fetch because an account or organisation holds its namespace here and this hub has no such repository (local first: such a namespace is never read from the upstream, and the names are never sent there). `reads` counts the requests; only the 1000 most recently read are kept.",
		],
	},
	"POST /api/admin/mirrors/refresh": {
		summary: "Read a mirror's upstream again now",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: [
			"Body `{ type?, id }` (`type` model or dataset, default model). Reads the upstream's `main`, and the other refs the mirror holds (branches, tags, pull requests' heads, conversions), and copies what moved (files already held are not fetched again; on a hub with `HUBKIT_UPSTREAM`, LFS files are fetched when first asked for); a ref deleted upstream goes here too. Answers the mirror as listed. 404 for a repository that is not a mirror, 502 when the upstream fails.",
		],
	},
	"POST /api/admin/mirrors/evict": {
		summary: "Delete a mirror (the next read fetches it again)",
		tag: "Administration",
		body: "json",
		permission: { action: "admin", on: "site" },
		details: [
			"Body `{ type?, id }`. Deletes the mirrored repository as `DELETE /api/repos/delete` does (its files go to the collector); **204**. 404 for a repository that is not a mirror.",
		],
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
			.get("/api/admin/mirrors", async (c) => {
				requireHubAdmin(c.get("caller"));
				return c.json(await listMirrors(deps));
			})
			.get("/api/admin/mirrors/cache", async (c) => {
				requireHubAdmin(c.get("caller"));
				return c.json(await mirrorCacheUse(deps));
			})
			.get("/api/admin/mirrors/shadowed", async (c) => {
				requireHubAdmin(c.get("caller"));
				return c.json(await listShadowedReads(deps));
			})
			.post("/api/admin/mirrors/refresh", async (c) => {
				requireHubAdmin(c.get("caller"));
				const { type, id } = mirrorNamed(await jsonObject(c));
				return c.json(await refreshMirror(deps, type, id));
			})
			.post("/api/admin/mirrors/evict", async (c) => {
				const caller = requireHubAdmin(c.get("caller"));
				const { type, id } = mirrorNamed(await jsonObject(c));
				await evictMirror(deps, caller, type, id);
				return c.body(null, 204);
			})
	);
}
