/**
 * `/api/openapi.json` describes the whole hub API from its registered routes:
 * every route the app has is in it (and described by the module that registers it,
 * gathered in route-docs.ts, which names no route the app lacks), and it has the shape OpenAPI 3.1 requires (checked
 * here field by field: required fields, path parameters matching the templates,
 * unique operation ids, references that resolve). `/api/docs` is the same as a
 * page with nothing loaded from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentedRoutes, routeKey } from "../src/openapi/document.js";
import { ROUTE_DOCS } from "../src/openapi/route-docs.js";
import { HUB_VERSION } from "../src/version.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** What keeps `document` from being an OpenAPI 3.1 document, as sentences. */
function openApiProblems(document: Json): string[] {
	const problems: string[] = [];
	if (typeof document.openapi !== "string" || !/^3\.1\.\d+$/.test(document.openapi))
		problems.push("openapi is not 3.1.x");
	const info = document.info as Json | undefined;
	if (typeof info?.title !== "string" || typeof info?.version !== "string")
		problems.push("info needs title and version");
	const resolve = (ref: string) =>
		ref
			.replace(/^#\//, "")
			.split("/")
			.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
	const checkRefs = (node: unknown, where: string) => {
		if (Array.isArray(node)) {
			for (const [index, item] of node.entries()) checkRefs(item, `${where}/${index}`);
		} else if (node && typeof node === "object") {
			for (const [key, value] of Object.entries(node)) {
				if (key === "$ref" && (typeof value !== "string" || resolve(value) === undefined)) {
					problems.push(`${where}: $ref ${String(value)} does not resolve`);
				} else checkRefs(value, `${where}/${key}`);
			}
		}
	};
	checkRefs(document, "#");
	const tags = new Set(((document.tags ?? []) as Json[]).map((tag) => tag.name));
	const operationIds = new Set<string>();
	const paths = document.paths as Record<string, Record<string, Json>> | undefined;
	if (!paths || typeof paths !== "object") return [...problems, "paths is missing"];
	const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Json;
	for (const requirement of (document.security ?? []) as Json[]) {
		for (const name of Object.keys(requirement))
			if (!(name in schemes)) problems.push(`unknown security scheme ${name}`);
	}
	const templates = new Map<string, string>();
	for (const [path, item] of Object.entries(paths)) {
		if (!path.startsWith("/")) problems.push(`${path}: does not start with /`);
		// Templates differing only in parameter names are the same path to OpenAPI.
		const shape = path.replace(/\{[^}]+\}/g, "{}");
		const clash = templates.get(shape);
		if (clash) problems.push(`${path} and ${clash} are the same template`);
		templates.set(shape, path);
		const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
		for (const [method, operation] of Object.entries(item)) {
			const where = `${method.toUpperCase()} ${path}`;
			if (!METHODS.includes(method)) problems.push(`${where}: not an HTTP method`);
			const id = operation.operationId;
			if (typeof id !== "string" || operationIds.has(id)) problems.push(`${where}: operationId missing or repeated`);
			operationIds.add(String(id));
			if (typeof operation.summary !== "string" || operation.summary === "") problems.push(`${where}: no summary`);
			for (const tag of (operation.tags ?? []) as string[]) if (!tags.has(tag)) problems.push(`${where}: tag ${tag}`);
			const parameters = (operation.parameters ?? []) as Json[];
			const inPath = parameters.filter((parameter) => parameter.in === "path");
			for (const name of named) {
				const parameter = inPath.find((candidate) => candidate.name === name);
				if (parameter?.required !== true) problems.push(`${where}: {${name}} not a required path parameter`);
			}
			for (const parameter of parameters) {
				if (typeof parameter.name !== "string" || !["path", "query", "header", "cookie"].includes(String(parameter.in)))
					problems.push(`${where}: a parameter without name or in`);
				if (parameter.in === "path" && !named.includes(String(parameter.name)))
					problems.push(`${where}: path parameter ${String(parameter.name)} is not in the path`);
				if (!parameter.schema && !parameter.content)
					problems.push(`${where}: parameter ${String(parameter.name)} has no schema`);
			}
			const responses = operation.responses as Record<string, Json> | undefined;
			for (const [code, response] of Object.entries(responses ?? {})) {
				if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(code)) problems.push(`${where}: response key ${code}`);
				if (!response.$ref && typeof response.description !== "string")
					problems.push(`${where}: ${code} has no description`);
			}
		}
	}
	return problems;
}

