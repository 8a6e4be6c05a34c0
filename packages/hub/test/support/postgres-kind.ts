/**
 * Which PostgreSQL the suites' "postgres" engine is: the real server (the default, and CI's),
 * or `HUBKIT_TEST_PG=pglite` for PGlite in the test process (quicker to start, one query at a time).
 */
export function testPostgresKind(env: NodeJS.ProcessEnv = process.env): "server" | "pglite" {
	const value = env.HUBKIT_TEST_PG ?? "server";
	if (value === "server" || value === "pglite") return value;
	throw new Error(`HUBKIT_TEST_PG must be "server" (the default) or "pglite", not "${value}"`);
}
