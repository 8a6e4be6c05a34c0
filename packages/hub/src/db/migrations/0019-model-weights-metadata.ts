/**
 * Version 19: what a model's weight files say about themselves (services/weights-metadata.ts),
 * stored when `main` moves so that a listing with `expand=safetensors,gguf` is a read:
 * `models.safetensors` (parameters per dtype and their total) and `models.gguf` (architecture,
 * context length, chat template, special tokens, parameter count, quantisation), JSON or null.
 * A migration has no blob store to read headers from: models already stored get them once on the
 * next start (services/weights-backfill.ts), or at their next commit to `main`.
 */
import type { Kysely, Migration } from "kysely";

export const modelWeightsMetadataMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("models").addColumn("safetensors", "text").execute();
		await db.schema.alterTable("models").addColumn("gguf", "text").execute();
	},
};
