/**
 * The route reference of the hub README's "API" section, written from the same route
 * descriptions as the OpenAPI document, between two marker comments: every route on one line,
 * with its details (route-doc.ts) under it. scripts/api-reference.mjs rewrites the README with
 * it; test/api-reference.test.ts fails when the committed reference differs from what it would
 * write. The prose around it (auth, errors, permissions: what is not one route's) is written
 * by hand.
 */
import { ROUTE_TAGS, type RouteDoc, type RouteDocs } from "./route-doc.js";

export const ROUTES_START =
	"<!-- api-routes:start: generated from the route descriptions (…_ROUTE_DOCS beside each route) by packages/hub/scripts/api-reference.mjs; edit those, not this reference -->";
export const ROUTES_END = "<!-- api-routes:end -->";

const BODY_NAMES: Record<NonNullable<RouteDoc["body"]>, string> = {
	json: "JSON",
	form: "form",
	binary: "bytes",
	ndjson: "NDJSON",
};

/** One line: its whitespace collapsed. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A sentence: ends with a full stop unless it already ends with punctuation. */
const sentence = (text: string): string => (/[.!?:]$/.test(text) ? text : `${text}.`);

/** Who may call the route, as the description says: anyone, the rule's action, or why the rule does not decide. */
function who(doc: RouteDoc): string {
	const permission = doc.permission;
	if (permission?.action === "none") return `not the rule's to decide — ${permission.why}`;
	if (permission)
		return `\`${permission.action}\` on the ${permission.on}${permission.note ? `, ${permission.note}` : ""}`;
	return doc.public ? "anyone" : "";
}

/** A route as one list item: the route, what it does, then its query, body and who may call it; its details indented under it. */
function item(key: string, doc: RouteDoc): string {
	const parts = [sentence(oneLine(doc.summary))];
	if (doc.description) parts.push(sentence(oneLine(doc.description)));
	if (doc.query?.length) parts.push(`Query: ${doc.query.map((parameter) => `\`${parameter.name}\``).join(", ")}.`);
	if (doc.body) parts.push(`Body: ${BODY_NAMES[doc.body]}.`);
	const caller = who(doc);
	if (caller) parts.push(`Who: ${caller}.`);
	const details = (doc.details ?? []).map((line) => (line ? `  ${line}` : ""));
	return [`- \`${key}\`: ${parts.join(" ")}`, ...(details.length ? ["", ...details, ""] : [])].join("\n");
}

/** The list: one per group, in the order of ROUTE_TAGS, routes in the order their modules describe them. */
export function apiRouteList(docs: RouteDocs): string {
	const lines = [
		ROUTES_START,
		"",
		"Every route of the hub, by group, with what a caller needs beyond its line (parameters, the answer,",
		"errors) under it. Who: `anyone` needs no sign-in; `write`, `admin`, `account`, `settings` and `read`",
		"are the actions of the permission rule (Permissions, below) on the resource named; a route that",
		"says nothing answers by the repository's or account's visibility. The same as OpenAPI 3.1:",
		"`GET /api/openapi.json`; as a page: `GET /api/docs`.",
	];
	for (const tag of ROUTE_TAGS) {
		const entries = Object.entries(docs).filter(([, doc]) => doc.tag === tag);
		if (entries.length === 0) continue;
		lines.push("", `#### ${tag}`, "");
		for (const [key, doc] of entries) lines.push(item(key, doc));
	}
	lines.push("", ROUTES_END);
	// A route with details ends with an empty line, as does the group before the next heading.
	return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** `readme` with the text between the markers replaced by the list; an error when the markers are missing. */
export function withApiRouteList(readme: string, docs: RouteDocs): string {
	const start = readme.indexOf(ROUTES_START);
	const end = readme.indexOf(ROUTES_END);
	if (start < 0 || end < start) throw new Error(`the README has no ${ROUTES_START} … ${ROUTES_END} markers`);
	return `${readme.slice(0, start)}${apiRouteList(docs)}${readme.slice(end + ROUTES_END.length)}`;
}
