/**
 * What the route definitions cannot say about themselves: a summary, a group,
 * and the query parameters a handler reads. Keyed by method and path template
 * (route-template.ts); the paths, methods and path parameters of the document
 * come from the app's registered routes (openapi/document.ts), and
 * test/openapi.test.ts fails, naming it, for a route without an entry here or an
 * entry without a route.
 */

export interface QueryDoc {
	name: string;
	description: string;
	/** Defaults to string. */
	type?: "string" | "integer" | "boolean";
	/** The parameter may be given more than once (or comma-separated). */
	repeated?: boolean;
}

export interface RouteDoc {
	summary: string;
	tag: string;
	description?: string;
	query?: QueryDoc[];
	/** The request body's media type, when it has one. */
	body?: "json" | "form" | "binary" | "ndjson";
	/** Answered with something other than JSON (a file, a page, metrics text). */
	produces?: string;
	/** The route needs no sign-in and no token. */
	public?: boolean;
}

const LIST_QUERY: QueryDoc[] = [
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

const MODEL_LIST_QUERY: QueryDoc[] = [
	...LIST_QUERY,
	{ name: "pipeline_tag", description: "Only models of this task" },
	{ name: "library", description: "Only models of these libraries", repeated: true },
	{ name: "inference_provider", description: "Only models these providers serve (`all`: any)", repeated: true },
	{ name: "apps", description: "Only models these local apps run", repeated: true },
	{ name: "gated", description: "Only gated (true) or open (false) models", type: "boolean" },
	{ name: "config", description: "Include each model's config", type: "boolean" },
	{ name: "cardData", description: "Include each model's card metadata", type: "boolean" },
];

const INFO_QUERY: QueryDoc[] = [{ name: "expand", description: "Exactly these fields", repeated: true }];
const TREE_QUERY: QueryDoc[] = [
	{ name: "recursive", description: "List every file below, not just this folder", type: "boolean" },
	{ name: "expand", description: "Add last commits and LFS details", type: "boolean" },
	{ name: "limit", description: "Entries per page", type: "integer" },
	{ name: "cursor", description: "The next page, from the `Link` header" },
];

const HEALTH = "Health and metrics";
const CATALOGUE = "Catalogue";
const FILES = "Files";
const WRITES = "Commits and uploads";
const REFS = "Branches and tags";
const REPOS = "Repositories";
const ACCOUNTS = "Accounts and settings";
const ORGS = "Users and organisations";
const OAUTH = "OAuth and OpenID Connect";
const ADMIN = "Administration";
const ASSETS = "Avatars and assets";
const INFERENCE = "Inference";
const REFERENCE = "API reference";

const REPO = "the repository `{namespace}/{name}` (`{plural}`: models or datasets)";

export const ROUTE_DOCS: Record<string, RouteDoc> = {
	"GET /healthz": { summary: "Whether the process serves HTTP", tag: HEALTH, public: true },
	"GET /readyz": {
		summary: "Whether the database answers and the blob store is reachable (503 names the part that is not)",
		tag: HEALTH,
		public: true,
	},
	"GET /metrics": {
		summary: "Prometheus metrics: requests by route, inference by provider and task, cache, queues",
		description: "Open unless HUBKIT_METRICS_TOKEN is set; then it needs `Authorization: Bearer` with that token.",
		tag: HEALTH,
		produces: "text/plain",
		public: true,
	},
	"GET /api/openapi.json": {
		summary: "This document: the hub API as OpenAPI 3.1",
		tag: REFERENCE,
		public: true,
	},
	"GET /api/docs": { summary: "The API reference as a page", tag: REFERENCE, produces: "text/html", public: true },

	"GET /api/tasks": { summary: "The task catalogue, with the hub's models per task", tag: CATALOGUE, public: true },
	"GET /api/models": { summary: "List and search models", tag: CATALOGUE, query: MODEL_LIST_QUERY, public: true },
	"GET /api/models/{name}": {
		summary: "A model with a one-part id (an old id that moved is redirected)",
		tag: CATALOGUE,
		query: INFO_QUERY,
	},
	"GET /api/models/{name}/revision/{revision}": {
		summary: "A model with a one-part id, at a revision",
		tag: CATALOGUE,
		query: INFO_QUERY,
	},
	"GET /api/models/{namespace}/{name}": { summary: "A model's information", tag: CATALOGUE, query: INFO_QUERY },
	"GET /api/models/{namespace}/{name}/revision/{revision}": {
		summary: "A model's information at a revision (branch, tag or commit)",
		tag: CATALOGUE,
		query: INFO_QUERY,
	},
	"GET /api/datasets": { summary: "List and search datasets", tag: CATALOGUE, query: LIST_QUERY, public: true },
	"GET /api/datasets/{name}": { summary: "A dataset with a one-part id", tag: CATALOGUE, query: INFO_QUERY },
	"GET /api/datasets/{namespace}/{name}": { summary: "A dataset's information", tag: CATALOGUE, query: INFO_QUERY },
	"GET /api/datasets/{namespace}/{name}/revision/{revision}": {
		summary: "A dataset's information at a revision",
		tag: CATALOGUE,
		query: INFO_QUERY,
	},
	"GET /api/providers": { summary: "The inference providers this hub routes to", tag: INFERENCE, public: true },

	"GET /api/models/{namespace}/{name}/tree/{revision}": {
		summary: "A model's top folder at a revision",
		tag: FILES,
		query: TREE_QUERY,
	},
	"GET /api/models/{namespace}/{name}/tree/{revision}/{path}": {
		summary: "A folder of a model at a revision",
		tag: FILES,
		query: TREE_QUERY,
	},
	"POST /api/models/{namespace}/{name}/paths-info/{revision}": {
		summary: "Facts about the given paths of a model (size, LFS, last commit)",
		tag: FILES,
		body: "form",
	},
	"GET /api/datasets/{namespace}/{name}/tree/{revision}": {
		summary: "A dataset's top folder at a revision",
		tag: FILES,
		query: TREE_QUERY,
	},
	"GET /api/datasets/{namespace}/{name}/tree/{revision}/{path}": {
		summary: "A folder of a dataset at a revision",
		tag: FILES,
		query: TREE_QUERY,
	},
	"POST /api/datasets/{namespace}/{name}/paths-info/{revision}": {
		summary: "Facts about the given paths of a dataset",
		tag: FILES,
		body: "form",
	},
	"GET /{namespace}/{name}/resolve/{revision}/{path}": {
		summary: "Download a model file (honours Range; counts a download)",
		tag: FILES,
		produces: "application/octet-stream",
	},
	"GET /{namespace}/{name}/raw/{revision}/{path}": {
		summary: "A model file as text, not counted as a download",
		tag: FILES,
		produces: "application/octet-stream",
	},
	"GET /{name}/resolve/{revision}/{path}": {
		summary: "Download a file of a model with a one-part id",
		tag: FILES,
		produces: "application/octet-stream",
	},
	"GET /{name}/raw/{revision}/{path}": {
		summary: "A file of a model with a one-part id, as text",
		tag: FILES,
		produces: "application/octet-stream",
	},
	"GET /datasets/{namespace}/{name}/resolve/{revision}/{path}": {
		summary: "Download a dataset file (honours Range)",
		tag: FILES,
		produces: "application/octet-stream",
	},
	"GET /datasets/{namespace}/{name}/raw/{revision}/{path}": {
		summary: "A dataset file as text",
		tag: FILES,
		produces: "application/octet-stream",
	},

	"POST /api/repos/create": { summary: "Create a model or dataset repository", tag: REPOS, body: "json" },
	"GET /api/repos/name-check": {
		summary: "Whether a new repository may take this name",
		tag: REPOS,
		query: [
			{ name: "type", description: "model (default) or dataset" },
			{ name: "namespace", description: "The owner: the caller or one of their organisations" },
			{ name: "name", description: "The repository's name" },
		],
	},
	"DELETE /api/repos/delete": { summary: "Delete a repository", tag: REPOS, body: "json" },
	"POST /api/repos/move": { summary: "Rename or move a repository (old links redirect)", tag: REPOS, body: "json" },
	"PUT /api/{plural}/{namespace}/{name}/settings": {
		summary: `Change the settings (private, gated) of ${REPO}`,
		tag: REPOS,
		body: "json",
	},
	"POST /api/{plural}/{namespace}/{name}/like": { summary: `Like ${REPO}`, tag: REPOS },
	"DELETE /api/{plural}/{namespace}/{name}/like": { summary: `Take back a like of ${REPO}`, tag: REPOS },
	"GET /api/users/{name}/likes": { summary: "The repositories a user likes", tag: ORGS },
	"POST /api/{plural}/{namespace}/{name}/ask-access": {
		summary: `Ask for access to gated ${REPO}`,
		tag: REPOS,
		body: "json",
	},
	"GET /api/{plural}/{namespace}/{name}/access": {
		summary: "The caller's own access to a gated repository",
		tag: REPOS,
	},
	"GET /api/{plural}/{namespace}/{name}/write-access": {
		summary: "Whether the caller may write to the repository",
		tag: REPOS,
	},
	"GET /api/{plural}/{namespace}/{name}/user-access-request/{status}": {
		summary: "Access requests of a gated repository, by status (owners)",
		tag: REPOS,
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/handle": {
		summary: "Accept or reject an access request (owners)",
		tag: REPOS,
		body: "json",
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/grant": {
		summary: "Grant a user access to a gated repository (owners)",
		tag: REPOS,
		body: "json",
	},

	"POST /api/{plural}/{namespace}/{name}/preupload/{revision}": {
		summary: "Which files of a coming commit go through LFS",
		tag: WRITES,
		body: "json",
	},
	"POST /api/{plural}/{namespace}/{name}/commit/{revision}": {
		summary: "Commit: add, change and delete files in one commit (a stale parent gets 412)",
		tag: WRITES,
		body: "ndjson",
		query: [{ name: "create_pr", description: "Not supported: answered with an error", type: "boolean" }],
	},
	"POST /{namespace}/{name}/info/lfs/objects/batch": {
		summary: "Git LFS batch API of a model: where to upload or download objects",
		tag: WRITES,
		body: "json",
	},
	"POST /{namespace}/{name}/info/lfs/objects/verify": {
		summary: "Git LFS: confirm an uploaded object of a model",
		tag: WRITES,
		body: "json",
	},
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}": {
		summary: "Upload an LFS object's bytes (the URL the batch answer gave)",
		tag: WRITES,
		body: "binary",
	},
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": {
		summary: "Upload one part of a multipart LFS upload",
		tag: WRITES,
		body: "binary",
	},
	"POST /{namespace}/{name}/info/lfs/uploads/{secret}/complete": {
		summary: "Finish a multipart LFS upload",
		tag: WRITES,
		body: "json",
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/batch": {
		summary: "Git LFS batch API of a dataset",
		tag: WRITES,
		body: "json",
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/verify": {
		summary: "Git LFS: confirm an uploaded object of a dataset",
		tag: WRITES,
		body: "json",
	},
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}": {
		summary: "Upload a dataset's LFS object",
		tag: WRITES,
		body: "binary",
	},
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": {
		summary: "Upload one part of a dataset's multipart LFS upload",
		tag: WRITES,
		body: "binary",
	},
	"POST /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/complete": {
		summary: "Finish a dataset's multipart LFS upload",
		tag: WRITES,
		body: "json",
	},

	"GET /api/{plural}/{namespace}/{name}/commits/{revision}": {
		summary: "The commit history of a revision",
		tag: REFS,
		query: [
			{ name: "limit", description: "Commits per page", type: "integer" },
			{ name: "p", description: "Page number, from 0", type: "integer" },
		],
	},
	"POST /api/{plural}/{namespace}/{name}/super-squash/{branch}": {
		summary: "Replaces a branch's history with one commit holding its files (`{message?}`)",
		tag: REFS,
		body: "json",
	},
	"POST /api/{plural}/{namespace}/{name}/duplicate": {
		summary: "A new repository (`{repository, visibility?}`) holding this one's main branch; `{url, id}`",
		tag: REPOS,
		body: "json",
	},
	"GET /api/{plural}/{namespace}/{name}/likers": {
		summary: "Who liked the repository, newest first: `[{user, fullname, avatarUrl, type}]`, `Link`-paginated",
		tag: REPOS,
		query: [
			{ name: "limit", description: "Likers per page (100 by default, 1,000 at most)", type: "integer" },
			{ name: "cursor", description: "Where the page starts (from the `Link` header)" },
		],
	},
	"GET /api/{plural}/{namespace}/{name}/refs": {
		summary: "A repository's branches and tags",
		tag: REFS,
		query: [
			{ name: "include_prs", description: "Also `pullRequests` (always empty: no pull requests yet)", type: "boolean" },
		],
	},
	"POST /api/{plural}/{namespace}/{name}/branch/{branch}": { summary: "Create a branch", tag: REFS, body: "json" },
	"DELETE /api/{plural}/{namespace}/{name}/branch/{branch}": { summary: "Delete a branch", tag: REFS },
	"POST /api/{plural}/{namespace}/{name}/tag/{revision}": {
		summary: "Tag a revision",
		tag: REFS,
		body: "json",
	},
	"DELETE /api/{plural}/{namespace}/{name}/tag/{tag}": { summary: "Delete a tag", tag: REFS },

	"GET /api/whoami-v2": { summary: "Who the token or session belongs to", tag: ACCOUNTS },
	"POST /api/auth/signup": { summary: "Create an account and sign in", tag: ACCOUNTS, body: "json", public: true },
	"POST /api/auth/login": { summary: "Sign in (sets the session cookie)", tag: ACCOUNTS, body: "json", public: true },
	"POST /api/auth/logout": { summary: "Sign out", tag: ACCOUNTS },
	"GET /api/auth/session": { summary: "The signed-in person, if any", tag: ACCOUNTS, public: true },
	"GET /api/settings/profile": { summary: "The signed-in person's profile", tag: ACCOUNTS },
	"GET /api/settings/storage": {
		summary: "Storage one's repositories and organizations use, and the quota",
		tag: ACCOUNTS,
	},
	"PUT /api/settings/profile": { summary: "Change one's profile", tag: ACCOUNTS, body: "json" },
	"POST /api/settings/password": { summary: "Change one's password", tag: ACCOUNTS, body: "json" },
	"POST /api/settings/sign-out-everywhere": {
		summary: "End every session of one's own and every OAuth grant (this browser is signed out too)",
		tag: ACCOUNTS,
	},
	"GET /api/settings/tokens": { summary: "One's access tokens (never their secrets)", tag: ACCOUNTS },
	"POST /api/settings/tokens": { summary: "Create an access token (shown once)", tag: ACCOUNTS, body: "json" },
	"DELETE /api/settings/tokens/{id}": { summary: "Revoke an access token", tag: ACCOUNTS },
	"PUT /api/settings/avatar": { summary: "Upload one's avatar", tag: ACCOUNTS, body: "binary" },
	"DELETE /api/settings/avatar": { summary: "Remove one's avatar", tag: ACCOUNTS },
	"DELETE /api/settings/account": { summary: "Delete one's account", tag: ACCOUNTS, body: "json" },

	"POST /api/organizations": { summary: "Create an organisation", tag: ORGS, body: "json" },
	"GET /api/organizations/{name}/members": { summary: "An organisation's members", tag: ORGS },
	"PUT /api/organizations/{name}/members/{user}": {
		summary: "Add a member or change their role",
		tag: ORGS,
		body: "json",
	},
	"DELETE /api/organizations/{name}/members/{user}": { summary: "Remove a member", tag: ORGS },
	"GET /api/users/{name}/overview": { summary: "A user's public profile", tag: ORGS, public: true },
	"GET /api/organizations/{name}/overview": { summary: "An organisation's public profile", tag: ORGS, public: true },
	"PUT /api/organizations/{name}/settings": { summary: "Change an organisation's profile", tag: ORGS, body: "json" },
	"PUT /api/organizations/{name}/avatar": { summary: "Upload an organisation's avatar", tag: ORGS, body: "binary" },
	"DELETE /api/organizations/{name}/avatar": { summary: "Remove an organisation's avatar", tag: ORGS },

	"GET /.well-known/openid-configuration": { summary: "OpenID Connect discovery", tag: OAUTH, public: true },
	"GET /oauth/jwks": { summary: "The keys ID tokens are signed with", tag: OAUTH, public: true },
	"GET /oauth/authorize": { summary: "Start an authorization (sends the browser to consent)", tag: OAUTH },
	"GET /api/oauth/authorize-request": { summary: "The pending authorization, for the consent page", tag: OAUTH },
	"POST /oauth/authorize": { summary: "Consent to or refuse an authorization", tag: OAUTH, body: "form" },
	"OPTIONS /oauth/token": {
		summary: "The token endpoint's CORS preflight: allowed for public apps' origins only",
		tag: OAUTH,
		public: true,
	},
	"POST /oauth/token": {
		summary: "Exchange a code (or a refresh token) for tokens",
		tag: OAUTH,
		body: "form",
		public: true,
	},
	"GET /oauth/userinfo": { summary: "The person an OAuth token belongs to", tag: OAUTH },
	"POST /oauth/userinfo": { summary: "The person an OAuth token belongs to", tag: OAUTH },
	"GET /api/settings/oauth-apps": { summary: "One's OAuth apps", tag: OAUTH },
	"POST /api/settings/oauth-apps": { summary: "Register an OAuth app", tag: OAUTH, body: "json" },
	"DELETE /api/settings/oauth-apps/{clientId}": { summary: "Delete one's OAuth app", tag: OAUTH },

	"GET /api/admin/users": {
		summary: "Every account (hub administrators)",
		tag: ADMIN,
		query: [
			{ name: "search", description: "Words the name or e-mail must contain" },
			{ name: "limit", description: "At most this many", type: "integer" },
		],
	},
	"PATCH /api/admin/users/{name}": {
		summary: "Disable, enable or make an account administrator",
		tag: ADMIN,
		body: "json",
	},
	"POST /api/admin/users/{name}/password": { summary: "Set an account's password", tag: ADMIN, body: "json" },
	"GET /api/admin/storage/{name}": { summary: "A user's or organization's storage use and quota", tag: ADMIN },
	"GET /api/admin/namespaces": {
		summary: "Contested names: accounts that collide with the site's namespaces",
		tag: ADMIN,
		query: [{ name: "all", description: "1: decided conflicts too" }],
	},
	"POST /api/admin/namespaces/{name}/grant": {
		summary: "Hand a contested namespace to an account (`account`)",
		tag: ADMIN,
		body: "json",
	},
	"POST /api/admin/namespaces/{name}/keep": {
		summary: "Keep a contested namespace for the site (`renameAccount` renames an account spelled like it)",
		tag: ADMIN,
		body: "json",
	},

	"GET /api/avatars/{file}": {
		summary: "A generated avatar (`{name}.svg`)",
		tag: ASSETS,
		produces: "image/svg+xml",
		public: true,
	},
	"GET /api/avatars/{name}/{key}": {
		summary: "An uploaded avatar image",
		tag: ASSETS,
		produces: "image/*",
		public: true,
	},
	"GET /assets/demo/{file}": {
		summary: "A sample input for the widgets (image, audio)",
		tag: ASSETS,
		produces: "application/octet-stream",
		public: true,
	},
	"HEAD /assets/demo/{file}": { summary: "A sample input's headers", tag: ASSETS, public: true },

	"POST /v1/chat/completions": {
		summary: "OpenAI-style chat with a model the hub runs (`model` in the body)",
		tag: INFERENCE,
		body: "json",
	},
	"POST /api/validate-yaml": {
		summary: "Checks a README's YAML front matter (`{content, repoType}`): `{errors, warnings}`, 400 when errors",
		tag: REPOS,
		body: "json",
		public: true,
	},
	"GET /v1/models": {
		summary: "OpenAI-style list of the models the `/v1` routes serve, with their providers",
		tag: INFERENCE,
		public: true,
	},
	"GET /v1/models/{id}": {
		summary: "One model the `/v1` routes serve (404 when they do not)",
		tag: INFERENCE,
		public: true,
	},
	"POST /v1/embeddings": {
		summary: "OpenAI-style embeddings of a feature-extraction model (`encoding_format`: float or base64)",
		tag: INFERENCE,
		body: "json",
	},
	"POST /hf-inference/{rest}": {
		summary: "The hub's own inference: `models/{model}`, `models/{model}/pipeline/{task}`, `…/v1/chat/completions`",
		description:
			"Runs on the hub's local runtime. Without a token, public models only, rate-limited per client address.",
		tag: INFERENCE,
		body: "binary",
	},
	"GET /{name}/{rest}": {
		summary: "A third-party provider's follow-up request (`/{provider}/…`), with the operator's key",
		tag: INFERENCE,
	},
	"POST /{name}/{rest}": {
		summary: "A call to a third-party provider (`/{provider}/…` with the provider's own path), with the operator's key",
		description: "Needs a hub token. Paths that are not a provider's call fall through to the hub and the site.",
		tag: INFERENCE,
		body: "binary",
	},
};
