/**
 * The routes a router serves: for every provider, the method and path of each
 * call the client builds, and of the status/result requests it makes after a
 * queued call. A hub router forwards exactly these and nothing else, so a hub
 * token can never reach a provider's account endpoints with the operator's key.
 *
 * Call routes are not written down: they come from the provider helpers
 * themselves (each helper's `makeUrl` with a hub token and a placeholder model),
 * so the table and the client cannot drift. Follow-up routes come from the
 * providers' answers (a `status_url`, a `polling_url` …), not from code the
 * client runs up front, so they are declared here; routes.test.ts runs every
 * polling helper against a server and checks each URL it asks for is listed.
 */
import { PROVIDERS } from "./providers/index.js";
import { NOVITA_MINIMAX_VIDEO_MODELS } from "./providers/novita.js";
import type { InferenceProvider, InferenceTask } from "./types.js";

/** A segment of `path` that stands for the provider-side model id (one or more segments). */
export const MODEL_SLOT = "{model}";
/** A segment (or query value) that stands for the id of a request the provider started. */
export const ID_SLOT = "{id}";

export interface InferenceRoute {
	provider: InferenceProvider;
	/** `call`: what the client sends first; `follow-up`: a status or result request about a call. */
	kind: "call" | "follow-up";
	method: "GET" | "POST";
	/** After `/{provider}/`, e.g. `v1/models/{model}/predictions`; `{model}` spans segments, `{id}` is one. */
	path: string;
	/** Query parameters the route carries, exactly: a fixed value, or `{id}`. No others are accepted. */
	query: Readonly<Record<string, string>>;
	/** Tasks that use the route. */
	tasks: readonly InferenceTask[];
	/** Follow-ups only: where the id sits in the call's answer (JSON paths), e.g. `[["data", "id"]]`. */
	idFields?: readonly (readonly string[])[];
}

export interface InferenceRouteMatch {
	route: InferenceRoute;
	/** The provider-side model id, decoded, when the route has `{model}`. */
	model?: string;
	/** The request id, decoded, when the route has `{id}`. */
	id?: string;
}

/** A follow-up as declared: which tasks lead to it, and where its id is in the first answer. */
interface FollowUpDeclaration {
	provider: InferenceProvider;
	path: string;
	query?: Record<string, string>;
	/** The tasks whose calls lead to it; "queued": the provider's calls that carry `_subdomain=queue`. */
	tasks: readonly InferenceTask[] | "all" | "queued";
	idFields: readonly (readonly string[])[];
}

const FOLLOW_UPS: readonly FollowUpDeclaration[] = [
	// fal.ai's queue: status, then result, on the queue host, under the model's app id.
	{
		provider: "fal-ai",
		path: "{model}/requests/{id}/status",
		query: { _subdomain: "queue" },
		tasks: "queued",
		idFields: [["request_id"]],
	},
	{
		provider: "fal-ai",
		path: "{model}/requests/{id}",
		query: { _subdomain: "queue" },
		tasks: "queued",
		idFields: [["request_id"]],
	},
	// Every Replicate call is a prediction; a running one is polled at `urls.get`.
	{ provider: "replicate", path: "v1/predictions/{id}", tasks: "all", idFields: [["id"]] },
	{ provider: "black-forest-labs", path: "v1/get_result", query: { id: ID_SLOT }, tasks: "all", idFields: [["id"]] },
	{ provider: "wavespeed", path: "api/v3/predictions/{id}/result", tasks: "all", idFields: [["data", "id"]] },
	{
		provider: "novita",
		path: "v3/async/task-result",
		query: { task_id: ID_SLOT },
		tasks: ["text-to-video", "image-text-to-video"],
		idFields: [["task_id"]],
	},
	{ provider: "together", path: "v2/videos/{id}", tasks: ["text-to-video", "image-to-video"], idFields: [["id"]] },
	{ provider: "zai-org", path: "api/paas/v4/async-result/{id}", tasks: ["text-to-image"], idFields: [["id"]] },
];

/**
 * Provider-side model ids that routes restricted to a few models accept; the
 * helper refuses any other, so the placeholder alone cannot show its route.
 */
const ACCEPTED_MODELS: readonly string[] = [...NOVITA_MINIMAX_VIDEO_MODELS];

/** The placeholder models a helper's route is asked for: plain, versioned (Replicate's `owner/model:version`). */
const PROBES: readonly string[] = [MODEL_SLOT, `${MODEL_SLOT}:version`];

/** Stands in for the router's URL while routes are worked out: only the part after it matters. */
const ROUTER_PLACEHOLDER = "http://router.invalid";

