/**
 * Model info is answered from a cache for public models: a counted download
 * shows at once, a write by another process (another connection to the SQLite
 * file) shows soon after, and a private model is never served from it to a
 * caller who may not see it.
 */
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { SQLITE_FILE_NAME } from "../src/db/open.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

describe("model info cache", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let ownerToken: string;

	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		await loadSeedOwnedBy(hub.deps, ["fay"], [seedModel("acme/counted"), seedModel("fay/secret", { private: true })]);
		ownerToken = (await createAccessToken(hub.deps.db, "fay")).token;
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	const downloads = async () =>
		((await (await fetch(`${server.url}/api/models/acme/counted`)).json()) as { downloads: number }).downloads;

	it("a counted download shows in the next answer", async () => {
		const before = await downloads();
		expect(await downloads()).toBe(before);
		const file = await fetch(`${server.url}/acme/counted/resolve/main/config.json`);
		expect(file.status).toBe(200);
		await file.arrayBuffer();
		expect(await downloads()).toBe(before + 1);
	});

	it("a write by another connection to the database shows within moments", async () => {
		const before = await downloads();
		expect(await downloads()).toBe(before);
		const outside = new SQLite(join(testDb.config.dataDir, SQLITE_FILE_NAME));
		try {
			outside.prepare("UPDATE models SET downloads = downloads + 100 WHERE id = ?").run("acme/counted");
		} finally {
			outside.close();
		}
		// The cache asks SQLite for outside writes a few times a second; well before its lifetime ends.
		const deadline = Date.now() + 5_000;
		let seen = await downloads();
		while (seen === before && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 50));
			seen = await downloads();
		}
		expect(seen).toBe(before + 100);
	});

	it("a private model the owner just read stays hidden from others", async () => {
		const owner = await fetch(`${server.url}/api/models/fay/secret`, {
			headers: { authorization: `Bearer ${ownerToken}` },
		});
		expect(owner.status).toBe(200);
		const anonymous = await fetch(`${server.url}/api/models/fay/secret`);
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get("x-error-code")).toBe("RepoNotFound");
	});
});
