/**
 * The OAuth 2.0 / OpenID Connect provider's work: checking an authorization
 * request, one-time codes, the token endpoint's two grants, and userinfo.
 *
 * A code is bound to its app, user, exact redirect URI, scopes and PKCE challenge,
 * so the token request needs no client_id (what `@huggingface/hub` sends). Once
 * exchanged, the code's row keeps the grant it started; a second exchange of it
 * finds that and revokes every token of the grant (RFC 6749 §4.1.2). Access
 * tokens are ordinary `hf_` tokens (rows of access_tokens), so every route and
 * client accepts them; they carry their grant, app and scopes.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { hashToken, newObjectId, newToken } from "../auth/tokens.js";
import type { Database } from "../db/schema.js";
import { avatarPath } from "./avatar.js";
import { checkClientSecret, findOAuthApp, type OAuthApp } from "./oauth-apps.js";
import { revokeGrant } from "./oauth-grants.js";
import { signIdToken } from "./oauth-keys.js";

export const OAUTH_SCOPES = ["openid", "profile", "email", "read-repos", "write-repos", "inference-api"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];
/** What the consent page says each scope lets the app do. */
export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
	openid: "Know who you are (your account id)",
	profile: "Read your profile: user name, full name, avatar",
	email: "Read your email address",
	"read-repos": "Read your repositories, private ones included",
	"write-repos": "Write to your repositories",
	"inference-api": "Run inference as you",
};
const DEFAULT_SCOPE = "openid profile";
export const CODE_SECONDS = 600;
export const ACCESS_TOKEN_SECONDS = 8 * 3600;
const REFRESH_TOKEN_SECONDS = 30 * 86_400;
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE_LENGTH = 2000;

/**
 * A refusal in OAuth's terms: `error` is one of the standard codes. On the
 * authorization endpoint, `redirectable` says whether it may go back to the
 * app's redirect URI (not when the client or the redirect URI itself is wrong).
 */
export class OAuthError extends Error {
	constructor(
		readonly error: string,
		readonly description: string,
		readonly status = 400,
		readonly redirectable = true,
	) {
		super(`${error}: ${description}`);
		this.name = "OAuthError";
	}
}

export interface AuthorizationRequest {
	app: OAuthApp;
	redirectUri: string;
	scopes: OAuthScope[];
	state: string | undefined;
	codeChallenge: string | undefined;
	nonce: string | undefined;
}

type Params = Record<string, string | undefined>;

/**
 * Checks the query of `/oauth/authorize` (or the consent form, which repeats it).
 * The client and the exact redirect URI first: until both are known good, a
 * refusal is shown by the hub, never sent to an unchecked address.
 */
