/**
 * Vitest global set-up for the hub project: one real PostgreSQL server for the
 * whole run, shared by every worker (each test gets its own database on it, see
 * engines.ts). Starting it costs about a second; once per test file would cost
 * that for each of the ~80 files, since Vitest runs every file in a fresh module scope.
 */
import type { TestProject } from "vitest/node";
import { testPostgresKind } from "./postgres-kind.js";
import { startPostgresServer } from "./postgres-server.js";

export default async function setup(project: TestProject): Promise<() => void> {
	if (testPostgresKind() === "pglite") {
		project.provide("postgresAdminUrl", "");
		return () => undefined;
	}
	const server = await startPostgresServer();
	// The teardown below runs when the tests end, failed or not; this covers a run that exits early.
	const stopOnExit = () => server.stop();
	process.once("exit", stopOnExit);
	project.provide("postgresAdminUrl", server.adminUrl);
	return () => {
		process.off("exit", stopOnExit);
		server.stop();
	};
}
