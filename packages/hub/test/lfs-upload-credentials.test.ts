/**
 * An LFS upload URL works only as long as whoever asked for it could still ask: revoking the
 * token, signing the browser session out or disabling the user stops the URL on its next
 * request (basic PUT, part PUT and completion), before any byte is stored. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken, revokeAccessToken } from "../src/auth/tokens.js";
import { disableUser } from "../src/services/accounts.js";
import { createRepoRaw } from "./commits-fixture.js";
import { batch, contentOf, put, sha256Of } from "./lfs-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { openTestStore, type TestStore } from "./support/stores.js";

describe.each(ENGINES)("LFS upload URLs and the credential that asked for them (%s)", (engine) => {
	let testDb: TestDatabase;
	let testStore: TestStore;
	let hub: TestHub;
	let server: Listening;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore("disk", testDb.config.dataDir);
		// Small parts, so a multipart upload takes a few hundred KB.
		hub = await openTestHub({ ...testDb.config, lfsChunkBytes: 64 * 1024 }, testStore.store);
		server = await listen(hub.app);
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
		await testStore.cleanup();
	});

	async function askFor(repo: string, token: string, bytes: Uint8Array, transfers = ["basic"]) {
		const asked = await batch(server.url, `/${repo}`, token, [{ oid: sha256Of(bytes), size: bytes.length }], transfers);
		expect(asked.status).toBe(200);
		const action = asked.objects[0]?.actions?.upload;
		expect(action).toBeDefined();
		return action ?? { href: "" };
	}

	it("refuses the URL once the token that asked for it is revoked, storing nothing", async () => {
		const created = await createAccessToken(hub.deps.db, "rita", { role: "write" });
		const other = await createAccessToken(hub.deps.db, "rita", { role: "write" });
		expect((await createRepoRaw(server.url, created.token, { name: "weights" })).status).toBe(200);
		const bytes = contentOf(100 * 1024, 21);
		const kept = contentOf(100 * 1024, 22);
		const basic = await askFor("rita/weights", created.token, bytes);
		const multipart = await askFor("rita/weights", created.token, contentOf(200 * 1024, 23), ["multipart", "basic"]);
		const unaffected = await askFor("rita/weights", other.token, kept);

		expect(await revokeAccessToken(hub.deps.db, created.id)).toBe(true);
		const refused = await put(basic.href, bytes);
		expect(refused.status).toBe(403);
		expect((await refused.json()).error).toMatch(/revoked/);
		expect(await testStore.blobs()).not.toContain(sha256Of(bytes));
		const part = await put(multipart.header?.["00001"] ?? "", contentOf(64 * 1024, 1));
		expect(part.status).toBe(403);
		expect(await testStore.parts()).toEqual([]);
		const completed = await fetch(multipart.href, {
			method: "POST",
			body: JSON.stringify({ oid: sha256Of(contentOf(200 * 1024, 23)), parts: [] }),
		});
		expect(completed.status).toBe(403);

		// Another token of the same user still uploads with its own URL.
		expect((await put(unaffected.href, kept)).status).toBe(200);
		expect(await testStore.blobs()).toContain(sha256Of(kept));
	});

	it("refuses the URL once its user is disabled", async () => {
		const { token } = await createAccessToken(hub.deps.db, "dora", { role: "write" });
		expect((await createRepoRaw(server.url, token, { name: "weights" })).status).toBe(200);
		const bytes = contentOf(50 * 1024, 31);
		const { href } = await askFor("dora/weights", token, bytes);
		await disableUser(hub.deps.db, "dora");
		expect((await put(href, bytes)).status).toBe(403);
		expect(await testStore.blobs()).not.toContain(sha256Of(bytes));
	});

	it("refuses the URL once the browser session that asked for it signed out", async () => {
		const call = accountClient(server.url);
		const signedUp = await call("/api/auth/signup", {
			body: { username: "sam", email: "sam@example.com", password: "a long enough secret" },
		});
		expect(signedUp.status).toBe(201);
		const session = sessionCookie(signedUp.headers)?.value ?? "";
		const created = await call("/api/repos/create", { session, body: { name: "weights" } });
		expect(created.status).toBe(200);
		const bytes = contentOf(50 * 1024, 41);
		const asked = await call("/sam/weights.git/info/lfs/objects/batch", {
			session,
			body: { operation: "upload", transfers: ["basic"], objects: [{ oid: sha256Of(bytes), size: bytes.length }] },
		});
		expect(asked.status).toBe(200);
		const href = asked.body.objects[0].actions.upload.href;
		expect((await call("/api/auth/logout", { method: "POST", session })).status).toBe(204);
		expect((await put(href, bytes)).status).toBe(403);
		expect(await testStore.blobs()).not.toContain(sha256Of(bytes));
	});
});
