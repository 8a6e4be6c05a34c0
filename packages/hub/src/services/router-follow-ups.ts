/**
 * The router's follow-up bindings in the hub's database, so every hub on one
 * database agrees on who started which provider request. Rows older than the
 * lifetime are ignored on read and pruned now and then on write.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { FOLLOW_UP_LIFETIME_MS, type FollowUpStore } from "../router/follow-ups.js";

/** Pruning runs at most this often per hub: a cheap indexed delete, not one per call. */
const PRUNE_EVERY_MS = 60_000;

export function databaseFollowUps(
	db: Kysely<Database>,
	lifetimeMs = FOLLOW_UP_LIFETIME_MS,
	now: () => number = Date.now,
): FollowUpStore {
	let lastPrune = 0;
	const cutoff = () => new Date(now() - lifetimeMs).toISOString();
	return {
		async remember(provider, ids, user) {
			if (ids.length === 0) return;
			const createdAt = new Date(now()).toISOString();
			const rows = ids.map((id) => ({ provider, request_id: id, user_name: user, created_at: createdAt }));
			// An id already taken stays with whoever had it first.
			await db
				.insertInto("router_follow_ups")
				.values(rows)
				.onConflict((conflict) => conflict.columns(["provider", "request_id"]).doNothing())
				.execute();
			if (now() - lastPrune > PRUNE_EVERY_MS) {
				lastPrune = now();
				await db.deleteFrom("router_follow_ups").where("created_at", "<", cutoff()).execute();
			}
		},
		async owns(provider, id, user) {
			const row = await db
				.selectFrom("router_follow_ups")
				.select("user_name")
				.where("provider", "=", provider)
				.where("request_id", "=", id)
				.where("created_at", ">=", cutoff())
				.executeTakeFirst();
			return row?.user_name === user;
		},
	};
}
