/**
 * Who may do what: the one rule every route asks. `decide(caller, action, resource)` is pure;
 * `namespaceRole` (services/namespaces.ts) reads the caller's role in a namespace, and the
 * `require…` helpers turn a refusal into the HubError a route throws.
 *
 * Actions:
 * - `read`: see a repository (public, or private with a role in its namespace), an organisation's members.
 * - `write`: commit, branch, tag, LFS upload, preupload; create a repository in a namespace. Never on
 *   a mirror of another hub's repository (it follows its upstream).
 * - `admin`: a repository's settings (visibility, gate), its access requests, moving and deleting it;
 *   an organisation's members, settings and avatar; the site's administration.
 * - `account`: act as the whole account: create an organisation.
 * - `settings`: the person's own credentials and profile (tokens, password, profile, avatar,
 *   OAuth apps and consent, account deletion): a browser session only, so a leaked token never
 *   mints another or locks its owner out.
 *
 * Credentials narrow what the person may do: a read token never writes; a repo-scoped token acts
 * on its repositories only and never on an account or organisation; an OAuth app's token only
 * within its scopes (`write-repos` writes, no scope administers); site admins may do everything
 * their credential allows. A repository the caller cannot see answers as missing (401 without a
 * caller, 404 with one); one they see but may not change is 403.
 */
import { forbidden, HubError, notFound, repoNotFound, tokenRequired } from "../errors.js";
import { type NamespaceRole, namespaceRole } from "../services/namespaces.js";
import type { Caller } from "./caller.js";

export const ACTIONS = ["read", "write", "admin", "account", "settings"] as const;
export type Action = (typeof ACTIONS)[number];

// Who holds a namespace (own name, membership, site organisations, contested names) is
// services/namespaces.ts's to say; the rule only weighs the role it gives.
export { type NamespaceRole, namespaceRole };

/** What an action is asked about, with the caller's role where one matters. */
export type Resource =
	/** `mirrorOf`: the upstream repository's URL when this one mirrors it (no writes). */
	| { kind: "repo"; id: string; private: boolean; mirrorOf: string | null; role: NamespaceRole | undefined }
	/** A repository not made yet: `repoId` in a namespace where the caller has `role`. */
	| { kind: "namespace"; repoId: string; name: string; role: NamespaceRole | undefined }
	| { kind: "organization"; name: string; role: NamespaceRole | undefined }
	| { kind: "account" }
	| { kind: "site" };

export type Verdict = { allowed: true } | { allowed: false; error: HubError };

const ALLOWED: Verdict = { allowed: true };
const WRITERS: readonly NamespaceRole[] = ["owner", "admin", "write"];
const ADMINS: readonly NamespaceRole[] = ["owner", "admin"];

function refuse(error: HubError): Verdict {
	return { allowed: false, error };
}

function notSignedIn(): HubError {
	return new HubError(401, "Not signed in", { code: "TokenRequired" });
}

/** The credential reaches this repository: not limited to other repos, and an OAuth token with a repo scope. */
function reachesRepo(caller: Pick<Caller, "repos" | "oauthScopes">, repoId: string): boolean {
	if (caller.oauthScopes && !caller.oauthScopes.some((scope) => scope === "read-repos" || scope === "write-repos")) {
		return false;
	}
	return !caller.repos || caller.repos.includes(repoId);
}

/** The credential writes repositories: a session, a write token (within its repos), an OAuth token with `write-repos`. */
function writesRepo(caller: Caller, repoId: string): boolean {
	if (caller.token.role !== "write" && caller.token.role !== "admin") return false;
	if (caller.oauthScopes && !caller.oauthScopes.includes("write-repos")) return false;
	return !caller.repos || caller.repos.includes(repoId);
}

/** The credential stands for the whole account: a session, or a write token not limited to repos or to an app's scopes. */
function holdsAccount(caller: Caller): boolean {
	if (caller.via === "session") return true;
	return (caller.token.role === "write" || caller.token.role === "admin") && !caller.repos && !caller.oauthScopes;
}

/**
 * Whether a repository is visible: public, or private and the caller has a role in its namespace
 * (any role reads) or runs the site, with a credential that reaches it.
 */
export function seesRepo(
	repo: { id: string; private: boolean },
	caller: Pick<Caller, "repos" | "oauthScopes" | "isAdmin"> | undefined,
	isMember: boolean,
): boolean {
	if (!repo.private) return true;
	if (!caller || !reachesRepo(caller, repo.id)) return false;
	return isMember || caller.isAdmin === true;
}

/** Site admins pass the role check wherever their credential reaches. */
function hasRole(caller: Caller, role: NamespaceRole | undefined, needed: readonly NamespaceRole[]): boolean {
	return caller.isAdmin === true || (role !== undefined && needed.includes(role));
}

