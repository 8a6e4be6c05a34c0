/**
 * Request body limits by what a route takes: the hub API's own JSON routes
 * small, the router's inference calls large enough for base64 images and audio
 * inside JSON, uploads larger still. One limit for everything would either let
 * a 32 MiB body into every JSON route or cut the router's images short.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import { isProviderId } from "../router/providers.js";

export type BodyLimitKind = "api" | "router" | "upload" | "avatar";

/** Which limit a path falls under (see "Body limits" in the hub README). */
export function bodyLimitKind(path: string): BodyLimitKind {
	const segments = path.split("/").slice(1);
	const first = segments[0] ?? "";
	// `/{owner}/{name}.git/…` and `/datasets/{owner}/{name}.git/…`: git and LFS pushes.
	if (segments[1]?.endsWith(".git") || (first === "datasets" && segments[2]?.endsWith(".git"))) return "upload";
	// `/api/{models|datasets|spaces}/{owner}/{name}/commit/{revision}`: a commit carries files.
	if (first === "api" && segments[4] === "commit") return "upload";
	// `PUT /api/settings/avatar`, `/api/organizations/{name}/avatar`: a picture, larger than JSON, held to its own limit.
	if (
		path === "/api/settings/avatar" ||
		(first === "api" && segments[1] === "organizations" && segments[3] === "avatar")
	) {
		return "avatar";
	}
	if (path === "/v1/chat/completions" || first === "hf-inference" || isProviderId(first)) return "router";
	return "api";
}

export function bodyLimits(limits: Record<BodyLimitKind, number>): MiddlewareHandler<HubEnv> {
	const limiters = Object.fromEntries(
		(Object.keys(limits) as BodyLimitKind[]).map((kind) => [
			kind,
			bodyLimit({
				maxSize: limits[kind],
				onError: () => {
					throw new HubError(413, `Request body larger than ${limits[kind]} bytes`, {
						headers: { "X-Error-Code": "BodyTooLarge" },
					});
				},
			}),
		]),
	) as Record<BodyLimitKind, MiddlewareHandler<HubEnv>>;
	// GET and HEAD carry no body; looking for one would make the server build a full Request per call.
	return (c, next) =>
		c.req.method === "GET" || c.req.method === "HEAD" ? next() : limiters[bodyLimitKind(c.req.path)](c, next);
}
