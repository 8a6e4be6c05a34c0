/**
 * How many models a listing matches, for `X-Total-Count`, counted only while it
 * stays cheap: at most `cap` + 1 matching rows are read (the filters' indexes,
 * no sort), so a listing over a million models never pays for an exact count.
 * Above the cap the answer is "at least cap". A search is not counted: a common
 * term can match most of the catalogue, and counting its matches would cost
 * what the probe in model-list.ts exists to avoid.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { filtered, visibleTo } from "./model-list.js";
import type { ModelListQuery } from "./model-list-query.js";

/** Past this many matches a listing says "10,000+" rather than counting on. */
export const TOTAL_COUNT_CAP = 10_000;

export type ModelCount = { exact: number } | { atLeast: number };

export async function countModels(
	db: Kysely<Database>,
	query: ModelListQuery,
	caller: Caller | undefined,
	cap = TOTAL_COUNT_CAP,
): Promise<ModelCount | undefined> {
	if (query.search !== undefined) return undefined;
	const matching = filtered(db, query, undefined, "all")
		.select("models.id")
		.where(visibleTo(caller))
		.limit(cap + 1);
	const row = await db
		.selectFrom(matching.as("matching"))
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	const count = Number(row.count);
	return count > cap ? { atLeast: cap } : { exact: count };
}
