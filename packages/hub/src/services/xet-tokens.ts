/**
 * Xet access tokens: what the token routes hand hf_xet and what the CAS routes ask for. A token
 * is a JWT signed with the hub's own key (services/oauth-keys.ts, kept in the database), so any
 * hub behind one address checks a token another one issued, and no hub keeps any state for it.
 * It names one repository (by key), one revision and read or write, and lives an hour: the
 * client asks the token route again before it runs out, and each ask goes through the rule.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { forbidden, HubError, tokenRequired } from "../errors.js";
import { signHubToken, verifyHubToken } from "./oauth-keys.js";

/** What a Xet token is for (the JWT audience): never accepted where a hub token is, nor the other way. */
const AUDIENCE = "hubkit-xet-cas";
export const XET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export type XetScope = "read" | "write";

export interface XetGrant {
	scope: XetScope;
	/** The repository's key (services/repos.ts repoKey). */
	repoKey: string;
	revision: string;
	userId: string;
}

export interface IssuedXetToken {
	accessToken: string;
	/** Unix seconds. */
	exp: number;
}

export async function issueXetToken(db: Kysely<Database>, grant: XetGrant, now = new Date()): Promise<IssuedXetToken> {
	const expiresAt = new Date(now.getTime() + XET_TOKEN_LIFETIME_MS);
	const accessToken = await signHubToken(
		db,
		AUDIENCE,
		{ scope: grant.scope, repo: grant.repoKey, rev: grant.revision, sub: grant.userId },
		expiresAt,
	);
	return { accessToken, exp: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * The grant an `Authorization: Bearer <xet token>` header carries, for a CAS call that needs
 * `scope`: no token, a forged, expired or foreign one is a 401; a read token on a write call a 403.
 */
export async function requireXetGrant(
	db: Kysely<Database>,
	authorization: string | undefined,
	scope: XetScope,
): Promise<XetGrant> {
	const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1];
	if (!token) throw tokenRequired();
	const claims = await verifyHubToken(db, AUDIENCE, token);
	const granted = claims?.scope;
	if (
		!claims ||
		(granted !== "read" && granted !== "write") ||
		typeof claims.repo !== "string" ||
		typeof claims.rev !== "string" ||
		typeof claims.sub !== "string"
	) {
		throw new HubError(401, "Invalid or expired Xet token: ask the xet-write-token or xet-read-token route again", {
			code: "InvalidToken",
		});
	}
	if (scope === "write" && granted !== "write") throw forbidden("This Xet token may read, not upload");
	return { scope: granted, repoKey: claims.repo, revision: claims.rev, userId: claims.sub };
}
