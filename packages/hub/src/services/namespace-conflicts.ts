/**
 * A site admin's decisions on contested names (services/namespaces.ts), from `hubkit namespaces`
 * and the admin page. `grant` hands the namespace to the account spelled exactly like it;
 * `keep` leaves it to the site: its spellings become site-managed organisations, and an account
 * spelled exactly like one of them is renamed first (it cannot share the name). Either way the
 * conflict is closed, and whoever holds each spelling writes there from then on.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { ownerNameProblem } from "../ids.js";
import { nameTaken } from "./accounts.js";
import { insertSiteOrganization, nameHeld, nameKey } from "./namespaces.js";

export interface NamespaceConflict {
	/** The name, lowercased. */
	name: string;
	/** The repositories' namespaces as spelled. */
	namespaces: string[];
	/** The accounts whose names collide. */
	accounts: string[];
	reason: string;
	createdAt: string;
	decision: "granted" | "kept" | null;
	decidedFor: string | null;
	decidedBy: string | null;
	decidedAt: string | null;
}

type ConflictRow = Awaited<ReturnType<typeof conflictRows>>[number];

function conflictRows(db: Kysely<Database>, name?: string) {
	let query = db.selectFrom("namespace_conflicts").selectAll();
	if (name !== undefined) query = query.where("name", "=", nameKey(name));
	return query.orderBy("name").execute();
}

function toConflict(row: ConflictRow): NamespaceConflict {
	return {
		name: row.name,
		namespaces: JSON.parse(row.namespaces) as string[],
		accounts: JSON.parse(row.accounts) as string[],
		reason: row.reason,
		createdAt: row.created_at,
		decision: row.decision === "granted" || row.decision === "kept" ? row.decision : null,
		decidedFor: row.decided_for,
		decidedBy: row.decided_by,
		decidedAt: row.decided_at,
	};
}

/** The conflicts still to decide (all of them, decided too, with `all`), by name. */
export async function listNamespaceConflicts(
	db: Kysely<Database>,
	options: { all?: boolean } = {},
): Promise<NamespaceConflict[]> {
	const rows = await conflictRows(db);
	return rows.map(toConflict).filter((conflict) => options.all || conflict.decision === null);
}

async function openConflict(db: Kysely<Database>, name: string): Promise<NamespaceConflict> {
	const row = (await conflictRows(db, name))[0];
	if (!row || row.decision !== null) {
		throw notFound(`No undecided conflict on the name ${JSON.stringify(name)}`);
	}
	return toConflict(row);
}

/** Site organisations for the spellings nobody holds exactly. */
async function settleSpellings(db: Kysely<Database>, namespaces: string[], now: Date): Promise<void> {
	for (const namespace of namespaces) {
		const held = await db.selectFrom("users").select("id").where("name", "=", namespace).executeTakeFirst();
		if (!held) await insertSiteOrganization(db, namespace, now);
	}
}

async function close(
	db: Kysely<Database>,
	name: string,
	decision: { decision: "granted" | "kept"; decidedFor: string | null; decidedBy: string | null },
	now: Date,
): Promise<NamespaceConflict> {
	await db
		.updateTable("namespace_conflicts")
		.set({
			decision: decision.decision,
			decided_for: decision.decidedFor,
			decided_by: decision.decidedBy,
			decided_at: now.toISOString(),
		})
		.where("name", "=", nameKey(name))
		.execute();
	return toConflict((await conflictRows(db, name))[0] as ConflictRow);
}

/**
 * `grant NAME ACCOUNT`: the account spelled exactly like one of the conflict's namespaces gets it
 * (and owns its repositories); other spellings nobody holds become site organisations.
 */
export async function grantNamespace(
	db: Kysely<Database>,
	name: string,
	account: string,
	decidedBy: string | null,
	now = new Date(),
): Promise<NamespaceConflict> {
	return await db.transaction().execute(async (trx) => {
		const conflict = await openConflict(trx, name);
		if (!conflict.accounts.includes(account)) {
			throw badRequest(`${account} is not one of the accounts in this conflict: ${conflict.accounts.join(", ")}`);
		}
		if (!conflict.namespaces.includes(account)) {
			throw new HubError(
				409,
				`${account} is not spelled like the namespace (${conflict.namespaces.join(", ")}): keep the namespace for the site, or move its repositories first`,
			);
		}
		for (const table of ["models", "datasets"] as const) {
			await trx.updateTable(table).set({ owner: account }).where("author", "=", account).execute();
		}
		await settleSpellings(
			trx,
			conflict.namespaces.filter((namespace) => namespace !== account),
			now,
		);
		return await close(trx, name, { decision: "granted", decidedFor: account, decidedBy }, now);
	});
}

/**
 * `keep NAME [--rename-account NEW]`: the site keeps every spelling of the namespace. An account
 * spelled exactly like one must take another name (`renameAccount`), which follows the rules of
 * sign-up; its sessions and tokens stay valid, since they name the account by id.
 */
export async function keepNamespace(
	db: Kysely<Database>,
	name: string,
	options: { renameAccount?: string; decidedBy: string | null },
	now = new Date(),
): Promise<NamespaceConflict> {
	return await db.transaction().execute(async (trx) => {
		const conflict = await openConflict(trx, name);
		const exact = conflict.accounts.filter((account) => conflict.namespaces.includes(account));
		const [holder, ...others] = exact;
		if (others.length > 0) throw badRequest(`Several accounts hold spellings of ${name}: ${exact.join(", ")}`);
		if (holder !== undefined) {
			const newName = options.renameAccount;
			if (newName === undefined) {
				throw badRequest(`The account ${holder} has the namespace's exact name: give it another (rename-account)`);
			}
			const problem = ownerNameProblem(newName);
			if (problem) throw badRequest(`Invalid account name: ${problem}`);
			if (await nameHeld(trx, newName)) throw nameTaken(newName);
			await trx.updateTable("users").set({ name: newName }).where("name", "=", holder).execute();
		} else if (options.renameAccount !== undefined) {
			throw badRequest(`No account has the namespace's exact name: nothing to rename`);
		}
		await settleSpellings(trx, conflict.namespaces, now);
		for (const table of ["models", "datasets"] as const) {
			await trx
				.updateTable(table)
				.set((eb) => ({ owner: eb.ref("author") }))
				.where("author", "in", conflict.namespaces)
				.execute();
		}
		return await close(trx, name, { decision: "kept", decidedFor: null, decidedBy: options.decidedBy }, now);
	});
}
