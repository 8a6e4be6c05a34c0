/**
 * Who holds a namespace (the `owner` in `owner/name`). Every namespace belongs to an account
 * (a user or an organisation): people hold their own name and their organisations'; the
 * namespaces of repositories the hub itself brings (seeded, imported, mirrored) belong to
 * site-managed organisations (`users.site_managed = 1`) that have no members, so only site
 * admins administer them. Nobody inherits a namespace by signing up under its name: names are
 * compared without case, and a name someone held before the hub claimed it (or that differs
 * from another only in case) is contested (`namespace_conflicts`) until a site admin decides
 * (services/namespace-conflicts.ts); nobody but site admins writes there meanwhile.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import { newObjectId } from "../auth/tokens.js";
import type { Database } from "../db/schema.js";

export type NamespaceRole = "owner" | "admin" | "write" | "read";

/** The one key names are compared under: `Google` and `google` are one name to anyone reading a link. */
export function nameKey(name: string): string {
	return name.toLowerCase();
}

/** Whether `namespace` (any case) is contested: a conflict a site admin has not decided yet. */
export async function isContested(db: Kysely<Database>, namespace: string): Promise<boolean> {
	const row = await db
		.selectFrom("namespace_conflicts")
		.select("name")
		.where("name", "=", nameKey(namespace))
		.where("decision", "is", null)
		.executeTakeFirst();
	return row !== undefined;
}

/**
 * The caller's role in `namespace`: "owner" of their own user name, their membership's role in
 * an organisation, and nothing otherwise (a site-managed organisation has no members to inherit
 * it; a contested namespace gives nobody a role). Site admins' rights are not a role here: the
 * permission checks grant them separately.
 */
export async function namespaceRole(
	db: Kysely<Database>,
	namespace: string,
	caller: Caller | undefined,
): Promise<NamespaceRole | undefined> {
	if (!caller || (await isContested(db, namespace))) return undefined;
	if (namespace === caller.userName) return "owner";
	const membership = await db
		.selectFrom("org_members")
		.innerJoin("users", "users.id", "org_members.org_id")
		.select("org_members.role")
		.where("users.name", "=", namespace)
		.where("users.kind", "=", "org")
		.where("org_members.user_id", "=", caller.userId)
		.executeTakeFirst();
	const role = membership?.role;
	return role === "admin" || role === "write" || role === "read" ? role : undefined;
}

/**
 * Whether `name` is held, without regard to case: by an account or an organisation, or as the
 * namespace of any model or dataset. Sign-up and organisation creation refuse a held name.
 */
export async function nameHeld(db: Kysely<Database>, name: string): Promise<boolean> {
	const key = nameKey(name);
	const account = await db
		.selectFrom("users")
		.select("id")
		.where((eb) => eb(eb.fn("lower", ["name"]), "=", key))
		.executeTakeFirst();
	if (account) return true;
	for (const table of ["models", "datasets"] as const) {
		const repo = await db
			.selectFrom(table)
			.select("id")
			.where((eb) => eb(eb.fn("lower", ["author"]), "=", key))
			.limit(1)
			.executeTakeFirst();
		if (repo) return true;
	}
	return false;
}

/** Adds `namespace` and `accounts` to the conflict on their name, opening it (again) if it was decided. */
export async function recordConflict(
	db: Kysely<Database>,
	conflict: { namespaces: string[]; accounts: string[]; reason: string },
	now = new Date(),
): Promise<void> {
	const name = nameKey(conflict.namespaces[0] ?? conflict.accounts[0] ?? "");
	const existing = await db.selectFrom("namespace_conflicts").selectAll().where("name", "=", name).executeTakeFirst();
	const merge = (stored: string | undefined, added: string[]) =>
		JSON.stringify([...new Set([...(stored ? (JSON.parse(stored) as string[]) : []), ...added])].sort());
	const row = {
		namespaces: merge(existing?.namespaces, conflict.namespaces),
		accounts: merge(existing?.accounts, conflict.accounts),
		reason: conflict.reason,
		decision: null,
		decided_for: null,
		decided_by: null,
		decided_at: null,
	};
	if (existing) {
		await db.updateTable("namespace_conflicts").set(row).where("name", "=", name).execute();
	} else {
		await db
			.insertInto("namespace_conflicts")
			.values({ name, created_at: now.toISOString(), ...row })
			.execute();
	}
}

/** Makes the site-managed organisation `name` (no members); the caller checked that no account holds it. */
export async function insertSiteOrganization(db: Kysely<Database>, name: string, now = new Date()): Promise<void> {
	await db
		.insertInto("users")
		.values({
			id: newObjectId(),
			name,
			fullname: name,
			email: null,
			created_at: now.toISOString(),
			kind: "org",
			site_managed: 1,
		})
		.execute();
}

/**
 * Gives namespaces the hub fills itself (seeding, `hubkit import`, `hubkit mirror`) to the site:
 * a namespace nobody holds becomes a site-managed organisation. One that only differs in case
 * from a held name is recorded as a conflict. One an account holds under exactly that name stays
 * theirs when the operator chose it (`import`, `mirror`), and is a conflict when the hub's own
 * catalogue named it (`contestHeld`: seeding must never hand its repositories to whoever signed
 * up under the name).
 */
export async function claimSiteNamespaces(
	db: Kysely<Database>,
	namespaces: Iterable<string>,
	options: { contestHeld: boolean; now?: Date },
): Promise<void> {
	const wanted = [...new Set(namespaces)];
	// One look-up for the lot: a seed batch names hundreds of namespaces, nearly all already settled.
	const holdersByKey = new Map<string, { name: string; site_managed: number }[]>();
	for (let start = 0; start < wanted.length; start += 500) {
		const keys = [...new Set(wanted.slice(start, start + 500).map(nameKey))];
		const rows = await db
			.selectFrom("users")
			.select(["name", "site_managed"])
			.where((eb) => eb(eb.fn("lower", ["name"]), "in", keys))
			.execute();
		for (const row of rows) holdersByKey.set(nameKey(row.name), [...(holdersByKey.get(nameKey(row.name)) ?? []), row]);
	}
	for (const namespace of wanted) {
		const holders = holdersByKey.get(nameKey(namespace)) ?? [];
		const exact = holders.find((holder) => holder.name === namespace);
		if (exact?.site_managed === 1) continue;
		if (exact && !options.contestHeld) continue;
		if (holders.length === 0) {
			await insertSiteOrganization(db, namespace, options.now);
			holdersByKey.set(nameKey(namespace), [{ name: namespace, site_managed: 1 }]);
			continue;
		}
		await recordConflict(
			db,
			{
				namespaces: [namespace, ...holders.filter((holder) => holder.site_managed === 1).map((holder) => holder.name)],
				accounts: holders.filter((holder) => holder.site_managed !== 1).map((holder) => holder.name),
				reason: exact
					? `The hub's catalogue names ${namespace}, which an account already holds`
					: `${namespace} differs only in case from ${holders.map((holder) => holder.name).join(", ")}`,
			},
			options.now,
		);
	}
}