export async function checkAuthorizationRequest(db: Kysely<Database>, params: Params): Promise<AuthorizationRequest> {
	const clientId = params.client_id;
	if (!clientId) throw new OAuthError("invalid_request", "client_id is required", 400, false);
	const app = await findOAuthApp(db, clientId);
	if (!app) throw new OAuthError("invalid_client", "Unknown client_id", 400, false);
	const redirectUri = params.redirect_uri;
	if (!redirectUri || !app.redirectUris.includes(redirectUri)) {
		throw new OAuthError("invalid_request", "redirect_uri is not one this app registered", 400, false);
	}
	if (params.response_type !== "code") {
		throw new OAuthError("unsupported_response_type", "Only response_type=code is supported");
	}
	const state = params.state;
	if (state !== undefined && state.length > MAX_STATE_LENGTH) {
		throw new OAuthError("invalid_request", `state has at most ${MAX_STATE_LENGTH} characters`);
	}
	const requested = (params.scope ?? DEFAULT_SCOPE).split(" ").filter((scope) => scope !== "");
	const unknown = requested.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
	if (unknown.length > 0) throw new OAuthError("invalid_scope", `Unknown scope: ${unknown.join(" ").slice(0, 200)}`);
	if (requested.length === 0) throw new OAuthError("invalid_scope", "No scope asked for");
	const scopes = OAUTH_SCOPES.filter((scope) => requested.includes(scope));
	const challenge = params.code_challenge;
	if (challenge !== undefined || params.code_challenge_method !== undefined) {
		if (params.code_challenge_method !== "S256") {
			throw new OAuthError("invalid_request", "code_challenge_method must be S256");
		}
		if (!challenge || !CHALLENGE.test(challenge)) {
			throw new OAuthError("invalid_request", "code_challenge is the base64url SHA-256 of the verifier");
		}
	} else if (!app.confidential) {
		throw new OAuthError("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
	}
	const nonce = params.nonce;
	if (nonce !== undefined && nonce.length > MAX_STATE_LENGTH) {
		throw new OAuthError("invalid_request", `nonce has at most ${MAX_STATE_LENGTH} characters`);
	}
	return { app, redirectUri, scopes, state, codeChallenge: challenge, nonce };
}

function sha256Hex(value: string): string {
	return createHash("sha256").update(value).digest("hex");
}

/** A one-time code for the approved request; only its hash is kept. Expired codes are cleared as new ones come. */
export async function issueCode(
	db: Kysely<Database>,
	request: AuthorizationRequest,
	userId: string,
	now = new Date(),
): Promise<string> {
	const code = randomBytes(32).toString("base64url");
	await db.deleteFrom("oauth_codes").where("expires_at", "<", now.toISOString()).execute();
	await db
		.insertInto("oauth_codes")
		.values({
			code_hash: sha256Hex(code),
			client_id: request.app.clientId,
			user_id: userId,
			redirect_uri: request.redirectUri,
			scope: request.scopes.join(" "),
			code_challenge: request.codeChallenge ?? null,
			nonce: request.nonce ?? null,
			created_at: now.toISOString(),
			expires_at: new Date(now.getTime() + CODE_SECONDS * 1000).toISOString(),
			grant_id: null,
		})
		.execute();
	return code;
}

/** How the token request proved which client it is: nothing (public), or a secret (Basic or in the form). */
export interface ClientCredentials {
	clientId?: string;
	clientSecret?: string;
}

async function authenticateClient(
	db: Kysely<Database>,
	app: OAuthApp | undefined,
	credentials: ClientCredentials,
): Promise<OAuthApp> {
	if (!app) throw new OAuthError("invalid_grant", "The grant's app no longer exists");
	if (credentials.clientId !== undefined && credentials.clientId !== app.clientId) {
		throw new OAuthError("invalid_grant", "The grant was issued to another client");
	}
	if (app.confidential) {
		const secret = credentials.clientSecret;
		if (!secret || !(await checkClientSecret(db, app.clientId, secret))) {
			throw new OAuthError("invalid_client", "A confidential client authenticates with its secret", 401);
		}
	}
	return app;
}

export interface TokenAnswer {
	access_token: string;
	token_type: "Bearer";
	expires_in: number;
	refresh_token: string;
	scope: string;
	id_token?: string;
}

interface UserRow {
	id: string;
	name: string;
	fullname: string;
	email: string | null;
	disabled: number;
}

async function liveUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
	const user = await db
		.selectFrom("users")
		.select(["id", "name", "fullname", "email", "disabled"])
		.where("id", "=", userId)
		.executeTakeFirst();
	if (!user || user.disabled) throw new OAuthError("invalid_grant", "The account is gone or disabled");
	return user;
}

/** The claims the scopes allow: profile ones with `profile`, the email with `email`. */
function userClaims(user: UserRow, scopes: string[], hubUrl: string): Record<string, unknown> {
	return {
		sub: user.id,
		...(scopes.includes("profile")
			? {
					name: user.fullname,
					preferred_username: user.name,
					picture: `${hubUrl}${avatarPath(user.name)}`,
					profile: `${hubUrl}/${user.name}`,
					isPro: false,
				}
			: {}),
		// The hub does not verify addresses (no mail is sent), so it says so.
		...(scopes.includes("email") && user.email ? { email: user.email, email_verified: false } : {}),
	};
}

