/**
 * OAuth apps: registered by a signed-in user (settings) or an operator (CLI).
 * The client id is a random UUID; a confidential app also gets a secret, shown
 * once (only its sha256 is stored, the way tokens are). Redirect URIs are matched
 * exactly, so they are checked here: https, or http on the loopback interface only
 * (127.0.0.1, [::1], localhost: a program on the user's own machine, RFC 8252 §7.3), so
 * a code never travels in clear over a network; no fragment, no credentials.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest } from "../errors.js";

const MAX_NAME_LENGTH = 100;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export interface OAuthApp {
	clientId: string;
	name: string;
	redirectUris: string[];
	confidential: boolean;
	/** The user who registered it; null for an operator's app. */
	ownerId: string | null;
	createdAt: string;
}

export interface CreatedOAuthApp extends OAuthApp {
	/** Only for a confidential app, and only now: it cannot be read back. */
	clientSecret?: string;
}

export function hashSecret(secret: string): string {
	return createHash("sha256").update(secret).digest("hex");
}

/** Why a redirect URI cannot be registered, or undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
	if (uri.length > MAX_URI_LENGTH) return `a redirect URI has at most ${MAX_URI_LENGTH} characters`;
	let url: URL;
	try {
		url = new URL(uri);
	} catch {
		return `${JSON.stringify(uri.slice(0, 200))} is not an absolute URL`;
	}
	if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
		return "a redirect URI is https (http only on 127.0.0.1, [::1] or localhost)";
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return "a redirect URI is https";
	if (url.hash !== "" || uri.includes("#")) return "a redirect URI has no fragment";
	if (url.username || url.password) return "a redirect URI carries no user name or password";
	return undefined;
}

function checkedApp(name: string, redirectUris: unknown): { name: string; redirectUris: string[] } {
	const trimmed = name.trim();
	if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH) {
		throw badRequest(`An app name has 1 to ${MAX_NAME_LENGTH} characters`);
	}
	if (
		!Array.isArray(redirectUris) ||
		redirectUris.length === 0 ||
		redirectUris.length > MAX_REDIRECT_URIS ||
		redirectUris.some((uri) => typeof uri !== "string")
	) {
		throw badRequest(`redirectUris is a list of 1 to ${MAX_REDIRECT_URIS} URLs`);
	}
	for (const uri of redirectUris as string[]) {
		const problem = redirectUriProblem(uri);
		if (problem) throw badRequest(`Invalid redirect URI: ${problem}`);
	}
	return { name: trimmed, redirectUris: [...new Set(redirectUris as string[])] };
}

export async function createOAuthApp(
	db: Kysely<Database>,
	input: { name: string; redirectUris: unknown; confidential: boolean; ownerId: string | null },
	now = new Date(),
): Promise<CreatedOAuthApp> {
	const { name, redirectUris } = checkedApp(input.name, input.redirectUris);
	const clientId = randomUUID();
	const clientSecret = input.confidential ? `hfs_${randomBytes(32).toString("base64url")}` : undefined;
	const createdAt = now.toISOString();
	await db
		.insertInto("oauth_apps")
		.values({
			client_id: clientId,
			name,
			owner_id: input.ownerId,
			redirect_uris: JSON.stringify(redirectUris),
			confidential: input.confidential ? 1 : 0,
			secret_hash: clientSecret ? hashSecret(clientSecret) : null,
			created_at: createdAt,
		})
		.execute();
	return {
		clientId,
		name,
		redirectUris,
		confidential: input.confidential,
		ownerId: input.ownerId,
		createdAt,
		...(clientSecret ? { clientSecret } : {}),
	};
}

type AppRow = Database["oauth_apps"];

function fromRow(row: AppRow): OAuthApp {
	return {
		clientId: row.client_id,
		name: row.name,
		redirectUris: JSON.parse(row.redirect_uris) as string[],
		confidential: row.confidential === 1,
		ownerId: row.owner_id,
		createdAt: row.created_at,
	};
}

export async function findOAuthApp(db: Kysely<Database>, clientId: string): Promise<OAuthApp | undefined> {
	const row = await db.selectFrom("oauth_apps").selectAll().where("client_id", "=", clientId).executeTakeFirst();
	return row ? fromRow(row) : undefined;
}

/** Whether `secret` is the app's secret (compared in constant time). */
export async function checkClientSecret(db: Kysely<Database>, clientId: string, secret: string): Promise<boolean> {
	const row = await db
		.selectFrom("oauth_apps")
		.select("secret_hash")
		.where("client_id", "=", clientId)
		.executeTakeFirst();
	if (!row?.secret_hash) return false;
	return timingSafeEqual(Buffer.from(row.secret_hash, "hex"), Buffer.from(hashSecret(secret), "hex"));
}

