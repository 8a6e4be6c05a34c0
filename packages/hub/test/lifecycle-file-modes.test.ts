/**
 * The data directory and everything the hub writes into it are private to the
 * hub's user: directories 0700, files 0600 (the SQLite file and its -wal and
 * -shm included), whatever the process umask lets through by default.
 */
import { mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningHub, startHub } from "../src/server.js";
import { linesLogger } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

/** Every path under `root` (itself included) with its permission bits, as octal text. */
function modes(root: string): Map<string, string> {
	const found = new Map<string, string>();
	const visit = (path: string) => {
		const stats = statSync(path);
		found.set(path, (stats.mode & 0o777).toString(8));
		if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
	};
	visit(root);
	return found;
}

describe.each(ENGINES)("data directory modes on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let running: RunningHub | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
		await testDb?.cleanup();
	});

	it("creates the data directory 0700 and every file in it 0600", async () => {
		testDb = await startTestDatabase(engine);
		const dataDir = join(testDb.config.dataDir, "new", "hub-data");
		running = await startHub({ ...testDb.config, dataDir, port: 0 }, linesLogger());
		// The first start seeds the sample catalogue: blobs, and SQLite writes through its WAL.
		const found = modes(dataDir);
		const files = [...found].filter(([path]) => statSync(path).isFile());
		const directories = [...found].filter(([path]) => statSync(path).isDirectory());
		expect(files.length).toBeGreaterThan(10);
		if (engine === "sqlite") {
			expect(files.map(([path]) => path)).toEqual(
				expect.arrayContaining(["hub.sqlite", "hub.sqlite-wal", "hub.sqlite-shm"].map((name) => join(dataDir, name))),
			);
		}
		expect(directories.map(([path]) => path)).toEqual(expect.arrayContaining([dataDir, join(dataDir, "blobs")]));
		expect(files.filter(([, mode]) => mode !== "600")).toEqual([]);
		expect(directories.filter(([, mode]) => mode !== "700")).toEqual([]);
	});

	it("says so when an existing data directory is open to other users, and leaves its mode alone", async () => {
		testDb = await startTestDatabase(engine);
		const dataDir = join(testDb.config.dataDir, "shared");
		mkdirSync(dataDir, { mode: 0o755 });
		const log = linesLogger();
		running = await startHub({ ...testDb.config, dataDir, port: 0 }, log);
		expect(log.lines).toContain(
			`The data directory ${dataDir} is open to other users (mode 755); \`chmod 700\` it to keep them out`,
		);
		expect((statSync(dataDir).mode & 0o777).toString(8)).toBe("755");
	});
});
