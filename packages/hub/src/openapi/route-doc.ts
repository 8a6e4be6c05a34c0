/**
 * The shape of a route's description. Each module that registers routes exports its
 * descriptions (a `RouteDocs`, keyed `METHOD /path/{param}` as route-template.ts names the
 * route) beside the routes themselves; route-docs.ts gathers them, the OpenAPI document
 * (document.ts) and the README's route reference (scripts/api-reference.mjs) are built from them,
 * and test/openapi.test.ts fails for a registered route without a description or a
 * description without a route.
 */
import type { Action } from "../auth/permissions.js";

export interface QueryDoc {
	name: string;
	description: string;
	/** Defaults to string. */
	type?: "string" | "integer" | "boolean";
	/** The parameter may be given more than once (or comma-separated). */
	repeated?: boolean;
}

/** What a route that changes something is to the rule (auth/permissions.ts): the action it asks about and on what. */
export type RoutePermission =
	| { action: Action; on: "repo" | "namespace" | "organization" | "account" | "site"; note?: string }
	/** Routes the rule does not decide, with the reason. */
	| { action: "none"; why: string };

/** The groups of the reference, in the order the README lists them. */
export const ROUTE_TAGS = [
	"Health and metrics",
	"API reference",
	"Catalogue",
	"Files",
	"Repositories",
	"Commits and uploads",
	"Branches and tags",
	"Accounts and settings",
	"Users and organisations",
	"OAuth and OpenID Connect",
	"Administration",
	"Avatars and assets",
	"Inference",
] as const;

export type RouteTag = (typeof ROUTE_TAGS)[number];

export interface RouteDoc {
	summary: string;
	tag: RouteTag;
	/** A sentence or two more than the summary, shown on the route's own line. */
	description?: string;
	/**
	 * Everything else a caller needs and the summary cannot hold, as markdown, one line per item
	 * (an empty item between paragraphs): the parameters, the answer's shape with a short JSON
	 * example, the errors and their `X-Error-Code`. The OpenAPI operation's description, the
	 * `/api/docs` page and the README's entry for the route all show it; it is the one place
	 * these facts are written.
	 */
	details?: readonly string[];
	query?: QueryDoc[];
	/** The request body's media type, when it has one. */
	body?: "json" | "form" | "binary" | "ndjson";
	/** Answered with something other than JSON (a file, a page, metrics text). */
	produces?: string;
	/** The route needs no sign-in and no token. */
	public?: boolean;
	/**
	 * Every POST, PUT, PATCH and DELETE route has one (test/permissions-routes.test.ts walks the
	 * app's write routes and fails for one without), so a new write route cannot skip the rule unnoticed.
	 */
	permission?: RoutePermission;
}

export type RouteDocs = Record<string, RouteDoc>;

/** The query of the model and dataset listings. */
export const LIST_QUERY: QueryDoc[] = [
	{ name: "search", description: "Words the id must contain" },
	{ name: "author", description: "Only this user's or organisation's repositories" },
	{ name: "filter", description: "Tags every result carries", repeated: true },
	{ name: "sort", description: "downloads (default), likes, likes30d, lastModified, createdAt, trending" },
	{ name: "direction", description: "-1 (default, descending) or 1" },
	{ name: "limit", description: "Results per page", type: "integer" },
	{ name: "full", description: "All fields of each result", type: "boolean" },
	{ name: "expand", description: "Exactly these fields (cannot be combined with full)", repeated: true },
	{ name: "cursor", description: "The next page, as the `Link` header of the previous one gives it" },
];

/** The query of a model's or dataset's information. */
export const INFO_QUERY: QueryDoc[] = [{ name: "expand", description: "Exactly these fields", repeated: true }];