async function issueTokens(
	db: Kysely<Database>,
	grant: { grantId: string; app: OAuthApp; user: UserRow; scope: string; nonce?: string | null },
	hubUrl: string,
	now: Date,
): Promise<TokenAnswer> {
	const scopes = grant.scope.split(" ");
	const accessToken = newToken();
	const refreshToken = `hfr_${randomBytes(32).toString("base64url")}`;
	const reachesRepos = scopes.includes("read-repos") || scopes.includes("write-repos");
	await db.transaction().execute(async (trx) => {
		await trx
			.insertInto("access_tokens")
			.values({
				id: newObjectId(),
				user_id: grant.user.id,
				token_hash: hashToken(accessToken),
				display_name: `OAuth app: ${grant.app.name}`,
				role: scopes.includes("write-repos") ? "write" : "read",
				created_at: now.toISOString(),
				expires_at: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000).toISOString(),
				// Without a repo scope the token reaches no repository (an empty repo list), public ones aside.
				repos: reachesRepos ? null : "[]",
				oauth_grant_id: grant.grantId,
				oauth_client_id: grant.app.clientId,
				oauth_scope: grant.scope,
			})
			.execute();
		await trx
			.insertInto("oauth_refresh_tokens")
			.values({
				token_hash: sha256Hex(refreshToken),
				grant_id: grant.grantId,
				client_id: grant.app.clientId,
				user_id: grant.user.id,
				scope: grant.scope,
				created_at: now.toISOString(),
				expires_at: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000).toISOString(),
			})
			.execute();
	});
	const answer: TokenAnswer = {
		access_token: accessToken,
		token_type: "Bearer",
		expires_in: ACCESS_TOKEN_SECONDS,
		refresh_token: refreshToken,
		scope: grant.scope,
	};
	if (scopes.includes("openid")) {
		const { sub: _sub, ...claims } = userClaims(grant.user, scopes, hubUrl);
		answer.id_token = await signIdToken(db, {
			issuer: hubUrl,
			subject: grant.user.id,
			audience: grant.app.clientId,
			nonce: grant.nonce,
			claims,
		});
	}
	return answer;
}

function pkceMatches(verifier: string, challenge: string): boolean {
	return createHash("sha256").update(verifier).digest("base64url") === challenge;
}

/** `grant_type=authorization_code`. */
export async function exchangeCode(
	db: Kysely<Database>,
	params: Params,
	credentials: ClientCredentials,
	hubUrl: string,
	now = new Date(),
): Promise<TokenAnswer> {
	const code = params.code;
	if (!code) throw new OAuthError("invalid_request", "code is required");
	const codeHash = sha256Hex(code);
	const row = await db.selectFrom("oauth_codes").selectAll().where("code_hash", "=", codeHash).executeTakeFirst();
	if (!row) throw new OAuthError("invalid_grant", "Unknown or expired code");
	if (row.grant_id !== null) {
		// Someone holds a copy of a code already used: what was issued from it is no longer safe.
		await revokeGrant(db, row.grant_id);
		throw new OAuthError("invalid_grant", "This code was already used; the tokens issued from it are revoked");
	}
	if (Date.parse(row.expires_at) <= now.getTime()) throw new OAuthError("invalid_grant", "The code has expired");
	const app = await authenticateClient(db, await findOAuthApp(db, row.client_id), credentials);
	if (params.redirect_uri !== row.redirect_uri) {
		throw new OAuthError("invalid_grant", "redirect_uri differs from the one the code was issued for");
	}
	if (row.code_challenge !== null) {
		const verifier = params.code_verifier;
		if (!verifier || !VERIFIER.test(verifier)) {
			throw new OAuthError("invalid_request", "code_verifier is required (43 to 128 characters)");
		}
		if (!pkceMatches(verifier, row.code_challenge)) {
			throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
		}
	}
	const user = await liveUser(db, row.user_id);
	const grantId = newObjectId();
	// Claimed by one request only: two racing exchanges cannot both see grant_id null here.
	const claimed = await db
		.updateTable("oauth_codes")
		.set({ grant_id: grantId })
		.where("code_hash", "=", codeHash)
		.where("grant_id", "is", null)
		.executeTakeFirst();
	if (claimed.numUpdatedRows !== 1n) throw new OAuthError("invalid_grant", "This code was already used");
	return await issueTokens(db, { grantId, app, user, scope: row.scope, nonce: row.nonce }, hubUrl, now);
}