/** The user's apps, or with no owner given, every app (the CLI's list). Oldest first. */
export async function listOAuthApps(db: Kysely<Database>, ownerId?: string): Promise<OAuthApp[]> {
	let query = db.selectFrom("oauth_apps").selectAll().orderBy("created_at").orderBy("client_id");
	if (ownerId !== undefined) query = query.where("owner_id", "=", ownerId);
	return (await query.execute()).map(fromRow);
}

/**
 * Deletes an app with its codes, refresh tokens and the access tokens it was given:
 * what it could do ends with it. From settings, only the caller's own apps.
 */
export async function deleteOAuthApp(db: Kysely<Database>, clientId: string, ownerId?: string): Promise<boolean> {
	return await db.transaction().execute(async (trx) => {
		let query = trx.deleteFrom("oauth_apps").where("client_id", "=", clientId);
		if (ownerId !== undefined) query = query.where("owner_id", "=", ownerId);
		const result = await query.executeTakeFirst();
		if (result.numDeletedRows === 0n) return false;
		await trx.deleteFrom("oauth_codes").where("client_id", "=", clientId).execute();
		await trx.deleteFrom("oauth_refresh_tokens").where("client_id", "=", clientId).execute();
		await trx.deleteFrom("access_tokens").where("oauth_client_id", "=", clientId).execute();
		return true;
	});
}

/**
 * What OAuth leaves behind a deleted account: the apps they registered (with every code and token
 * those apps were given, other people's too) and the grants they made to other apps. Run inside the
 * account deletion's transaction.
 */
export async function deleteOAuthDataOf(trx: Kysely<Database>, userId: string): Promise<void> {
	const owned = await trx.selectFrom("oauth_apps").select("client_id").where("owner_id", "=", userId).execute();
	const clientIds = owned.map((app) => app.client_id);
	if (clientIds.length > 0) {
		await trx.deleteFrom("oauth_codes").where("client_id", "in", clientIds).execute();
		await trx.deleteFrom("oauth_refresh_tokens").where("client_id", "in", clientIds).execute();
		await trx.deleteFrom("access_tokens").where("oauth_client_id", "in", clientIds).execute();
		await trx.deleteFrom("oauth_apps").where("client_id", "in", clientIds).execute();
	}
	await trx.deleteFrom("oauth_codes").where("user_id", "=", userId).execute();
	await trx.deleteFrom("oauth_refresh_tokens").where("user_id", "=", userId).execute();
}

/** The origins of every registered redirect URI: the browsers the userinfo endpoint answers. */
export async function registeredOrigins(db: Kysely<Database>): Promise<Set<string>> {
	const rows = await db.selectFrom("oauth_apps").select("redirect_uris").execute();
	const origins = new Set<string>();
	for (const row of rows) {
		for (const uri of JSON.parse(row.redirect_uris) as string[]) origins.add(new URL(uri).origin);
	}
	return origins;
}

/**
 * The origins of public apps' redirect URIs: the browsers the token endpoint answers a preflight
 * for. A confidential app keeps its secret on a server, so no browser calls the token endpoint
 * for it.
 */
export async function publicAppOrigins(db: Kysely<Database>): Promise<Set<string>> {
	const rows = await db.selectFrom("oauth_apps").select("redirect_uris").where("confidential", "=", 0).execute();
	const origins = new Set<string>();
	for (const row of rows) {
		for (const uri of JSON.parse(row.redirect_uris) as string[]) origins.add(new URL(uri).origin);
	}
	return origins;
}

/** Whether a browser on `origin` may read the token endpoint's answers for this app: a public app's own origin. */
export function appAnswersOrigin(app: OAuthApp | undefined, origin: string): boolean {
	return app !== undefined && !app.confidential && app.redirectUris.some((uri) => new URL(uri).origin === origin);
}

/**
 * The app a token request is for, before it is checked: the client_id it names, or else the app
 * its code or refresh token was issued to. Only for choosing the answer's CORS origin.
 */
export async function tokenRequestApp(
	db: Kysely<Database>,
	params: Record<string, string | undefined>,
	credentials: { clientId?: string },
): Promise<OAuthApp | undefined> {
	let clientId = credentials.clientId;
	if (clientId === undefined && params.grant_type === "authorization_code" && params.code) {
		const row = await db
			.selectFrom("oauth_codes")
			.select("client_id")
			.where("code_hash", "=", hashSecret(params.code))
			.executeTakeFirst();
		clientId = row?.client_id;
	}
	if (clientId === undefined && params.grant_type === "refresh_token" && params.refresh_token) {
		const row = await db
			.selectFrom("oauth_refresh_tokens")
			.select("client_id")
			.where("token_hash", "=", hashSecret(params.refresh_token))
			.executeTakeFirst();
		clientId = row?.client_id;
	}
	return clientId === undefined ? undefined : await findOAuthApp(db, clientId);
}