function decideRepo(caller: Caller | undefined, action: Action, repo: Extract<Resource, { kind: "repo" }>): Verdict {
	if (!seesRepo(repo, caller, repo.role !== undefined)) return refuse(repoNotFound(repo.id, caller !== undefined));
	if (action === "read") return ALLOWED;
	if (!caller) return refuse(tokenRequired());
	if (action !== "write" && action !== "admin") throw new Error(`${action} is not an action on a repository`);
	if (!writesRepo(caller, repo.id)) {
		return refuse(
			forbidden("This token cannot write: use a token with the write role (and this repository in its scope)"),
		);
	}
	if (action === "write") {
		// A mirror follows its upstream: a change made here would be lost, or part it from the upstream's ids.
		if (repo.mirrorOf !== null) {
			return refuse(forbidden(`${repo.id} is a mirror of ${repo.mirrorOf}: change it there, not here`));
		}
		return hasRole(caller, repo.role, WRITERS)
			? ALLOWED
			: refuse(forbidden(`You cannot write to ${repo.id}: you need the write role in its namespace`));
	}
	// No OAuth scope here covers administering a repository (huggingface.co has `manage-repos` for it).
	if (caller.oauthScopes)
		return refuse(forbidden("An app's token cannot change a repository's settings or move or delete it"));
	return hasRole(caller, repo.role, ADMINS)
		? ALLOWED
		: refuse(forbidden(`Only the owner or an admin of ${repo.id.split("/")[0]} may change, move or delete ${repo.id}`));
}

function decideNamespace(
	caller: Caller | undefined,
	action: Action,
	target: Extract<Resource, { kind: "namespace" }>,
): Verdict {
	if (action !== "write") throw new Error(`${action} is not an action on a namespace`);
	if (!caller) return refuse(tokenRequired());
	if (!writesRepo(caller, target.repoId)) {
		return refuse(
			forbidden("This token cannot write: use a token with the write role (and this repository in its scope)"),
		);
	}
	return hasRole(caller, target.role, WRITERS)
		? ALLOWED
		: refuse(
				forbidden(`You cannot write in ${target.name}: it is not your account or an organisation where you may write`),
			);
}

function decideOrganization(
	caller: Caller | undefined,
	action: Action,
	org: Extract<Resource, { kind: "organization" }>,
): Verdict {
	if (action !== "read" && action !== "admin") throw new Error(`${action} is not an action on an organisation`);
	if (!caller) return refuse(notSignedIn());
	const credentialOk = action === "read" ? !caller.repos && !caller.oauthScopes : holdsAccount(caller);
	if (!credentialOk) {
		return refuse(
			forbidden(
				action === "read"
					? "A token limited to repositories or to an app's scopes cannot read organizations"
					: "Changing an organization takes a browser session or a write token for the whole account",
			),
		);
	}
	if (org.role === undefined && !caller.isAdmin) {
		return refuse(notFound(`No organization named ${JSON.stringify(org.name)}`));
	}
	if (action === "read") return ALLOWED;
	return hasRole(caller, org.role, ADMINS) ? ALLOWED : refuse(forbidden(`Only admins of ${org.name} may change it`));
}

/** May `caller` do `action` on `resource`: the whole rule, with no database. */
export function decide(caller: Caller | undefined, action: Action, resource: Resource): Verdict {
	switch (resource.kind) {
		case "repo":
			return decideRepo(caller, action, resource);
		case "namespace":
			return decideNamespace(caller, action, resource);
		case "organization":
			return decideOrganization(caller, action, resource);
		case "account":
			if (action !== "account" && action !== "settings") throw new Error(`${action} is not an action on an account`);
			if (!caller) return refuse(notSignedIn());
			if (action === "settings") {
				return caller.via === "session"
					? ALLOWED
					: refuse(forbidden("This route is for a signed-in browser session, not a token"));
			}
			return holdsAccount(caller)
				? ALLOWED
				: refuse(forbidden("This takes a browser session or a write token for the whole account"));
		case "site":
			if (action !== "admin") throw new Error(`${action} is not an action on the site`);
			if (!caller) return refuse(notSignedIn());
			if (caller.via !== "session") {
				return refuse(forbidden("Administration is for a signed-in browser session, not a token"));
			}
			return caller.isAdmin ? ALLOWED : refuse(forbidden("Only hub administrators may do this"));
	}
}

/** The caller, when the rule allows; otherwise the rule's refusal, thrown. */
export function requireAllowed(caller: Caller | undefined, action: Action, resource: Resource): Caller {
	const verdict = decide(caller, action, resource);
	if (!verdict.allowed) throw verdict.error;
	if (!caller) throw new Error("An allowed action without a caller is a read: ask decide() instead");
	return caller;
}

/** `requireAllowed` for the routes about the caller's own account and the site (no database). */
export function requireAccount(caller: Caller | undefined, action: "account" | "settings"): Caller {
	return requireAllowed(caller, action, { kind: "account" });
}

export function requireSiteAdmin(caller: Caller | undefined): Caller {
	return requireAllowed(caller, "admin", { kind: "site" });
}

/** Whether the caller gets past a gated repository's gate without asking: whoever may write it. */
export function passesGate(caller: Caller | undefined, role: NamespaceRole | undefined): boolean {
	return caller !== undefined && hasRole(caller, role, WRITERS);
}
