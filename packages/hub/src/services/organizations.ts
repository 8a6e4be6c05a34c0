/**
 * Organisations: rows of `users` with `kind = 'org'` (one namespace with users),
 * and memberships with a role: `read`, `write` or `admin`. Only an organisation's
 * admins change its members, and its last admin cannot leave or be demoted, so an
 * organisation always has someone who can manage it.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import { namespaceRole, requireAccount, requireAllowed } from "../auth/permissions.js";
import { newObjectId } from "../auth/tokens.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { ownerNameProblem } from "../ids.js";
import { nameTaken } from "./accounts.js";
import { nameHeld } from "./namespaces.js";

export const ORG_ROLES = ["read", "write", "admin"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export function isOrgRole(value: unknown): value is OrgRole {
	return typeof value === "string" && (ORG_ROLES as readonly string[]).includes(value);
}

export interface OrgMembership {
	id: string;
	name: string;
	fullname: string;
	role: OrgRole;
	/** The uploaded avatar's blob, or null for the generated one. */
	avatarSha256?: string | null;
}

/** Makes an organisation whose first admin is the caller (the rule's `account` action). */
export async function createOrganization(
	db: Kysely<Database>,
	callerOrNone: Caller | undefined,
	input: { name: string; fullname?: string },
	now = new Date(),
): Promise<OrgMembership> {
	const caller = requireAccount(callerOrNone, "account");
	const problem = ownerNameProblem(input.name);
	if (problem) throw badRequest(`Invalid organization name: ${problem}`);
	const fullname = input.fullname?.trim() || input.name;
	if (fullname.length > 100) throw badRequest("A full name has at most 100 characters");
	const id = newObjectId();
	const at = now.toISOString();
	await db.transaction().execute(async (trx) => {
		if (await nameHeld(trx, input.name)) throw nameTaken(input.name);
		await trx
			.insertInto("users")
			.values({ id, name: input.name, fullname, email: null, created_at: at, kind: "org" })
			.execute();
		await trx
			.insertInto("org_members")
			.values({ org_id: id, user_id: caller.userId, role: "admin", created_at: at })
			.execute();
	});
	return { id, name: input.name, fullname, role: "admin" };
}

/** The organisations a user belongs to, with their role in each (whoami-v2's `orgs`). */
export async function organizationsOf(db: Kysely<Database>, userId: string): Promise<OrgMembership[]> {
	const rows = await db
		.selectFrom("org_members")
		.innerJoin("users", "users.id", "org_members.org_id")
		.select(["users.id", "users.name", "users.fullname", "users.avatar_sha256", "org_members.role"])
		.where("org_members.user_id", "=", userId)
		.orderBy("users.name")
		.execute();
	return rows.map(({ avatar_sha256, ...row }) => ({ ...row, role: row.role as OrgRole, avatarSha256: avatar_sha256 }));
}

export async function orgId(db: Kysely<Database>, name: string): Promise<string> {
	const org = await db
		.selectFrom("users")
		.select("id")
		.where("name", "=", name)
		.where("kind", "=", "org")
		.executeTakeFirst();
	if (!org) throw notFound(`No organization named ${JSON.stringify(name)}`);
	return org.id;
}

async function roleIn(db: Kysely<Database>, org: string, userId: string): Promise<OrgRole | undefined> {
	const row = await db
		.selectFrom("org_members")
		.select("role")
		.where("org_id", "=", org)
		.where("user_id", "=", userId)
		.executeTakeFirst();
	return row?.role as OrgRole | undefined;
}

/**
 * The organisation's id when the rule (auth/permissions.ts) lets the caller `read` it (list its
 * members) or `admin` it (members, settings, avatar). Non-members get a 404, as for an
 * organisation that does not exist; members without the admin role a 403.
 */
export async function requireOrganization(
	db: Kysely<Database>,
	caller: Caller | undefined,
	action: "read" | "admin",
	orgName: string,
): Promise<string> {
	requireAllowed(caller, action, {
		kind: "organization",
		name: orgName,
		role: await namespaceRole(db, orgName, caller),
	});
	return await orgId(db, orgName);
}

/** The members, for the organisation's members (and site admins). */
export async function listMembers(db: Kysely<Database>, caller: Caller | undefined, orgName: string) {
	const org = await requireOrganization(db, caller, "read", orgName);
	const rows = await db
		.selectFrom("org_members")
		.innerJoin("users", "users.id", "org_members.user_id")
		.select(["users.name", "users.fullname", "org_members.role", "org_members.created_at"])
		.where("org_members.org_id", "=", org)
		.orderBy("users.name")
		.execute();
	return rows.map((row) => ({ name: row.name, fullname: row.fullname, role: row.role, since: row.created_at }));
}

export async function adminCount(db: Kysely<Database>, org: string): Promise<number> {
	const row = await db
		.selectFrom("org_members")
		.select((eb) => eb.fn.countAll<number>().as("count"))
		.where("org_id", "=", org)
		.where("role", "=", "admin")
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

function lastAdmin(orgName: string): HubError {
	return new HubError(409, `The last admin of ${orgName} cannot leave it or give up the admin role`);
}

/** Adds a member or changes their role (admins only). */
export async function setMember(
	db: Kysely<Database>,
	caller: Caller | undefined,
	orgName: string,
	userName: string,
	role: OrgRole,
	now = new Date(),
): Promise<void> {
	const org = await requireOrganization(db, caller, "admin", orgName);
	const user = await db
		.selectFrom("users")
		.select("id")
		.where("name", "=", userName)
		.where("kind", "=", "user")
		.executeTakeFirst();
	if (!user) throw notFound(`No user named ${JSON.stringify(userName)}`);
	const current = await roleIn(db, org, user.id);
	if (current === "admin" && role !== "admin" && (await adminCount(db, org)) <= 1) throw lastAdmin(orgName);
	if (current) {
		await db
			.updateTable("org_members")
			.set({ role })
			.where("org_id", "=", org)
			.where("user_id", "=", user.id)
			.execute();
	} else {
		await db
			.insertInto("org_members")
			.values({ org_id: org, user_id: user.id, role, created_at: now.toISOString() })
			.execute();
	}
}

/** Removes a member (admins only; the last admin stays). */
export async function removeMember(
	db: Kysely<Database>,
	caller: Caller | undefined,
	orgName: string,
	userName: string,
) {
	const org = await requireOrganization(db, caller, "admin", orgName);
	const user = await db.selectFrom("users").select("id").where("name", "=", userName).executeTakeFirst();
	const current = user ? await roleIn(db, org, user.id) : undefined;
	if (!user || !current) throw notFound(`${userName} is not a member of ${orgName}`);
	if (current === "admin" && (await adminCount(db, org)) <= 1) throw lastAdmin(orgName);
	await db.deleteFrom("org_members").where("org_id", "=", org).where("user_id", "=", user.id).execute();
}
