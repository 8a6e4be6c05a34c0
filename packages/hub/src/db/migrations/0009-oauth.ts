/**
 * Version 9: the hub as an OAuth 2.0 / OpenID Connect provider. Apps (a client id,
 * their redirect URIs, and for a confidential app only the hash of its secret),
 * one-time authorization codes (only their hash), grants (what one approved code
 * started: its access and refresh tokens are revoked together), refresh tokens
 * (only their hash) and the ID-token signing keys (in the database, so several
 * hubs can share them). Access tokens issued to an app are rows of
 * `access_tokens`, so every route accepts them; they name their grant and scopes.
 */
import type { Kysely, Migration } from "kysely";

export const oauthMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema
			.createTable("oauth_apps")
			.addColumn("client_id", "text", (column) => column.primaryKey())
			.addColumn("name", "text", (column) => column.notNull())
			// Null for an app an operator registered from the CLI.
			.addColumn("owner_id", "text")
			// JSON array of exact redirect URIs.
			.addColumn("redirect_uris", "text", (column) => column.notNull())
			.addColumn("confidential", "integer", (column) => column.notNull())
			.addColumn("secret_hash", "text")
			.addColumn("created_at", "text", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("oauth_apps_by_owner").on("oauth_apps").column("owner_id").execute();

		await db.schema
			.createTable("oauth_codes")
			.addColumn("code_hash", "text", (column) => column.primaryKey())
			.addColumn("client_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("redirect_uri", "text", (column) => column.notNull())
			.addColumn("scope", "text", (column) => column.notNull())
			.addColumn("code_challenge", "text")
			.addColumn("nonce", "text")
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("expires_at", "text", (column) => column.notNull())
			// Set when the code is exchanged; a second exchange finds it and revokes the grant.
			.addColumn("grant_id", "text")
			.execute();

		await db.schema
			.createTable("oauth_refresh_tokens")
			.addColumn("token_hash", "text", (column) => column.primaryKey())
			.addColumn("grant_id", "text", (column) => column.notNull())
			.addColumn("client_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("scope", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("expires_at", "text", (column) => column.notNull())
			.execute();
		await db.schema
			.createIndex("oauth_refresh_tokens_by_grant")
			.on("oauth_refresh_tokens")
			.column("grant_id")
			.execute();

		await db.schema
			.createTable("oauth_signing_keys")
			.addColumn("kid", "text", (column) => column.primaryKey())
			.addColumn("algorithm", "text", (column) => column.notNull())
			.addColumn("private_jwk", "text", (column) => column.notNull())
			.addColumn("public_jwk", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.execute();

		await db.schema.alterTable("access_tokens").addColumn("oauth_grant_id", "text").execute();
		await db.schema.alterTable("access_tokens").addColumn("oauth_client_id", "text").execute();
		await db.schema.alterTable("access_tokens").addColumn("oauth_scope", "text").execute();
		await db.schema.createIndex("access_tokens_by_oauth_grant").on("access_tokens").column("oauth_grant_id").execute();
	},
};
