import { defineProject } from "vitest/config";

export default defineProject({
	test: {
		name: "hub",
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
		testTimeout: 60_000,
		hookTimeout: 120_000,
		// One real PostgreSQL server for the run (HUBKIT_TEST_PG=pglite: none, PGlite per test instead).
		globalSetup: ["test/support/postgres-global-setup.ts"],
	},
});
