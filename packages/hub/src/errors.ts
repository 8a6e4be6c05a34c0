/**
 * The one error type routes and services throw. The app's error handler renders
 * it as `{ "error": message }` with `status`, plus `X-Error-Code` when set: the
 * Python client picks its exception from that header, whatever the status.
 */

/**
 * Codes existing clients read from `X-Error-Code` (reference/hub-api.md §0), and the token codes
 * the router's answers use too (`InvalidToken`, `TokenRequired`), so a client branches the same
 * way whichever part refused it.
 */
export type HubErrorCode =
	| "RepoNotFound"
	| "RevisionNotFound"
	| "EntryNotFound"
	| "GatedRepo"
	| "InvalidToken"
	| "TokenRequired"
	| "CsrfRejected"
	| "InvalidCredentials"
	| "SignInRateLimited"
	/** This hub's own: too many sign-up attempts from one address (`HUBKIT_SIGNUPS_PER_HOUR`). */
	| "SignUpRateLimited"
	/** This hub's own: a sign-up whose e-mail cannot be used (the answer does not say whose it is). */
	| "SignUpRefused"
	/** This hub's own: the password-hashing queue is full; retry after `Retry-After`. */
	| "PasswordHashingBusy"
	| "NameTaken"
	| "Forbidden"
	| "NotFound"
	| "RepoExists"
	| "ParentCommitMismatch"
	/** This hub's own: a commit adds a file of a type the operator refuses (`HUBKIT_UPLOAD_REFUSED_TYPES`). */
	| "RefusedFileType"
	/** This hub's own: an upload would take its namespace over `HUBKIT_STORAGE_QUOTA_BYTES` (services/quota.ts). */
	| "StorageQuotaExceeded"
	/** This hub's own: a commit over `HUBKIT_MAX_FILES_PER_COMMIT` or `HUBKIT_MAX_FILES_PER_REPO`. */
	| "TooManyFiles"
	/** This hub's own: a Xet xorb or shard that fails a format check; the body's `xetError` says which (xet/format-error.ts). */
	| "InvalidXetObject";

export class HubError extends Error {
	readonly status: number;
	readonly code: HubErrorCode | undefined;
	/** Extra response headers, e.g. `X-Repo-Commit` on a missing-file 404. */
	readonly headers: Record<string, string>;
	/** Extra fields of the JSON body beside `error`, e.g. the existing repository's `url` on a 409. */
	readonly fields: Record<string, string>;

	constructor(
		status: number,
		message: string,
		options: { code?: HubErrorCode; headers?: Record<string, string>; fields?: Record<string, string> } = {},
	) {
		super(message);
		this.name = "HubError";
		this.status = status;
		this.code = options.code;
		this.headers = options.headers ?? {};
		this.fields = options.fields ?? {};
	}
}

export function badRequest(message: string): HubError {
	return new HubError(400, message);
}

/**
 * A missing repository, or one the caller may not see. Without a token the hub
 * answers 401 and with one 404, so a private repository's existence never leaks.
 */
export function repoNotFound(repoId: string, authenticated: boolean): HubError {
	return new HubError(authenticated ? 404 : 401, `Repository not found: ${repoId}`, { code: "RepoNotFound" });
}

export function revisionNotFound(repoId: string, revision: string): HubError {
	return new HubError(404, `Invalid revision ${revision} for ${repoId}`, { code: "RevisionNotFound" });
}

export function entryNotFound(repoId: string, path: string, commitSha?: string): HubError {
	return new HubError(404, `Entry not found: ${path} in ${repoId}`, {
		code: "EntryNotFound",
		...(commitSha ? { headers: { "X-Repo-Commit": commitSha } } : {}),
	});
}

/** A token that is malformed, unknown or revoked. */
export function unauthorized(): HubError {
	return new HubError(401, "Invalid credentials in Authorization header", { code: "InvalidToken" });
}

/** A route that needs a token, asked without one. */
export function tokenRequired(): HubError {
	return new HubError(401, "A token is required: send Authorization: Bearer hf_…", { code: "TokenRequired" });
}

/** A request the caller is known for but may not make (not an org admin, a session route with a token …). */
export function forbidden(message: string): HubError {
	return new HubError(403, message, { code: "Forbidden" });
}

/** A user, organisation, member or token that is not there (or not the caller's to see). */
export function notFound(message: string): HubError {
	return new HubError(404, message, { code: "NotFound" });
}
