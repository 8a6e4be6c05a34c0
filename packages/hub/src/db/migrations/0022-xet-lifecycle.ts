/**
 * Version 22: what gc and the storage quota need to know of Xet objects (services/xet-store.ts).
 * `xet_xorbs.namespace` is the namespace whose write token uploaded the xorb (charged for it
 * until a shard names it; null for xorbs stored before this version); `xet_xorbs.offered_at` is
 * when a dedupe answer last named it (gc keeps it while clients may still reference it from that
 * answer). `xet_file_xorbs` says which
 * xorbs each file of `xet_files` is made of, so gc and the quota find a xorb's files without
 * reading every file's terms; it is filled here for the files stored before.
 */
import type { Kysely, Migration } from "kysely";

interface FileRow {
	file_hash: string;
	terms: string;
}

export const xetLifecycleMigration: Migration = {
	async up(db: Kysely<unknown>) {
		await db.schema.alterTable("xet_xorbs").addColumn("namespace", "text").execute();
		await db.schema.alterTable("xet_xorbs").addColumn("offered_at", "text").execute();
		await db.schema
			.createTable("xet_file_xorbs")
			.addColumn("file_hash", "text", (column) => column.notNull())
			.addColumn("xorb_hash", "text", (column) => column.notNull())
			.addPrimaryKeyConstraint("xet_file_xorbs_pk", ["file_hash", "xorb_hash"])
			.execute();
		await db.schema.createIndex("xet_file_xorbs_by_xorb").on("xet_file_xorbs").column("xorb_hash").execute();
		const typed = db as unknown as Kysely<{
			xet_files: FileRow;
			xet_file_xorbs: { file_hash: string; xorb_hash: string };
		}>;
		const files = await typed.selectFrom("xet_files").select(["file_hash", "terms"]).execute();
		for (const file of files) {
			const xorbs = new Set((JSON.parse(file.terms) as [string][]).map(([xorbHash]) => xorbHash));
			if (xorbs.size === 0) continue;
			await typed
				.insertInto("xet_file_xorbs")
				.values([...xorbs].map((xorbHash) => ({ file_hash: file.file_hash, xorb_hash: xorbHash })))
				.execute();
		}
	},
};
