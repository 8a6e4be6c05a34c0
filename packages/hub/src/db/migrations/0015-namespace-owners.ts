/**
 * Version 15: every namespace belongs to someone. Namespaces of the hub's own repositories
 * (seeded, imported, mirrored: no account behind them) become site-managed organisations
 * (`users.site_managed = 1`, no members). An account that signed up under such a name after
 * the repositories were there, or names differing only in case, are recorded in
 * `namespace_conflicts` for a site admin to decide (services/namespace-conflicts.ts); nobody is
 * handed the namespace here. Lowercased-name indexes let sign-up ask cheaply whether a name
 * is held by an account or is any repository's namespace.
 */
import { type Kysely, type Migration, sql } from "kysely";
import { newObjectId } from "../../auth/tokens.js";

/** The tables as this migration finds them (the schema may change later; this file must not). */
interface Tables {
	users: {
		id: string;
		name: string;
		fullname: string;
		email: string | null;
		created_at: string;
		kind: string;
		site_managed: number;
	};
	models: { author: string; created_at: string; owner: string | null };
	datasets: { author: string; created_at: string; owner: string | null };
	namespace_conflicts: {
		name: string;
		namespaces: string;
		accounts: string;
		reason: string;
		created_at: string;
		decision: string | null;
		decided_for: string | null;
		decided_by: string | null;
		decided_at: string | null;
	};
}

/** Why the names under one key cannot simply become a site organisation, or undefined. */
function conflictReason(
	spellings: string[],
	firstRepoAt: Map<string, string>,
	holders: { name: string; created_at: string }[],
): string | undefined {
	const claimed = holders.filter((holder) => {
		const first = firstRepoAt.get(holder.name);
		return first !== undefined && holder.created_at > first;
	});
	if (claimed.length > 0) {
		return `${claimed.map((holder) => holder.name).join(", ")} signed up after repositories were in the namespace`;
	}
	const unheld = spellings.filter((spelling) => !holders.some((holder) => holder.name === spelling));
	if (unheld.length === 0) return undefined;
	if (unheld.length === 1 && holders.length === 0) return undefined;
	return `Names that differ only in case: ${[...spellings, ...holders.map((holder) => holder.name)].join(", ")}`;
}

export const namespaceOwnersMigration: Migration = {
	async up(schemaDb: Kysely<unknown>) {
		await schemaDb.schema
			.alterTable("users")
			.addColumn("site_managed", "integer", (column) => column.notNull().defaultTo(0))
			.execute();
		await schemaDb.schema
			.createTable("namespace_conflicts")
			.addColumn("name", "text", (column) => column.primaryKey())
			.addColumn("namespaces", "text", (column) => column.notNull())
			.addColumn("accounts", "text", (column) => column.notNull())
			.addColumn("reason", "text", (column) => column.notNull())
			.addColumn("created_at", "text", (column) => column.notNull())
			.addColumn("decision", "text")
			.addColumn("decided_for", "text")
			.addColumn("decided_by", "text")
			.addColumn("decided_at", "text")
			.execute();
		for (const [table, column] of [
			["models", "author"],
			["datasets", "author"],
			["users", "name"],
		] as const) {
			await schemaDb.schema
				.createIndex(`${table}_by_lower_${column}`)
				.on(table)
				.expression(sql`lower(${sql.ref(column)})`)
				.execute();
		}

		const db = schemaDb as unknown as Kysely<Tables>;
		const now = new Date().toISOString();
		// Every namespace in use and when its first repository appeared.
		const firstRepoAt = new Map<string, string>();
		for (const table of ["models", "datasets"] as const) {
			const rows = await db
				.selectFrom(table)
				.select((eb) => ["author", eb.fn.min<string>("created_at").as("first")])
				.groupBy("author")
				.execute();
			for (const row of rows) {
				const known = firstRepoAt.get(row.author);
				if (known === undefined || row.first < known) firstRepoAt.set(row.author, row.first);
			}
		}
		const accounts = await db.selectFrom("users").select(["name", "created_at"]).execute();
		const spellingsByKey = new Map<string, string[]>();
		for (const author of firstRepoAt.keys()) {
			const key = author.toLowerCase();
			spellingsByKey.set(key, [...(spellingsByKey.get(key) ?? []), author]);
		}
		const holdersByKey = new Map<string, { name: string; created_at: string }[]>();
		for (const account of accounts) {
			const key = account.name.toLowerCase();
			if (spellingsByKey.has(key)) holdersByKey.set(key, [...(holdersByKey.get(key) ?? []), account]);
		}

		const siteNamespaces: string[] = [];
		for (const [key, spellings] of spellingsByKey) {
			const holders = holdersByKey.get(key) ?? [];
			const reason = conflictReason(spellings, firstRepoAt, holders);
			if (reason) {
				await db
					.insertInto("namespace_conflicts")
					.values({
						name: key,
						namespaces: JSON.stringify([...spellings].sort()),
						accounts: JSON.stringify(holders.map((holder) => holder.name).sort()),
						reason,
						created_at: now,
						decision: null,
						decided_for: null,
						decided_by: null,
						decided_at: null,
					})
					.execute();
			} else if (holders.length === 0 && spellings[0] !== undefined) {
				siteNamespaces.push(spellings[0]);
			}
		}
		for (const name of siteNamespaces) {
			await db
				.insertInto("users")
				.values({ id: newObjectId(), name, fullname: name, email: null, created_at: now, kind: "org", site_managed: 1 })
				.execute();
		}
		// The site organisations own their repositories (seeded datasets had no owner recorded).
		for (let start = 0; start < siteNamespaces.length; start += 500) {
			const batch = siteNamespaces.slice(start, start + 500);
			for (const table of ["models", "datasets"] as const) {
				await db
					.updateTable(table)
					.set((eb) => ({ owner: eb.ref("author") }))
					.where("author", "in", batch)
					.where("owner", "is", null)
					.execute();
			}
		}
	},
};
