/**
 * What a hub administrator (`users.is_admin`) does from the `/admin` page: list
 * people, disable or re-enable them, grant or take the admin right, set a new
 * password. Disabling and a new password end the person's sessions. An admin
 * cannot take their own admin right or disable themselves, so the hub never
 * loses its last administrator by a slip.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import { requireSiteAdmin } from "../auth/permissions.js";
import { deleteUserSessions } from "../auth/sessions.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { resetPassword } from "./accounts.js";

export const MAX_ADMIN_LIST = 200;

/** The caller, when the rule (auth/permissions.ts) lets them administer the site. */
export function requireHubAdmin(caller: Caller | undefined): Caller {
	return requireSiteAdmin(caller);
}

const ROW_COLUMNS = ["name", "email", "fullname", "is_admin", "disabled", "created_at"] as const;

interface UserRowForAdmin {
	name: string;
	email: string | null;
	fullname: string;
	is_admin: number;
	disabled: number;
	created_at: string;
}

function adminRow(row: UserRowForAdmin) {
	return {
		name: row.name,
		email: row.email,
		fullname: row.fullname,
		isAdmin: row.is_admin === 1,
		disabled: row.disabled === 1,
		createdAt: row.created_at,
	};
}

/** People (not organisations) by name; `search` matches a part of the name, email or full name, any case. */
export async function adminListUsers(db: Kysely<Database>, search: string | undefined, limit: number) {
	let query = db.selectFrom("users").select(ROW_COLUMNS).where("kind", "=", "user");
	const term = search?.trim().toLowerCase();
	if (term) {
		// `%` and `_` in a search act as wildcards: harmless in an administrator's own search box.
		const pattern = `%${term}%`;
		query = query.where((eb) =>
			eb.or(
				(["name", "email", "fullname"] as const).map((column) => eb(eb.fn("lower", [column]), "like", eb.val(pattern))),
			),
		);
	}
	const rows = await query.orderBy("name").limit(limit).execute();
	return rows.map(adminRow);
}

/** `PATCH /api/admin/users/{name}`: the changed row. */
export async function adminUpdateUser(
	db: Kysely<Database>,
	caller: Caller,
	name: string,
	changes: { disabled?: boolean; isAdmin?: boolean },
) {
	const user = await db
		.selectFrom("users")
		.select(["id", ...ROW_COLUMNS])
		.where("name", "=", name)
		.where("kind", "=", "user")
		.executeTakeFirst();
	if (!user) throw notFound(`No user named ${JSON.stringify(name)}`);
	if (user.id === caller.userId && (changes.disabled === true || changes.isAdmin === false)) {
		throw new HubError(409, "An administrator cannot disable themselves or give up their own admin right");
	}
	const set: { disabled?: number; is_admin?: number } = {};
	if (changes.disabled !== undefined) set.disabled = changes.disabled ? 1 : 0;
	if (changes.isAdmin !== undefined) set.is_admin = changes.isAdmin ? 1 : 0;
	if (Object.keys(set).length === 0) throw badRequest("Nothing to change: send disabled and/or isAdmin (booleans)");
	await db.updateTable("users").set(set).where("id", "=", user.id).execute();
	if (changes.disabled === true) await deleteUserSessions(db, user.id);
	return adminRow({ ...user, ...set });
}

/** `POST /api/admin/users/{name}/password`: a new password; every session of the user ends. */
export async function adminResetPassword(db: Kysely<Database>, name: string, password: string): Promise<void> {
	await resetPassword(db, name, password);
}
