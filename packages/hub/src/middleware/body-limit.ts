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

/** Last path segments of the JSON calls under `.git/info/lfs/` (routes/lfs.ts). */
const LFS_JSON_CALLS = new Set(["batch", "verify", "complete"]);

/** Which limit a path falls under (see "Body limits" in the hub README). */
export function bodyLimitKind(path: string): BodyLimitKind {
	const segments = path.split("/").slice(1);
	const first = segments[0] ?? "";
	// `/{owner}/{name}.git/…` and `/datasets/{owner}/{name}.git/…`: git and LFS pushes. The LFS
	// API's own JSON calls there (batch, verify, completing a multipart upload) are small.
	if (segments[1]?.endsWith(".git") || (first === "datasets" && segments[2]?.endsWith(".git"))) {
		return LFS_JSON_CALLS.has(segments.at(-1) ?? "") ? "api" : "upload";
	}
	// Git smart HTTP (routes/git-http.ts), with or without `.git`: a push carries the pack, and a
	// fetch's negotiation lists many commits.
	const last = segments.at(-1);
	if (last === "git-receive-pack" || last === "git-upload-pack") return "upload";
	// Xet uploads (routes/xet.ts): xorbs of a little over 64 MiB and the shards that name them.
	if (path.startsWith("/v1/xorbs/") || path === "/v1/shards" || path === "/v2/shards") return "upload";
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

function tooLarge(limit: number): HubError {
	return new HubError(413, `Request body larger than ${limit} bytes`, { headers: { "X-Error-Code": "BodyTooLarge" } });
}

/**
 * Uploads are never held in memory: a body that declares its length is judged by it, and one
 * sent in chunks is counted as the route reads it, its stream failing with the 413 once it
 * runs over. (Hono's bodyLimit gathers a chunked body whole before the route sees it.)
 */
function streamingBodyLimit(maxSize: number): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		// Headers first: on the Node server, touching `body` turns the socket into a web stream,
		// and a route that streams a declared-length body may read the socket directly (routes/lfs.ts).
		const declared = c.req.raw.headers.get("content-length");
		if (declared !== null && !c.req.raw.headers.has("transfer-encoding")) {
			if (Number.parseInt(declared, 10) > maxSize) throw tooLarge(maxSize);
			return next();
		}
		const body = c.req.raw.body;
		if (!body) return next();
		let size = 0;
		const counted = body.pipeThrough(
			new TransformStream<Uint8Array, Uint8Array>({
				transform(chunk, controller) {
					size += chunk.byteLength;
					if (size > maxSize) controller.error(tooLarge(maxSize));
					else controller.enqueue(chunk);
				},
			}),
		);
		c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
		return next();
	};
}

export function bodyLimits(limits: Record<BodyLimitKind, number>): MiddlewareHandler<HubEnv> {
	const limiters = Object.fromEntries(
		(Object.keys(limits) as BodyLimitKind[]).map((kind) => [
			kind,
			kind === "upload"
				? streamingBodyLimit(limits[kind])
				: bodyLimit({
						maxSize: limits[kind],
						onError: () => {
							throw tooLarge(limits[kind]);
						},
					}),
		]),
	) as Record<BodyLimitKind, MiddlewareHandler<HubEnv>>;
	// GET and HEAD carry no body; looking for one would make the server build a full Request per call.
	return (c, next) =>
		c.req.method === "GET" || c.req.method === "HEAD" ? next() : limiters[bodyLimitKind(c.req.path)](c, next);
}