describe("the OpenAPI description and reference page", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;

	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	const openApi = async () => {
		const response = await fetch(`${server.url}/api/openapi.json`);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toContain("application/json");
		return (await response.json()) as Json;
	};

	it("has every registered route, each described, and describes no route the app lacks", async () => {
		const document = await openApi();
		const paths = document.paths as Record<string, Record<string, Json>>;
		const routes = documentedRoutes(hub.app.routes);
		// The app's own routes: sanity against walking nothing.
		expect(routes.length).toBeGreaterThan(100);
		const documented = new Set(
			Object.values(paths).flatMap((item) => Object.values(item).map((operation) => operation["x-hubkit-route"])),
		);
		const keys = new Set(routes.map(routeKey));
		const absent = [...keys].filter((key) => !documented.has(key));
		expect(absent, "routes missing from /api/openapi.json").toEqual([]);
		const undescribed = [...keys].filter((key) => !ROUTE_DOCS[key]);
		expect(
			undescribed,
			"routes with no description (a `…_ROUTE_DOCS` entry beside the route, gathered in src/openapi/route-docs.ts)",
		).toEqual([]);
		const stale = Object.keys(ROUTE_DOCS).filter((key) => !keys.has(key));
		expect(stale, "route descriptions for routes the app does not have").toEqual([]);
		const operations = Object.values(paths).reduce((total, item) => total + Object.keys(item).length, 0);
		expect(operations).toBe(keys.size);
	});

	it("is OpenAPI 3.1 in shape, with the hub's version and its public URL", async () => {
		const document = await openApi();
		expect(openApiProblems(document)).toEqual([]);
		expect(document.info).toMatchObject({ title: "Hubkit hub API", version: HUB_VERSION });
		expect(document.servers).toEqual([{ url: server.url }]);
		const paths = document.paths as Record<string, Record<string, Json>>;
		// Choices and patterns of the routes are kept: `{plural}` takes models or datasets.
		const refs = paths["/api/{plural}/{namespace}/{name}/refs"]?.get;
		expect(refs?.parameters).toContainEqual({
			name: "plural",
			in: "path",
			required: true,
			schema: { type: "string", enum: ["models", "datasets"] },
		});
		expect(paths["/hf-inference/{rest}"]?.post?.tags).toEqual(["Inference"]);
		const list = paths["/api/models"]?.get?.parameters as Json[];
		expect(list.map((parameter) => parameter.name)).toContain("search");
		// Two routes whose templates differ only in a name share one path, parameters renamed.
		const tags = paths["/api/{plural}/{namespace}/{name}/tag/{revision}"];
		expect(Object.keys(tags ?? {}).sort()).toEqual(["delete", "post"]);
		expect(tags?.delete?.["x-hubkit-route"]).toBe("DELETE /api/{plural}/{namespace}/{name}/tag/{tag}");
		// The write routes carry the permission the rule asks for; reads carry none.
		expect(tags?.delete?.["x-hubkit-permission"]).toEqual({ action: "write", on: "repo" });
		expect(paths["/api/repos/delete"]?.delete?.["x-hubkit-permission"]).toEqual({ action: "admin", on: "repo" });
		expect(refs?.["x-hubkit-permission"]).toBeUndefined();
	});

	it("is a page too, with every path on it and nothing loaded from elsewhere", async () => {
		const response = await fetch(`${server.url}/api/docs`);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toContain("text/html");
		const html = await response.text();
		const document = await openApi();
		for (const path of Object.keys(document.paths as Json)) expect(html).toContain(`>${path}<`);
		expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
		expect(html).not.toMatch(/@import|url\(/i);
		expect(html).not.toContain("<script");
	});

	it("holds each route's details in its operation's description, rendered on the page", async () => {
		const document = await openApi();
		const operations = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((item) =>
			Object.values(item),
		);
		const detailed = operations.filter((operation) => ROUTE_DOCS[String(operation["x-hubkit-route"])]?.details);
		// Sanity: most of the API is described beyond its summary.
		expect(detailed.length).toBeGreaterThan(50);
		for (const operation of detailed) {
			const doc = ROUTE_DOCS[String(operation["x-hubkit-route"])];
			expect(operation.description, String(operation["x-hubkit-route"])).toContain(doc?.details?.join("\n"));
		}
		const models = (document.paths as Record<string, Record<string, Json>>)["/api/models"]?.get;
		expect(models?.description).toMatch(
			/\n\| `limit` +\| 1 to 1000 a page, \*\*default 1000\*\*; more is clamped to 1000 +\|\n/,
		);
		const html = await (await fetch(`${server.url}/api/docs`)).text();
		expect(html).toContain("<tr><th>parameter</th><th>meaning</th></tr>");
		expect(html).toContain("<td><code>limit</code></td><td>1 to 1000 a page, <strong>default 1000</strong>");
		expect(html).toContain("<pre><code>{ &quot;fal-ai&quot;: { &quot;providerId&quot;: &quot;fal-ai/lora&quot;");
	});

	it("is checked by a checker that does find problems", () => {
		const broken = {
			openapi: "3.0.0",
			info: { title: "x" },
			paths: {
				"/a/{id}": { get: { operationId: "a", summary: "a", parameters: [], responses: { "200": {} } } },
				"/a/{name}": { get: { operationId: "a", summary: "b", responses: { "200": { $ref: "#/nowhere" } } } },
			},
		};
		expect(openApiProblems(broken)).toEqual([
			"openapi is not 3.1.x",
			"info needs title and version",
			"#/paths//a/{name}/get/responses/200: $ref #/nowhere does not resolve",
			"GET /a/{id}: {id} not a required path parameter",
			"GET /a/{id}: 200 has no description",
			"/a/{name} and /a/{id} are the same template",
			"GET /a/{name}: operationId missing or repeated",
			"GET /a/{name}: {name} not a required path parameter",
		]);
	});
});
