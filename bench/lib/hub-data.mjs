/**
 * A hub data directory made ready before `hubkit serve` opens it: migrated, with a write token
 * for the user `bench` (the account is made with it). Reads the built hub (`npm run build`).
 */
const HUB = new URL("../../packages/hub/dist/", import.meta.url);

/** Migrates `dataDir`'s database, makes the `bench` account, runs `prepare` on it (seeding, say), and returns a write token for `bench`. */
export async function prepareHubData(dataDir, prepare = async () => {}) {
	const { loadConfig } = await import(new URL("config.js", HUB).href);
	const { openDatabase } = await import(new URL("db/open.js", HUB).href);
	const { migrateToLatest } = await import(new URL("db/migrate.js", HUB).href);
	const { createAccessToken } = await import(new URL("auth/tokens.js", HUB).href);
	const database = openDatabase(loadConfig({ dataDir }, {}));
	try {
		await migrateToLatest(database.db, database.engine);
		// The account first: a seeded repository's author is otherwise made an organisation.
		const { token } = await createAccessToken(database.db, "bench", { role: "write" });
		await prepare(database.db);
		return token;
	} finally {
		await database.close();
	}
}
