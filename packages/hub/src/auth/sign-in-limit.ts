/**
 * Slows down password guessing: after `MAX_FAILURES` failed sign-ins within
 * `WINDOW_MS` for one account, or from one client address, further attempts get a
 * 429 until the oldest failure leaves the window. The failures are rows in the
 * database, not memory, so several hubs sharing a database share the count, and a
 * restart does not reset it. An unknown username is counted like a known one, so
 * the limit says nothing about which accounts exist.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

/** The subjects a sign-in attempt is counted under: the account name as typed (lowercased) and the address. */
export function signInSubjects(login: string, address: string): string[] {
	return [`account:${login.toLowerCase()}`, `address:${address}`];
}

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
export async function signInWaitSeconds(db: Kysely<Database>, subjects: string[], now = new Date()): Promise<number> {
	const since = new Date(now.getTime() - WINDOW_MS).toISOString();
	let wait = 0;
	for (const subject of subjects) {
		const failures = await db
			.selectFrom("sign_in_failures")
			.select("failed_at")
			.where("subject", "=", subject)
			.where("failed_at", ">", since)
			.orderBy("failed_at", "desc")
			.limit(MAX_FAILURES)
			.execute();
		const oldest = failures[MAX_FAILURES - 1];
		if (!oldest) continue;
		const freeAt = Date.parse(oldest.failed_at) + WINDOW_MS;
		wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
	}
	return wait;
}

/** Records a failed attempt under each subject, and forgets failures older than the window. */
export async function noteSignInFailure(db: Kysely<Database>, subjects: string[], now = new Date()): Promise<void> {
	const at = now.toISOString();
	await db
		.insertInto("sign_in_failures")
		.values(subjects.map((subject) => ({ subject, failed_at: at })))
		.execute();
	await db
		.deleteFrom("sign_in_failures")
		.where("failed_at", "<=", new Date(now.getTime() - WINDOW_MS).toISOString())
		.execute();
}

/** A successful sign-in clears the account's failures (not the address's: one address may try many accounts). */
export async function clearAccountFailures(db: Kysely<Database>, subjects: string[]): Promise<void> {
	const accounts = subjects.filter((subject) => subject.startsWith("account:"));
	if (accounts.length > 0) await db.deleteFrom("sign_in_failures").where("subject", "in", accounts).execute();
}
