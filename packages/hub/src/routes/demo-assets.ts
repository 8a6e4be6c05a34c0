/**
 * The task pages' demo pictures and sounds, shipped in @hubkit/tasks under
 * assets/demo and linked from the sample catalogue's widget examples
 * (`/assets/demo/<file>`). Only the files that are there at start-up are
 * served, by exact name: nothing from the request ever becomes a path.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import type { HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const DEMO_ASSETS_ROUTE_DOCS: RouteDocs = {
	"GET /assets/demo/{file}": {
		summary: "A sample input for the widgets (image, audio)",
		tag: "Avatars and assets",
		produces: "application/octet-stream",
		public: true,
		details: [
			"The task pages' demo pictures and sounds from `@hubkit/tasks` (`assets/demo/`), which the sample catalogue's widget examples link to. Only files present at start-up, by exact name; anything else is a JSON 404.",
		],
	},
	"HEAD /assets/demo/{file}": { summary: "A sample input's headers", tag: "Avatars and assets", public: true },
};

const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", wav: "audio/wav" };

interface Asset {
	type: string;
	bytes: Uint8Array<ArrayBuffer>;
}

function loadAssets(): Map<string, Asset> {
	const tasksPackage = createRequire(import.meta.url).resolve("@hubkit/tasks/package.json");
	const dir = join(dirname(tasksPackage), "assets", "demo");
	const assets = new Map<string, Asset>();
	for (const name of readdirSync(dir)) {
		const type = TYPES[name.slice(name.lastIndexOf(".") + 1)];
		if (type) assets.set(name, { type, bytes: new Uint8Array(readFileSync(join(dir, name))) });
	}
	return assets;
}

export function demoAssetRoutes(): Hono<HubEnv> {
	const assets = loadAssets();
	const app = new Hono<HubEnv>();
	app.on(["GET", "HEAD"], "/assets/demo/:file", (c) => {
		const asset = assets.get(c.req.param("file"));
		if (!asset) throw new HubError(404, "No such demo asset");
		const headers = {
			"Content-Type": asset.type,
			"Content-Length": String(asset.bytes.byteLength),
			"Cache-Control": "public, max-age=86400",
		};
		return new Response(c.req.method === "HEAD" ? null : asset.bytes, { headers });
	});
	return app;
}
