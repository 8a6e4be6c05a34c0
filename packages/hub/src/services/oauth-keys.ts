/**
 * The keys that sign the hub's tokens (OpenID ID tokens, Xet access tokens): RS256 key pairs kept
 * in the database (so several hubs behind one URL sign with the same key and check each other's
 * tokens without keeping any state), the first one made the first time a key is needed. When two hubs make one at once, both keep using
 * the oldest row, so they agree.
 */
import { createHmac, randomBytes } from "node:crypto";
import {
	createLocalJWKSet,
	exportJWK,
	generateKeyPair,
	importJWK,
	type JWK,
	type JWTPayload,
	jwtVerify,
	SignJWT,
} from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

const ALGORITHM = "RS256";
const ID_TOKEN_SECONDS = 3600;

interface SigningKey {
	kid: string;
	privateJwk: JWK;
	publicJwk: JWK;
}

async function oldestKey(db: Kysely<Database>): Promise<SigningKey | undefined> {
	const row = await db
		.selectFrom("oauth_signing_keys")
		.selectAll()
		.orderBy("created_at")
		.orderBy("kid")
		.limit(1)
		.executeTakeFirst();
	if (!row) return undefined;
	return { kid: row.kid, privateJwk: JSON.parse(row.private_jwk), publicJwk: JSON.parse(row.public_jwk) };
}

async function signingKey(db: Kysely<Database>): Promise<SigningKey> {
	const existing = await oldestKey(db);
	if (existing) return existing;
	const pair = await generateKeyPair(ALGORITHM, { extractable: true });
	const kid = randomBytes(12).toString("hex");
	const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALGORITHM, use: "sig" };
	const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALGORITHM };
	await db
		.insertInto("oauth_signing_keys")
		.values({
			kid,
			algorithm: ALGORITHM,
			private_jwk: JSON.stringify(privateJwk),
			public_jwk: JSON.stringify(publicJwk),
			created_at: new Date().toISOString(),
		})
		.execute();
	return (await oldestKey(db)) as SigningKey;
}

/** The JWKS document: every public key, so tokens signed by any stored key can be checked. */
export async function publicKeySet(db: Kysely<Database>): Promise<{ keys: JWK[] }> {
	await signingKey(db);
	const rows = await db.selectFrom("oauth_signing_keys").select("public_jwk").orderBy("created_at").execute();
	return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
}

export interface IdTokenClaims {
	issuer: string;
	subject: string;
	audience: string;
	nonce?: string | null;
	/** Profile and email claims, as the scopes allow. */
	claims: Record<string, unknown>;
}

export async function signIdToken(db: Kysely<Database>, input: IdTokenClaims): Promise<string> {
	const key = await signingKey(db);
	const privateKey = await importJWK(key.privateJwk, ALGORITHM);
	const jwt = new SignJWT({ ...input.claims, ...(input.nonce ? { nonce: input.nonce } : {}) })
		.setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: "JWT" })
		.setIssuer(input.issuer)
		.setSubject(input.subject)
		.setAudience(input.audience)
		.setIssuedAt()
		.setExpirationTime(`${ID_TOKEN_SECONDS}s`);
	return await jwt.sign(privateKey);
}

export const ID_TOKEN_ALGORITHM = ALGORITHM;

/**
 * A 32-byte secret for `purpose`, the same on every hub of one database: an HMAC of the purpose
 * under the signing key's private exponent, so no other secret needs storing.
 */
export async function derivedSecret(db: Kysely<Database>, purpose: string): Promise<Uint8Array> {
	const key = await signingKey(db);
	return new Uint8Array(createHmac("sha256", String(key.privateJwk.d)).update(purpose).digest());
}

/** A short-lived token the hub gives itself (`audience` says what for), signed with the key above. */
export async function signHubToken(
	db: Kysely<Database>,
	audience: string,
	claims: Record<string, unknown>,
	expiresAt: Date,
): Promise<string> {
	const key = await signingKey(db);
	const privateKey = await importJWK(key.privateJwk, ALGORITHM);
	return await new SignJWT(claims)
		.setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: "JWT" })
		.setAudience(audience)
		.setIssuedAt()
		.setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
		.sign(privateKey);
}

/** The claims of a token signHubToken made for `audience`, or undefined when it is not one, or expired. */
export async function verifyHubToken(
	db: Kysely<Database>,
	audience: string,
	token: string,
): Promise<JWTPayload | undefined> {
	try {
		const { payload } = await jwtVerify(token, createLocalJWKSet(await publicKeySet(db)), {
			audience,
			algorithms: [ALGORITHM],
		});
		return payload;
	} catch {
		return undefined;
	}
}
