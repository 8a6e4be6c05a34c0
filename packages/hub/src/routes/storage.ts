/**
 * How much storage namespaces use against `HUBKIT_STORAGE_QUOTA_BYTES` (services/quota.ts):
 * - `GET /api/settings/storage`: the caller's own namespace and each organisation they belong to;
 * - `GET /api/admin/storage/{name}`: any user's or organisation's, for a hub administrator.
 */
import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { notFound, tokenRequired } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { requireHubAdmin } from "../services/admin.js";
import { accountStorage, storageReport } from "../services/quota.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const STORAGE_ROUTE_DOCS: RouteDocs = {
	"GET /api/settings/storage": {
		summary: "Storage one's repositories and organizations use, and the quota",
		tag: "Accounts and settings",
		details: [
			'`{ name, …, organizations: [{ name, … }] }`: the usage and quota of the caller\'s own namespace and of each organisation they belong to, counted as "Reclaiming storage and the storage quota" in the hub README says.',
		],
	},
	"GET /api/admin/storage/{name}": {
		summary: "A user's or organization's storage use and quota",
		tag: "Administration",
	},
};

export function storageRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>()
		.get("/api/settings/storage", async (c) => {
			const caller = c.get("caller");
			if (!caller) throw tokenRequired();
			const own = await storageReport(deps.db, deps.config, caller.userName);
			const organizations = [];
			for (const name of caller.orgs ?? []) {
				organizations.push({ name, ...(await storageReport(deps.db, deps.config, name)) });
			}
			return c.json({ name: caller.userName, ...own, organizations });
		})
		.get("/api/admin/storage/:name", async (c) => {
			requireHubAdmin(c.get("caller"));
			const name = c.req.param("name");
			const account = await accountStorage(deps.db, deps.config, name);
			if (!account) throw notFound(`No user or organization named ${JSON.stringify(name.slice(0, 100))}`);
			return c.json(account);
		});
}
