/**
 * The hub README's API route list is the one scripts/api-reference.mjs writes from the route
 * descriptions beside each route: a route added, changed or removed without rewriting the
 * README fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiRouteList, ROUTES_END, ROUTES_START, withApiRouteList } from "../src/openapi/readme-routes.js";
import { ROUTE_DOCS } from "../src/openapi/route-docs.js";

const README = new URL("../README.md", import.meta.url);

describe("the README's API route list", () => {
	it("is what scripts/api-reference.mjs writes from the route descriptions", () => {
		const readme = readFileSync(README, "utf8");
		expect(readme).toContain(ROUTES_START);
		const committed = readme.slice(readme.indexOf(ROUTES_START), readme.indexOf(ROUTES_END) + ROUTES_END.length);
		expect(committed, "run: npm run build && node packages/hub/scripts/api-reference.mjs").toBe(
			apiRouteList(ROUTE_DOCS),
		);
	});

	it("lists every described route once, with its permission", () => {
		const list = apiRouteList(ROUTE_DOCS);
		for (const key of Object.keys(ROUTE_DOCS)) expect(list.split(`\n- \`${key}\`: `).length - 1, key).toBe(1);
		expect(list).toContain(
			"\n- `DELETE /api/repos/delete`: Delete a repository. Body: JSON. Who: `admin` on the repo.\n",
		);
	});

	it("notices a description that changed", () => {
		const readme = `before\n${apiRouteList(ROUTE_DOCS)}\nafter\n`;
		const changed = {
			...ROUTE_DOCS,
			"GET /healthz": { summary: "Something else", tag: "Health and metrics" as const, public: true },
		};
		expect(withApiRouteList(readme, ROUTE_DOCS)).toBe(readme);
		expect(withApiRouteList(readme, changed)).not.toBe(readme);
		expect(() => withApiRouteList("no markers", ROUTE_DOCS)).toThrow(/markers/);
	});
});
