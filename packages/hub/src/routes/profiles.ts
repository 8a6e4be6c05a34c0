/**
 * Profiles and what goes with them: the public overviews of a user or an
 * organisation, uploaded avatars (the signed-in person's, an organisation's by
 * its admins), organisation settings, and deleting one's own account. Avatar
 * uploads are the raw image as the body; the bytes decide what it is
 * (services/avatar-upload.ts), and the body limit for these paths is 2 MiB.
 */
import { type Context, Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../auth/sessions.js";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { deleteAccount } from "../services/account-deletion.js";
import type { Profile } from "../services/accounts.js";
import { avatarUrl } from "../services/avatar.js";
import { clearAvatar, setAvatar } from "../services/avatar-upload.js";
import { requireOrganization } from "../services/organizations.js";
import { orgOverview, updateOrgProfile, userOverview } from "../services/profiles.js";
import { sessionCaller } from "./accounts.js";
import { jsonObject, optionalString } from "./json-body.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const PROFILES_ROUTE_DOCS: RouteDocs = {
	"PUT /api/settings/avatar": {
		summary: "Upload one's avatar",
		tag: "Accounts and settings",
		body: "binary",
		permission: { action: "settings", on: "account" },
		details: [
			"The raw image as the body, `Content-Type: image/png`, `image/jpeg`, `image/webp` or `image/gif`. **200** `{ avatarUrl }` (`/api/avatars/{name}/{key}`). What the picture is comes from its header, not the `Content-Type`: 415 for another type or bytes that are not the type sent (a PNG signature not followed by `IHDR`, a JPEG sent as PNG); 413 over 2 MiB; 400 under 32×32 or over 4096×4096 pixels. It is stored in the blob store under its sha256.",
		],
	},
	"DELETE /api/settings/avatar": {
		summary: "Remove one's avatar",
		tag: "Accounts and settings",
		permission: { action: "settings", on: "account" },
		details: ["**204**: back to the generated avatar."],
	},
	"DELETE /api/settings/account": {
		summary: "Delete one's account",
		tag: "Accounts and settings",
		body: "json",
		permission: { action: "settings", on: "account" },
		details: [
			"Body `{ confirm: \"<own name>\" }`. **204**, cookie cleared. In one transaction: the user's models and everything keyed by them, the organisations they are the only member of (with their models), their memberships, tokens, sessions and the user; file contents stay in the blob store, and the name is free again. 400 when `confirm` is not the name; 409 when the user is the last admin of an organisation with other members (named), or the name (or a sole organisation's) is contested until a site administrator decides it.",
		],
	},
	"GET /api/users/{name}/overview": {
		summary: "A user's public profile",
		tag: "Users and organisations",
		public: true,
		details: [
			'Public: `{ type: "user", name, fullname, avatarUrl, bio, links, createdAt, isAdmin, orgs: [{ name, fullname, avatarUrl }], numModels }`; 404 `NotFound`.',
		],
	},
	"GET /api/organizations/{name}/overview": {
		summary: "An organisation's public profile",
		tag: "Users and organisations",
		public: true,
		details: [
			'Public: `{ type: "org", name, fullname, avatarUrl, bio, links, createdAt, numMembers, numModels }`; 404 `NotFound`.',
		],
	},
	"PUT /api/organizations/{name}/settings": {
		summary: "Change an organisation's profile",
		tag: "Users and organisations",
		body: "json",
		permission: { action: "admin", on: "organization" },
		details: [
			"Body `{ fullname?, bio?, links? }`, as `PUT /api/settings/profile`. Answers the organisation's overview; 403 `Forbidden` for members who are not admins, 404 for others.",
		],
	},
	"PUT /api/organizations/{name}/avatar": {
		summary: "Upload an organisation's avatar",
		tag: "Users and organisations",
		body: "binary",
		permission: { action: "admin", on: "organization" },
		details: ["As `PUT /api/settings/avatar`, for the organisation's admins."],
	},
	"DELETE /api/organizations/{name}/avatar": {
		summary: "Remove an organisation's avatar",
		tag: "Users and organisations",
		permission: { action: "admin", on: "organization" },
		details: ["As `DELETE /api/settings/avatar`, for the organisation's admins."],
	},
};

function profileBody(body: Record<string, unknown>): Profile {
	const links = body.links;
	if (links !== undefined && (typeof links !== "object" || links === null || Array.isArray(links))) {
		throw badRequest("links must be an object");
	}
	return {
		fullname: optionalString(body, "fullname"),
		bio: optionalString(body, "bio"),
		links: links as Profile["links"],
	};
}

async function imageBody(c: Context<HubEnv>): Promise<Uint8Array> {
	return new Uint8Array(await c.req.arrayBuffer());
}

export function profileRoutes(deps: HubDeps): Hono<HubEnv> {
	const hubUrl = (c: Context<HubEnv>) => publicBaseUrl(c, deps.config);

	return new Hono<HubEnv>()
		.get("/api/users/:name/overview", async (c) =>
			c.json(await userOverview(deps.db, hubUrl(c), c.req.param("name"), c.get("caller"))),
		)
		.get("/api/organizations/:name/overview", async (c) =>
			c.json(await orgOverview(deps.db, hubUrl(c), c.req.param("name"), c.get("caller"))),
		)
		.put("/api/organizations/:name/settings", async (c) => {
			const name = c.req.param("name");
			const profile = profileBody(await jsonObject(c));
			await updateOrgProfile(deps.db, c.get("caller"), name, profile);
			return c.json(await orgOverview(deps.db, hubUrl(c), name, c.get("caller")));
		})
		.put("/api/settings/avatar", async (c) => {
			const caller = sessionCaller(c);
			const sha256 = await setAvatar(
				deps.db,
				deps.blobStore,
				caller.userId,
				await imageBody(c),
				c.req.header("content-type"),
			);
			return c.json({ avatarUrl: avatarUrl(hubUrl(c), caller.userName, sha256) });
		})
		.delete("/api/settings/avatar", async (c) => {
			await clearAvatar(deps.db, sessionCaller(c).userId);
			return c.body(null, 204);
		})
		.put("/api/organizations/:name/avatar", async (c) => {
			const name = c.req.param("name");
			const org = await requireOrganization(deps.db, c.get("caller"), "admin", name);
			const sha256 = await setAvatar(deps.db, deps.blobStore, org, await imageBody(c), c.req.header("content-type"));
			return c.json({ avatarUrl: avatarUrl(hubUrl(c), name, sha256) });
		})
		.delete("/api/organizations/:name/avatar", async (c) => {
			await clearAvatar(deps.db, await requireOrganization(deps.db, c.get("caller"), "admin", c.req.param("name")));
			return c.body(null, 204);
		})
		.delete("/api/settings/account", async (c) => {
			const caller = sessionCaller(c);
			const body = await jsonObject(c);
			await deleteAccount(deps.db, caller.userId, body.confirm);
			deleteCookie(c, SESSION_COOKIE, { path: "/" });
			return c.body(null, 204);
		});
}
