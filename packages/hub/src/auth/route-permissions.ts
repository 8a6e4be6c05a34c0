/**
 * What every route that changes something is to the rule (auth/permissions.ts): the action it
 * asks about and on what, keyed as the OpenAPI document keys routes (`METHOD /path/{param}`).
 * `test/permissions-routes.test.ts` walks the app's registered POST, PUT, PATCH and DELETE routes
 * and fails for one missing here, so a new write route cannot skip the rule unnoticed; routes
 * that need no caller say why.
 */
import type { Action } from "./permissions.js";

export type RouteResource = "repo" | "namespace" | "organization" | "account" | "site";

export type RoutePermission =
	| { action: Action; on: RouteResource; note?: string }
	/** Routes the rule does not decide, with the reason. */
	| { action: "none"; why: string };

const SIGN_IN = "signing up or in is how a caller comes to be: the credentials are the body";
const LFS_SECRET = "the URL carries a secret the batch call handed out after the rule allowed the write";
const INFERENCE = "a model run, not a change: the router checks the token itself (and the OAuth scope inference-api)";

export const ROUTE_PERMISSIONS: Record<string, RoutePermission> = {
	// Repositories.
	"POST /api/repos/create": { action: "write", on: "namespace" },
	"DELETE /api/repos/delete": { action: "admin", on: "repo" },
	"POST /api/repos/move": { action: "admin", on: "repo", note: "and write in the target namespace" },
	"PUT /api/{plural}/{namespace}/{name}/settings": { action: "admin", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/user-access-request/handle": { action: "admin", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/user-access-request/grant": { action: "admin", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/preupload/{revision}": { action: "write", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/commit/{revision}": { action: "write", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/branch/{branch}": { action: "write", on: "repo" },
	"DELETE /api/{plural}/{namespace}/{name}/branch/{branch}": { action: "write", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/tag/{revision}": { action: "write", on: "repo" },
	"DELETE /api/{plural}/{namespace}/{name}/tag/{tag}": { action: "write", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/super-squash/{branch}": { action: "write", on: "repo" },
	"POST /api/{plural}/{namespace}/{name}/duplicate": {
		action: "read",
		on: "repo",
		note: "past its gate, and write in the target namespace",
	},
	"POST /{namespace}/{name}/info/lfs/objects/batch": { action: "write", on: "repo" },
	"POST /{namespace}/{name}/info/lfs/objects/verify": { action: "write", on: "repo" },
	"POST /datasets/{namespace}/{name}/info/lfs/objects/batch": { action: "write", on: "repo" },
	"POST /datasets/{namespace}/{name}/info/lfs/objects/verify": { action: "write", on: "repo" },
	// The caller's own mark on a repository they see: a like, a request for access.
	"POST /api/{plural}/{namespace}/{name}/like": { action: "read", on: "repo", note: "signed in" },
	"DELETE /api/{plural}/{namespace}/{name}/like": { action: "read", on: "repo", note: "signed in" },
	"POST /api/{plural}/{namespace}/{name}/ask-access": { action: "read", on: "repo", note: "signed in" },
	// Reads sent as POST (a list of paths in the body).
	"POST /api/models/{namespace}/{name}/paths-info/{revision}": { action: "read", on: "repo" },
	"POST /api/datasets/{namespace}/{name}/paths-info/{revision}": { action: "read", on: "repo" },

	// Organisations.
	"POST /api/organizations": { action: "account", on: "account" },
	"PUT /api/organizations/{name}/members/{user}": { action: "admin", on: "organization" },
	"DELETE /api/organizations/{name}/members/{user}": { action: "admin", on: "organization" },
	"PUT /api/organizations/{name}/settings": { action: "admin", on: "organization" },
	"PUT /api/organizations/{name}/avatar": { action: "admin", on: "organization" },
	"DELETE /api/organizations/{name}/avatar": { action: "admin", on: "organization" },

	// The signed-in person's own settings.
	"PUT /api/settings/profile": { action: "settings", on: "account" },
	"POST /api/settings/password": { action: "settings", on: "account" },
	"POST /api/settings/sign-out-everywhere": { action: "settings", on: "account" },
	"POST /api/settings/tokens": { action: "settings", on: "account" },
	"DELETE /api/settings/tokens/{id}": { action: "settings", on: "account" },
	"PUT /api/settings/avatar": { action: "settings", on: "account" },
	"DELETE /api/settings/avatar": { action: "settings", on: "account" },
	"DELETE /api/settings/account": { action: "settings", on: "account" },
	"POST /api/settings/oauth-apps": { action: "settings", on: "account" },
	"DELETE /api/settings/oauth-apps/{clientId}": { action: "settings", on: "account" },
	"POST /oauth/authorize": { action: "settings", on: "account", note: "the consent form" },

	// The site.
	"PATCH /api/admin/users/{name}": { action: "admin", on: "site" },
	"POST /api/admin/users/{name}/password": { action: "admin", on: "site" },
	"POST /api/admin/namespaces/{name}/grant": { action: "admin", on: "site" },
	"POST /api/admin/namespaces/{name}/keep": { action: "admin", on: "site" },

	// No caller needed.
	"POST /api/auth/signup": { action: "none", why: SIGN_IN },
	"POST /api/auth/login": { action: "none", why: SIGN_IN },
	"POST /api/auth/logout": { action: "none", why: "it ends the session its own cookie names, if any" },
	"POST /oauth/token": { action: "none", why: "an app's client credentials and a one-time code or refresh token" },
	"POST /api/validate-yaml": { action: "none", why: "a check of the text in the body; it reads and changes nothing" },
	"POST /oauth/userinfo": { action: "none", why: "a read of the bearer token's own person, refused unless valid" },
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}": { action: "none", why: LFS_SECRET },
	"PUT /{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": { action: "none", why: LFS_SECRET },
	"POST /{namespace}/{name}/info/lfs/uploads/{secret}/complete": { action: "none", why: LFS_SECRET },
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}": { action: "none", why: LFS_SECRET },
	"PUT /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/parts/{part}": { action: "none", why: LFS_SECRET },
	"POST /datasets/{namespace}/{name}/info/lfs/uploads/{secret}/complete": { action: "none", why: LFS_SECRET },
	"POST /v1/chat/completions": { action: "none", why: INFERENCE },
	"POST /v1/embeddings": { action: "none", why: INFERENCE },
	"POST /hf-inference/{rest}": { action: "none", why: INFERENCE },
	"POST /{name}/{rest}": { action: "none", why: INFERENCE },
};
