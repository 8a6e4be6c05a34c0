/**
 * The hub API as an OpenAPI 3.1 document, built from the routes the app has
 * registered (`app.routes`): every method and path, with its path parameters
 * as the route declares them (`{a|b}` choices become an enum, other patterns a
 * `pattern`). Summaries, descriptions with their details, groups, query parameters and permissions come from the
 * route descriptions each route module exports (route-doc.ts), gathered in
 * route-docs.ts. Nothing here lists a route by hand: a route added to the app is
 * in the document at once (as "undocumented" until its module describes it). Each
 * operation names the route it came from in `x-hubkit-route`, and the write
 * routes the permission they need in `x-hubkit-permission`.
 */
import { isMiddlewareRoute, type RouteParam, routeTemplate } from "../route-template.js";
import type { QueryDoc, RouteDoc, RouteDocs } from "./route-doc.js";

export interface RegisteredRoute {
	method: string;
	path: string;
}

type Json = Record<string, unknown>;

const BODY_TYPES: Record<NonNullable<RouteDoc["body"]>, string> = {
	json: "application/json",
	form: "application/x-www-form-urlencoded",
	binary: "application/octet-stream",
	ndjson: "application/x-ndjson",
};

/** Every route handler `app` has, without its middleware, once per method and path. */
export function documentedRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
	const seen = new Set<string>();
	return routes.filter((route) => {
		const key = `${route.method} ${route.path}`;
		if (isMiddlewareRoute(route) || seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** The key of a route in the route descriptions and of an operation in the document: `GET /api/models/{namespace}/{name}`. */
export function routeKey(route: RegisteredRoute): string {
	return `${route.method} ${routeTemplate(route.path).template}`;
}

function pathParameter(param: RouteParam, routeName: string): Json {
	const schema: Json = { type: "string" };
	if (param.choices) schema.enum = param.choices;
	if (param.pattern) schema.pattern = `^${param.pattern}$`;
	const notes = [
		...(param.name === routeName ? [] : [`\`{${routeName}}\` of this route`]),
		...(param.spansSegments ? ["may hold `/` (written as is, not encoded)"] : []),
	];
	return {
		name: param.name,
		in: "path",
		required: true,
		schema,
		...(notes.length ? { description: notes.join("; ") } : {}),
	};
}

function queryParameter(query: QueryDoc): Json {
	const item = { type: query.type ?? "string" };
	return {
		name: query.name,
		in: "query",
		required: false,
		description: query.description,
		schema: query.repeated ? { type: "array", items: item } : item,
		...(query.repeated ? { style: "form", explode: true } : {}),
	};
}

/** The operation's description: the route's description, then its details (markdown). */
function description(doc: RouteDoc | undefined): string {
	return [doc?.description, doc?.details?.join("\n")].filter(Boolean).join("\n\n");
}

function operationId(method: string, template: string): string {
	const words = template
		.replace(/[{}]/g, "")
		.split(/[^A-Za-z0-9]+/)
		.filter(Boolean);
	return [method.toLowerCase(), ...words].join("_");
}

/**
 * `template` is the path the document files the route under: OpenAPI holds two templates that
 * differ only in parameter names (`…/tag/{revision}`, `…/tag/{tag}`) to be one path, so the
 * second is filed under the first and its parameters renamed to match.
 */
function operation(route: RegisteredRoute, doc: RouteDoc | undefined, template: string): Json {
	const { params } = routeTemplate(route.path);
	const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
	const method = route.method;
	const produces = doc?.produces ?? "application/json";
	const ok: Json =
		method === "HEAD"
			? { description: "The headers a GET would answer with" }
			: { description: "Success", content: { [produces]: {} } };
	return {
		operationId: operationId(method, template),
		summary: doc?.summary ?? `${method} ${template} (undocumented)`,
		...(description(doc) ? { description: description(doc) } : {}),
		tags: [doc?.tag ?? "Other"],
		"x-hubkit-route": routeKey(route),
		// What the permission rule asks of the caller (auth/permissions.ts): the write routes declare it.
		...(doc?.permission ? { "x-hubkit-permission": doc.permission } : {}),
		parameters: [
			...params.map((param, index) => pathParameter({ ...param, name: names[index] ?? param.name }, param.name)),
			...(doc?.query ?? []).map(queryParameter),
		],
		...(doc?.body ? { requestBody: { required: true, content: { [BODY_TYPES[doc.body]]: {} } } } : {}),
		responses: {
			"200": ok,
			"4XX": { $ref: "#/components/responses/Error" },
			"5XX": { $ref: "#/components/responses/Error" },
		},
		...(doc?.public ? { security: [{}] } : {}),
	};
}

export function openApiDocument(routes: readonly RegisteredRoute[], version: string, docs: RouteDocs): Json {
	const paths: Record<string, Record<string, Json>> = {};
	const tags: string[] = [];
	const byShape = new Map<string, string>();
	for (const route of documentedRoutes(routes)) {
		const doc = docs[routeKey(route)];
		const tag = doc?.tag ?? "Other";
		if (!tags.includes(tag)) tags.push(tag);
		const own = routeTemplate(route.path).template;
		const shape = own.replace(/\{[^}]+\}/g, "{}");
		const template = byShape.get(shape) ?? own;
		byShape.set(shape, template);
		paths[template] ??= {};
		paths[template][route.method.toLowerCase()] = operation(route, doc, template);
	}
	return {
		openapi: "3.1.0",
		info: {
			title: "Hubkit hub API",
			version,
			summary: "A self-hosted model hub: catalogue, files, commits, accounts and inference",
			license: { name: "MIT", identifier: "MIT" },
		},
		tags: tags.map((name) => ({ name })),
		paths,
		components: {
			schemas: {
				Error: {
					type: "object",
					required: ["error"],
					properties: { error: { type: "string", description: "What went wrong, for a person" } },
				},
			},
			responses: {
				Error: {
					description: "Refused or failed: `X-Error-Code` names the kind when clients branch on it",
					headers: {
						"X-Error-Code": { schema: { type: "string" } },
						"X-Request-Id": { schema: { type: "string" } },
					},
					content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
				},
			},
			securitySchemes: {
				token: { type: "http", scheme: "bearer", description: "A hub access token (`hf_…`)" },
				session: { type: "apiKey", in: "cookie", name: "hubkit_session", description: "A browser session" },
			},
		},
		// Most reads work anonymously on public repositories; a token or session says who asks.
		security: [{ token: [] }, { session: [] }, {}],
	};
}
