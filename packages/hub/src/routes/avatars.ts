/**
 * `GET /api/avatars/{name}.svg`: the generated avatar (services/avatar.ts), and
 * `GET /api/avatars/{name}/{key}`: an uploaded one (services/avatar-upload.ts), whose
 * key is the start of its sha256, so the URL changes with the picture and the
 * answer can be cached for good.
 */
import { Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { avatarSvg, isAvatarName } from "../services/avatar.js";
import { readAvatar } from "../services/avatar-upload.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const AVATARS_ROUTE_DOCS: RouteDocs = {
	"GET /api/avatars/{file}": {
		summary: "A generated avatar (`{name}.svg`)",
		tag: "Avatars and assets",
		produces: "image/svg+xml",
		public: true,
		details: [
			"`{name}.svg`: the name's initials (`jane-doe` → `JD`) on a colour picked from the name, 128×128. The same name always gets the same picture and nothing is looked up, so every well-formed user name has one, whether or not the user exists; any other name is a 400. It is the `avatarUrl` of every account until a picture is uploaded.",
		],
	},
	"GET /api/avatars/{name}/{key}": {
		summary: "An uploaded avatar image",
		tag: "Avatars and assets",
		produces: "image/*",
		public: true,
		details: [
			"An uploaded picture: `key` is the first 16 hex digits of its sha256, so a new picture gets a new URL and the old one answers 404. Served with the type read from its bytes, `Cache-Control: public, max-age=31536000, immutable` and `nosniff`.",
		],
	},
};

export function avatarRoutes(deps: HubDeps): Hono<HubEnv> {
	return new Hono<HubEnv>()
		.get("/api/avatars/:file", (c) => {
			const file = c.req.param("file");
			const name = file.endsWith(".svg") ? file.slice(0, -".svg".length) : "";
			if (!isAvatarName(name)) throw badRequest("Avatars are /api/avatars/{name}.svg, for a valid user name");
			return c.body(avatarSvg(name), 200, {
				"Content-Type": "image/svg+xml; charset=utf-8",
				// The picture depends on the name alone.
				"Cache-Control": "public, max-age=86400",
				// Opened directly, an SVG is a document of the hub's origin: no scripts, no outside resources.
				"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
				"X-Content-Type-Options": "nosniff",
			});
		})
		.get("/api/avatars/:name/:key", async (c) => {
			const name = c.req.param("name");
			if (!isAvatarName(name)) throw badRequest("Avatars are /api/avatars/{name}/{key}, for a valid user name");
			const avatar = await readAvatar(deps.db, deps.blobStore, name, c.req.param("key"));
			return c.body(avatar.body, 200, {
				"Content-Type": avatar.type,
				"Content-Length": String(avatar.size),
				"Cache-Control": "public, max-age=31536000, immutable",
				// Only the four raster types are ever stored, checked from their bytes; nothing to sniff.
				"X-Content-Type-Options": "nosniff",
				"Content-Security-Policy": "default-src 'none'",
			});
		});
}
