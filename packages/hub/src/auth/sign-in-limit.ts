/**
 * Slows down password guessing without handing anyone a way to lock an owner out. Failed
 * sign-ins are counted under two subjects, each with its own limit over `WINDOW_MS`:
 *
 * - one account from one client address (`pair:`): `PAIR_MAX_FAILURES`. Someone guessing one
 *   person's password from one place waits; the owner signing in from anywhere else does not.
 * - one client address, whatever the account (`address:`): `ADDRESS_MAX_FAILURES`, higher, since
 *   an office or a carrier puts many people behind one address; it stops one place trying many
 *   accounts (credential stuffing).
 *
 * There is deliberately no limit per account across addresses: it would let anyone lock the
 * owner out by failing on purpose. Guessing from many addresses is slowed by each address's own
 * limits and by scrypt's cost, one hash at a time per hub (auth/hashing-queue.ts). The failures
 * are rows in the database, so hubs sharing one share the count and a restart does not reset
 * it. An unknown username is counted like a known one, so the limits say nothing about which
 * accounts exist.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export const PAIR_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const WINDOW_MS = 15 * 60_000;

export interface SignInSubject {
	subject: string;
	limit: number;
}

/** What a sign-in attempt is counted under: the account name as typed (lowercased) from this address, and the address. */
export function signInSubjects(login: string, address: string): SignInSubject[] {
	return [
		{ subject: `pair:${address}|${login.toLowerCase()}`, limit: PAIR_MAX_FAILURES },
		{ subject: `address:${address}`, limit: ADDRESS_MAX_FAILURES },
	];
}

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
export async function signInWaitSeconds(
	db: Kysely<Database>,
	subjects: SignInSubject[],
	now = new Date(),
): Promise<number> {
	const since = new Date(now.getTime() - WINDOW_MS).toISOString();
	let wait = 0;
	for (const { subject, limit } of subjects) {
		const failures = await db
			.selectFrom("sign_in_failures")
			.select("failed_at")
			.where("subject", "=", subject)
			.where("failed_at", ">", since)
			.orderBy("failed_at", "desc")
			.limit(limit)
			.execute();
		const oldest = failures[limit - 1];
		if (!oldest) continue;
		const freeAt = Date.parse(oldest.failed_at) + WINDOW_MS;
		wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
	}
	return wait;
}

/** Records a failed attempt under each subject, and forgets failures older than the window. */
export async function noteSignInFailure(
	db: Kysely<Database>,
	subjects: SignInSubject[],
	now = new Date(),
): Promise<void> {
	const at = now.toISOString();
	await db
		.insertInto("sign_in_failures")
		.values(subjects.map(({ subject }) => ({ subject, failed_at: at })))
		.execute();
	await db
		.deleteFrom("sign_in_failures")
		.where("failed_at", "<=", new Date(now.getTime() - WINDOW_MS).toISOString())
		.execute();
}

/** A successful sign-in clears that account's failures from that address (not the address's: it may try many accounts). */
export async function clearAccountFailures(db: Kysely<Database>, subjects: SignInSubject[]): Promise<void> {
	const pairs = subjects.filter(({ subject }) => subject.startsWith("pair:")).map(({ subject }) => subject);
	if (pairs.length > 0) await db.deleteFrom("sign_in_failures").where("subject", "in", pairs).execute();
}
