/**
 * When each token was last used, without a database write per request: a use is
 * noted in memory, and the noted times are written in one transaction at most
 * once per `intervalMs` (a minute by default) and when the hub closes. The stored
 * time is therefore up to a minute behind, and uses in the last minute before a
 * crash are lost; it answers "is this token still in use?", not "when exactly".
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";

export interface LastUseRecorder {
	note(tokenId: string, at?: Date): void;
	/** Writes every noted use now. */
	flush(): Promise<void>;
	/** Writes every noted use and stops noting; call before closing the database. */
	close(): Promise<void>;
}

export function lastUseRecorder(
	db: Kysely<Database>,
	options: { intervalMs?: number; logger?: Logger } = {},
): LastUseRecorder {
	const intervalMs = options.intervalMs ?? 60_000;
	/** Token id → ISO time of its latest use not yet written. */
	let noted = new Map<string, string>();
	let timer: NodeJS.Timeout | undefined;
	let closed = false;
	/** Writes run one after another, so close() can wait for all of them. */
	let writing: Promise<void> = Promise.resolve();

	async function write(batch: Map<string, string>): Promise<void> {
		try {
			await db.transaction().execute(async (trx) => {
				for (const [id, at] of batch) {
					// Never move a time backwards: another hub on the same database may have written a later one.
					await trx
						.updateTable("access_tokens")
						.set({ last_used_at: at })
						.where("id", "=", id)
						.where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", at)]))
						.execute();
				}
			});
		} catch (error) {
			options.logger?.warn(`Could not record token last-use times: ${String(error)}`);
			for (const [id, at] of batch) if (!noted.has(id)) noted.set(id, at);
		}
	}

	function flush(): Promise<void> {
		if (timer) clearTimeout(timer);
		timer = undefined;
		const batch = noted;
		noted = new Map();
		if (batch.size > 0) writing = writing.then(() => write(batch));
		return writing;
	}

	return {
		note(tokenId, at = new Date()) {
			if (closed) return;
			noted.set(tokenId, at.toISOString());
			if (timer) return;
			timer = setTimeout(() => void flush(), intervalMs);
			// A pending write never keeps the process alive; close() writes it.
			timer.unref();
		},
		flush,
		async close() {
			closed = true;
			await flush();
		},
	};
}
