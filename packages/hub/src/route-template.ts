/**
 * A Hono route path (`/api/:plural{models|datasets}/:namespace/:name`) as a
 * template (`/api/{plural}/{namespace}/{name}`) and its parameters. The metrics
 * label requests with the template and the OpenAPI document is built from it,
 * so both name a route the same way.
 */

export interface RouteParam {
	name: string;
	/** The values a `{a|b}` parameter takes. */
	choices?: string[];
	/** A regular expression the value must match, as the route declares it. */
	pattern?: string;
	/** `{.+}`: the value may hold `/` (a file path, a revision with slashes). */
	spansSegments: boolean;
}

export interface RouteTemplate {
	template: string;
	params: RouteParam[];
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)(?:\{([^}]*)\})?/g;
const CHOICES = /^[A-Za-z0-9_.-]+(\|[A-Za-z0-9_.-]+)*$/;

const known = new Map<string, RouteTemplate>();

export function routeTemplate(path: string): RouteTemplate {
	const kept = known.get(path);
	if (kept) return kept;
	const params: RouteParam[] = [];
	const template = path.replace(PARAM, (_, name: string, pattern: string | undefined) => {
		if (pattern !== undefined && CHOICES.test(pattern)) {
			const choices = pattern.split("|");
			// One fixed value (`:local{hf-inference}`) is a literal segment, not a parameter.
			if (choices.length === 1) return pattern;
			params.push({ name, choices, spansSegments: false });
		} else {
			const spansSegments = pattern === ".+" || pattern === ".*";
			params.push({ name, ...(pattern && !spansSegments ? { pattern } : {}), spansSegments });
		}
		return `{${name}}`;
	});
	const result = { template, params };
	known.set(path, result);
	return result;
}

/** The path's segments, split at the slashes outside `{…}` patterns (`{[^/]+\.git}` is one segment). */
export function routeSegments(path: string): string[] {
	const segments = [""];
	let depth = 0;
	for (const char of path) {
		if (char === "{") depth += 1;
		else if (char === "}") depth -= 1;
		if (char === "/" && depth === 0) segments.push("");
		else segments[segments.length - 1] += char;
	}
	return segments;
}

/** `app.use("*", …)` middleware, as opposed to a route's handler. */
export function isMiddlewareRoute(route: { method: string; path: string }): boolean {
	return route.method === "ALL" && route.path.endsWith("*");
}