/**
 * The URLs a helper builds for the placeholder models; a helper that refuses
 * them (a route for a few models only) is asked with the models it accepts.
 */
function routeUrls(makeUrl: (model: string) => string): string[] {
	const built = (models: readonly string[]) =>
		models.flatMap((model) => {
			try {
				return [makeUrl(model)];
			} catch {
				return [];
			}
		});
	const urls = built(PROBES);
	return urls.length > 0 ? urls : built(ACCEPTED_MODELS);
}

function callRoutes(): InferenceRoute[] {
	const byKey = new Map<string, InferenceRoute & { tasks: InferenceTask[] }>();
	for (const provider of Object.keys(PROVIDERS) as InferenceProvider[]) {
		const helpers = PROVIDERS[provider];
		for (const task of Object.keys(helpers) as InferenceTask[]) {
			const helper = helpers[task];
			if (!helper) continue;
			const urls = routeUrls((model) =>
				helper.makeUrl({ authMethod: "hf-token", model, task, routerUrl: ROUTER_PLACEHOLDER }),
			);
			for (const url of urls) {
				const prefix = `${ROUTER_PLACEHOLDER}/${provider}/`;
				if (!url.startsWith(prefix)) continue;
				const [rawPath = "", rawQuery = ""] = url.slice(prefix.length).split("?", 2);
				const path = rawPath.replace(`${MODEL_SLOT}:version`, MODEL_SLOT);
				const query = Object.fromEntries(new URLSearchParams(rawQuery));
				const key = `${provider} POST ${path} ${JSON.stringify(query)}`;
				const known = byKey.get(key);
				if (known) {
					if (!known.tasks.includes(task)) known.tasks.push(task);
				} else {
					byKey.set(key, { provider, kind: "call", method: "POST", path, query, tasks: [task] });
				}
			}
		}
	}
	return [...byKey.values()];
}

function followUpRoutes(calls: readonly InferenceRoute[]): InferenceRoute[] {
	return FOLLOW_UPS.map((declared) => {
		const own = calls.filter((route) => route.provider === declared.provider);
		const tasks =
			declared.tasks === "all" || declared.tasks === "queued"
				? own
						.filter((route) => declared.tasks === "all" || route.query._subdomain === "queue")
						.flatMap((route) => route.tasks)
				: declared.tasks;
		return {
			provider: declared.provider,
			kind: "follow-up" as const,
			method: "GET" as const,
			path: declared.path,
			query: declared.query ?? {},
			tasks: [...new Set(tasks)],
			idFields: declared.idFields,
		};
	});
}

/** Literal segments count: the most specific route is tried first. */
function specificity(route: InferenceRoute): number {
	return route.path.split("/").filter((segment) => segment !== MODEL_SLOT && segment !== ID_SLOT).length;
}

const CALLS = callRoutes();

/** Every route, follow-ups first, then the most specific first. */
export const INFERENCE_ROUTES: readonly InferenceRoute[] = [...followUpRoutes(CALLS), ...CALLS].sort(
	(a, b) => Number(a.kind === "call") - Number(b.kind === "call") || specificity(b) - specificity(a),
);

/** A provider-side model id's segments: letters, digits and `._~:@+=,-`, as providers name models. */
const MODEL_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~:@+=,-]{0,127}$/;
const ID_VALUE = /^[A-Za-z0-9][A-Za-z0-9._~:=-]{0,199}$/;
/** `fal-ai/kling-video/v2/master/text-to-video` has five; more than eight is not a model. */
const MAX_MODEL_SEGMENTS = 8;

/** Decoded path segments, or undefined when one is empty, a dot segment or smuggles a separator. */
function decodedSegments(path: string): string[] | undefined {
	if (path === "") return undefined;
	const segments: string[] = [];
	for (const raw of path.split("/")) {
		let decoded: string;
		try {
			decoded = decodeURIComponent(raw);
		} catch {
			return undefined;
		}
		// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
		if (decoded === "" || decoded === "." || decoded === ".." || /[/\\\u0000-\u001f\u007f]/.test(decoded)) {
			return undefined;
		}
		segments.push(decoded);
	}
	return segments;
}

interface Captured {
	model?: string;
	id?: string;
}

