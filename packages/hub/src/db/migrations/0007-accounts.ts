/**
 * Version 7: accounts. Users get a password, a profile and flags; organisations
 * are rows of `users` with `kind = 'org'`, so one unique `name` column keeps users
 * and organisations in one namespace. Memberships, server-side sessions (only a
 * hash of the session id), failed sign-ins (the rate limit's state, in the
 * database so several hubs can share it) and token expiry and repo scope.
 */
import type { Kysely, Migration } from "kysely";

export const accountsMigration: Migration = {
	async up(db: Kysely<unknown>) {
		const userColumns: [string, "text" | "integer", boolean][] = [
			["kind", "text", true],
			["password_hash", "text", false],
			["bio", "text", false],
			["github", "text", false],
			["x", "text", false],
			["linkedin", "text", false],
			["bluesky", "text", false],
			["website", "text", false],
			["is_admin", "integer", true],
			["disabled", "integer", true],
		];
		for (const [name, type, withDefault] of userColumns) {
			await db.schema
				.alterTable("users")
				.addColumn(name, type, (column) =>
					withDefault ? column.notNull().defaultTo(type === "text" ? "user" : 0) : column,
				)
				.execute();
		}
		// Several NULL emails are allowed by both engines' unique indexes; emails are stored lowercased.
		await db.schema.createIndex("users_by_email").on("users").column("email").unique().execute();

		await db.schema
			.createTable("org_members")
			.addColumn("org_id", "text", (column) => column.notNull())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("role", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("org_members_pk", ["org_id", "user_id"])
			.execute();
		await db.schema.createIndex("org_members_by_user").on("org_members").columns(["user_id", "org_id"]).execute();

		await db.schema
			.createTable("sessions")
			.addColumn("id_hash", "text", (column) => column.primaryKey())
			.addColumn("user_id", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("last_seen_at", "text", (column) => column.notNull())
			.execute();
		await db.schema.createIndex("sessions_by_user").on("sessions").column("user_id").execute();

		await db.schema
			.createTable("sign_in_failures")
			.addColumn("subject", "text", (column) => column.notNull())
			.addColumn("failed_at", "text", (column) => column.notNull())
			.execute();
		await db.schema
			.createIndex("sign_in_failures_by_subject")
			.on("sign_in_failures")
			.columns(["subject", "failed_at"])
			.execute();

		await db.schema.alterTable("access_tokens").addColumn("expires_at", "text").execute();
		await db.schema.alterTable("access_tokens").addColumn("repos", "text").execute();
	},
};