/**
 * `grant_type=refresh_token`: the refresh token is rotated (the old one stops working), the grant
 * stays. The old one is kept, marked rotated, until it expires: a second use of it means two
 * parties hold it, one of them not the app, so the whole grant ends (OAuth 2.0 Security BCP,
 * RFC 9700 §4.14.2) and the app's user signs in again.
 */
export async function refreshTokens(
	db: Kysely<Database>,
	params: Params,
	credentials: ClientCredentials,
	hubUrl: string,
	now = new Date(),
): Promise<TokenAnswer> {
	const refreshToken = params.refresh_token;
	if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
	const tokenHash = sha256Hex(refreshToken);
	const row = await db
		.selectFrom("oauth_refresh_tokens")
		.selectAll()
		.where("token_hash", "=", tokenHash)
		.executeTakeFirst();
	if (!row || Date.parse(row.expires_at) <= now.getTime()) {
		throw new OAuthError("invalid_grant", "Unknown or expired refresh token");
	}
	if (row.rotated_at !== null) await refuseReuse(db, row.grant_id);
	const app = await authenticateClient(db, await findOAuthApp(db, row.client_id), credentials);
	let scope = row.scope;
	if (params.scope !== undefined) {
		const asked = params.scope.split(" ").filter((item) => item !== "");
		const granted = row.scope.split(" ");
		if (asked.some((item) => !granted.includes(item))) {
			throw new OAuthError("invalid_scope", "A refresh cannot widen the scopes granted");
		}
		scope = granted.filter((item) => asked.includes(item)).join(" ");
	}
	const user = await liveUser(db, row.user_id);
	// Claimed by one request only: of two racing uses, the second is a reuse.
	const used = await db
		.updateTable("oauth_refresh_tokens")
		.set({ rotated_at: now.toISOString() })
		.where("token_hash", "=", tokenHash)
		.where("rotated_at", "is", null)
		.executeTakeFirst();
	if (used.numUpdatedRows !== 1n) await refuseReuse(db, row.grant_id);
	await db.deleteFrom("oauth_refresh_tokens").where("expires_at", "<=", now.toISOString()).execute();
	return await issueTokens(db, { grantId: row.grant_id, app, user, scope }, hubUrl, now);
}

async function refuseReuse(db: Kysely<Database>, grantId: string): Promise<never> {
	await revokeGrant(db, grantId);
	throw new OAuthError("invalid_grant", "This refresh token was already used; the grant is revoked");
}

/**
 * The userinfo answer for a bearer token: what its scopes allow. A token the user
 * made themselves (not through an app) answers as `openid profile`.
 */
export async function userInfo(
	db: Kysely<Database>,
	token: string,
	hubUrl: string,
	now = new Date(),
): Promise<Record<string, unknown> | undefined> {
	const row = await db
		.selectFrom("access_tokens")
		.select(["user_id", "oauth_scope", "expires_at"])
		.where("token_hash", "=", hashToken(token))
		.executeTakeFirst();
	if (!row || (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime())) return undefined;
	const user = await db
		.selectFrom("users")
		.select(["id", "name", "fullname", "email", "disabled"])
		.where("id", "=", row.user_id)
		.executeTakeFirst();
	if (!user || user.disabled) return undefined;
	return userClaims(user, (row.oauth_scope ?? DEFAULT_SCOPE).split(" "), hubUrl);
}