function matchSegments(
	pattern: readonly string[],
	segments: readonly string[],
	captured: Captured,
	notModel: ReadonlySet<string>,
): boolean {
	const [head, ...rest] = pattern;
	if (head === undefined) return segments.length === 0;
	if (head === MODEL_SLOT) {
		// The model id spans segments; the rest of the pattern decides where it ends.
		for (let take = 1; take <= Math.min(MAX_MODEL_SEGMENTS, segments.length); take++) {
			const part = segments.slice(0, take);
			if (!part.every((segment) => MODEL_SEGMENT.test(segment) && !notModel.has(segment))) return false;
			if (matchSegments(rest, segments.slice(take), captured, notModel)) {
				captured.model = part.join("/");
				return true;
			}
		}
		return false;
	}
	const segment = segments[0];
	if (segment === undefined) return false;
	if (head === ID_SLOT) {
		if (!ID_VALUE.test(segment) || !matchSegments(rest, segments.slice(1), captured, notModel)) return false;
		captured.id = segment;
		return true;
	}
	return segment === head && matchSegments(rest, segments.slice(1), captured, notModel);
}

function matchQuery(expected: Readonly<Record<string, string>>, query: URLSearchParams, captured: Captured): boolean {
	const names = [...query.keys()];
	if (names.length !== Object.keys(expected).length) return false;
	for (const [name, value] of Object.entries(expected)) {
		const given = query.getAll(name);
		if (given.length !== 1) return false;
		const [actual = ""] = given;
		if (value === ID_SLOT) {
			if (!ID_VALUE.test(actual)) return false;
			captured.id = actual;
		} else if (actual !== value) {
			return false;
		}
	}
	return true;
}

const SEGMENT_PATTERNS = new Map(INFERENCE_ROUTES.map((route) => [route, route.path.split("/")]));

/**
 * Per provider, the words its follow-ups put right after a model id (fal.ai's
 * `{model}/requests/…`): never part of a model id, so a request about someone
 * else's queued call (`…/requests/{id}/cancel`) cannot pass as a new call.
 */
const NOT_MODEL_SEGMENTS = new Map<string, Set<string>>();
for (const route of INFERENCE_ROUTES) {
	const segments = route.path.split("/");
	const after = segments[segments.indexOf(MODEL_SLOT) + 1];
	if (route.kind !== "follow-up" || !segments.includes(MODEL_SLOT) || after === undefined) continue;
	const words = NOT_MODEL_SEGMENTS.get(route.provider) ?? new Set<string>();
	words.add(after);
	NOT_MODEL_SEGMENTS.set(route.provider, words);
}
const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * The route `method` and `target` (the path after `/{provider}/`, with its query
 * if any, still percent-encoded) take on `provider`, or undefined when the
 * client never builds that request. A path shaped like one of the provider's
 * follow-ups is only ever a follow-up (a GET), never a call that happens to fit
 * a `{model}` slot.
 */
export function matchInferenceRoute(provider: string, method: string, target: string): InferenceRouteMatch | undefined {
	const at = target.indexOf("?");
	const path = (at === -1 ? target : target.slice(0, at)).replace(/^\//, "");
	const segments = decodedSegments(path);
	if (!segments) return undefined;
	let query: URLSearchParams;
	try {
		query = new URLSearchParams(at === -1 ? "" : target.slice(at + 1));
	} catch {
		return undefined;
	}
	const notModel = NOT_MODEL_SEGMENTS.get(provider) ?? NO_WORDS;
	let followUpShaped = false;
	for (const route of INFERENCE_ROUTES) {
		if (route.provider !== provider) continue;
		if (route.kind === "call" && followUpShaped) break;
		const captured: Captured = {};
		if (!matchSegments(SEGMENT_PATTERNS.get(route) ?? [], segments, captured, notModel)) continue;
		if (route.kind === "follow-up") followUpShaped = true;
		if (route.method !== method.toUpperCase() || !matchQuery(route.query, query, captured)) continue;
		return { route, ...captured };
	}
	return undefined;
}

/** The value at `path` inside a parsed JSON answer, when it is a usable id. */
function idAt(body: unknown, path: readonly string[]): string | undefined {
	let value = body;
	for (const key of path) {
		if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return typeof value === "string" && ID_VALUE.test(value) ? value : undefined;
}

/**
 * The ids of follow-ups a call's answer opens: for a call route whose tasks
 * poll, the request ids the answer names. A router records them with the
 * caller, so that only that caller can ask about them later.
 */
export function followUpIds(call: InferenceRoute, answer: unknown): string[] {
	const ids = new Set<string>();
	for (const route of INFERENCE_ROUTES) {
		if (route.kind !== "follow-up" || route.provider !== call.provider) continue;
		if (!route.tasks.some((task) => call.tasks.includes(task))) continue;
		for (const path of route.idFields ?? []) {
			const id = idAt(answer, path);
			if (id) ids.add(id);
		}
	}
	return [...ids];
}
