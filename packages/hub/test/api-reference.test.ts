/**
 * The hub README's API route reference is the one scripts/api-reference.mjs writes from the
 * route descriptions beside each route, each route's details under its line: a route or its
 * details added, changed or removed without rewriting the README fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../src/openapi/document.js";
import { apiRouteList, ROUTES_END, ROUTES_START, withApiRouteList } from "../src/openapi/readme-routes.js";
import { ROUTE_DOCS } from "../src/openapi/route-docs.js";

const README = new URL("../README.md", import.meta.url);

describe("the README's API route reference", () => {
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
			"\n- `POST /datasets/{namespace}/{name}/info/lfs/objects/verify`: Git LFS: confirm an uploaded object of a dataset. Body: JSON. Who: `write` on the repo.\n",
		);
	});

	it("shows each route's details under its line, indented into its list item", () => {
		const list = apiRouteList(ROUTE_DOCS);
		const detailed = Object.entries(ROUTE_DOCS).filter(([, doc]) => doc.details);
		expect(detailed.length).toBeGreaterThan(50);
		for (const [key, doc] of detailed) {
			const start = list.indexOf(`\n- \`${key}\`: `);
			const indented = (doc.details ?? []).map((line) => (line ? `  ${line}` : "")).join("\n");
			expect(list.slice(start).split("\n\n")[1], key).toBe(indented.split("\n\n")[0]);
			expect(list, key).toContain(`\n\n${indented}\n\n`);
		}
		expect(list).toContain(
			"\n- `DELETE /api/repos/delete`: Delete a repository. Body: JSON. Who: `admin` on the repo.\n\n  Body `{ name, organization?, type? }`.",
		);
		// No run of blank lines where a detailed route ends a group.
		expect(list).not.toMatch(/\n\n\n/);
	});

	it("holds the same details as the OpenAPI document, route by route", () => {
		const readme = readFileSync(README, "utf8");
		// Each described route as the app registers it (`{name}` is `:name` in Hono).
		const routes = Object.keys(ROUTE_DOCS).map((key) => {
			const [method = "", template = ""] = key.split(" ");
			return { method, path: template.replace(/\{([^}]+)\}/g, ":$1") };
		});
		const operations = Object.values(
			openApiDocument(routes, "0", ROUTE_DOCS).paths as Record<string, Record<string, Record<string, unknown>>>,
		).flatMap((item) => Object.values(item));
		const detailed = Object.entries(ROUTE_DOCS).filter(([, doc]) => doc.details);
		for (const [key, doc] of detailed) {
			const details = (doc.details ?? []).join("\n");
			const operation = operations.find((candidate) => candidate["x-hubkit-route"] === key);
			expect(operation?.description, key).toContain(details);
			expect(readme, key).toContain(details.replace(/^(?=.)/gm, "  "));
		}
	});

	it("notices a description that changed", () => {
		const readme = `before\n${apiRouteList(ROUTE_DOCS)}\nafter\n`;
		const changed = {
			...ROUTE_DOCS,
			"GET /healthz": { summary: "Something else", tag: "Health and metrics" as const, public: true },
		};
		const newDetails = {
			...ROUTE_DOCS,
			"GET /api/tasks": {
				...ROUTE_DOCS["GET /api/tasks"],
				summary: "x",
				tag: "Catalogue" as const,
				details: ["Other."],
			},
		};
		expect(withApiRouteList(readme, ROUTE_DOCS)).toBe(readme);
		expect(withApiRouteList(readme, changed)).not.toBe(readme);
		expect(withApiRouteList(readme, newDetails)).toContain("\n\n  Other.\n\n");
		expect(() => withApiRouteList("no markers", ROUTE_DOCS)).toThrow(/markers/);
	});
});
