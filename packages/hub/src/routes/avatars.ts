/** `GET /api/avatars/{name}.svg`: the generated avatar `avatarUrl` points at (services/avatar.ts). */
import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { badRequest } from "../errors.js";
import { avatarSvg, isAvatarName } from "../services/avatar.js";

export function avatarRoutes(): Hono<HubEnv> {
	return new Hono<HubEnv>().get("/api/avatars/:file", (c) => {
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
	});
}
