#!/usr/bin/env node
/**
 * Rewrites the route reference of packages/hub/README.md ("API" section, between the api-routes
 * marker comments) from the route descriptions each route module exports. Reads the built
 * hub (run `npm run build` first); `--check` writes nothing and exits 1 when the README's list
 * is not what it would write. test/api-reference.test.ts makes the same check on every run.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withApiRouteList } from "../dist/openapi/readme-routes.js";
import { ROUTE_DOCS } from "../dist/openapi/route-docs.js";

const README = new URL("../README.md", import.meta.url);
const current = readFileSync(README, "utf8");
const generated = withApiRouteList(current, ROUTE_DOCS);
if (process.argv.includes("--check")) {
	if (generated !== current) {
		console.error(
			"packages/hub/README.md: the API route reference is out of date; run node packages/hub/scripts/api-reference.mjs",
		);
		process.exit(1);
	}
} else if (generated !== current) {
	writeFileSync(README, generated);
	console.log("packages/hub/README.md: API route reference rewritten");
}
