/**
 * The storage quota (`HUBKIT_STORAGE_QUOTA_BYTES`) over real HTTP on both engines: an upload that
 * would take the namespace over is refused at preupload, at the LFS batch and on the commit's
 * inline files, with a 413 `StorageQuotaExceeded` naming usage and limit, before any byte is
 * stored; bytes the namespace holds already add nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { createUser } from "../src/services/accounts.js";
import { namespaceUsage } from "../src/services/quota.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { batch, contentOf, put, sha256Of } from "./lfs-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { runCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { openTestStore, type TestStore } from "./support/stores.js";

const KiB = 1024;
const QUOTA = 1024 * KiB;
const LIMIT_TEXT = /alice uses .* of its 1\.0 MiB \(1048576 bytes\)/;

describe.each(ENGINES)("storage quota (%s)", (engine) => {
	let testDb: TestDatabase;
	let testStore: TestStore;
	let hub: TestHub;
	let server: Listening;
	let alice = "";
	const first = contentOf(600 * KiB, 11);
	const second = contentOf(600 * KiB, 12);

	async function preupload(files: { path: string; size: number }[]) {
		return fetch(`${server.url}/api/models/alice/limited/preupload/main`, {
			method: "POST",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ files: files.map((file) => ({ ...file, sample: "" })) }),
		});
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore("disk", testDb.config.dataDir);
		hub = await openTestHub({ ...testDb.config, storageQuotaBytes: QUOTA }, testStore.store);
		server = await listen(hub.app);
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		expect((await createRepoRaw(server.url, alice, { name: "limited" })).status).toBe(200);
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
		await testStore.cleanup();
	});

	it("refuses at preupload a file that would not fit, naming usage and limit", async () => {
		const refused = await preupload([{ path: "big.safetensors", size: 2 * QUOTA }]);
		expect(refused.status).toBe(413);
		expect(refused.headers.get("x-error-code")).toBe("StorageQuotaExceeded");
		const body = await refused.json();
		expect(body.error).toMatch(LIMIT_TEXT);
		expect(body.error).toMatch(/would add 2\.0 MiB \(2097152 bytes\)/);
		expect((await preupload([{ path: "small.safetensors", size: 100 * KiB }])).status).toBe(200);
	});

	it("refuses an LFS batch that would not fit before any byte is sent, and counts what was uploaded", async () => {
		const blobsBefore = await testStore.blobs();
		const tooBig = await batch(server.url, "/alice/limited", alice, [
			{ oid: sha256Of(contentOf(10, 1)), size: 2 * QUOTA },
		]);
		expect(tooBig.status).toBe(413);
		expect(tooBig.errorCode).toBe("StorageQuotaExceeded");
		expect(tooBig.body.error).toMatch(LIMIT_TEXT);
		expect(await hub.deps.db.selectFrom("lfs_uploads").select("oid").execute()).toEqual([]);
		expect(await testStore.blobs()).toEqual(blobsBefore);

		const asked = await batch(server.url, "/alice/limited", alice, [{ oid: sha256Of(first), size: first.length }]);
		expect(asked.status).toBe(200);
		expect((await put(asked.objects[0]?.actions?.upload.href ?? "", first)).status).toBe(200);
		const committed = await commitRaw(server.url, alice, "alice/limited", [
			header("weights"),
			{ key: "lfsFile", value: { path: "first.bin", algo: "sha256", oid: sha256Of(first), size: first.length } },
		]);
		expect(committed.status).toBe(200);

		// 600 KiB stored: another 600 KiB does not fit; the same bytes again add nothing.
		const more = await batch(server.url, "/alice/limited", alice, [{ oid: sha256Of(second), size: second.length }]);
		expect(more.status).toBe(413);
		expect(more.errorCode).toBe("StorageQuotaExceeded");
		const again = await batch(server.url, "/alice/limited", alice, [{ oid: sha256Of(first), size: first.length }]);
		expect(again.status).toBe(200);
		expect((await namespaceUsage(hub.deps.db, "alice")).bytes).toBeGreaterThanOrEqual(first.length);
	});

	it("refuses a commit's inline file that would not fit, storing nothing of it", async () => {
		const inlineBytes = contentOf(500 * KiB, 13);
		const refused = await commitRaw(server.url, alice, "alice/limited", [
			header("too much"),
			inline("notes.txt", inlineBytes),
		]);
		expect(refused.status).toBe(413);
		expect(refused.headers.get("x-error-code")).toBe("StorageQuotaExceeded");
		expect(refused.body.error).toMatch(LIMIT_TEXT);
		expect(await testStore.blobs()).not.toContain(sha256Of(inlineBytes));
		// A small edit still fits.
		const edited = await commitRaw(server.url, alice, "alice/limited", [header("notes"), inline("notes.txt", "short")]);
		expect(edited.status).toBe(200);
	});

	it("refuses to create a repository with files that would not fit", async () => {
		const content = contentOf(500 * KiB, 14);
		const refused = await createRepoRaw(server.url, alice, {
			name: "with-files",
			files: [{ path: "data.txt", content: content.toString("base64"), encoding: "base64" }],
		});
		expect(refused.status).toBe(413);
		expect(refused.headers.get("x-error-code")).toBe("StorageQuotaExceeded");
		expect(await testStore.blobs()).not.toContain(sha256Of(content));
		const repos = await hub.deps.db.selectFrom("models").select("id").where("id", "=", "alice/with-files").execute();
		expect(repos).toEqual([]);
	});

	it("shows the usage and the limit in the settings API, the admin API and `hubkit user show`", async () => {
		const used = (await namespaceUsage(hub.deps.db, "alice")).bytes;
		expect(used).toBeGreaterThan(first.length);
		const own = await fetch(`${server.url}/api/settings/storage`, { headers: { authorization: `Bearer ${alice}` } });
		expect(await own.json()).toEqual({ name: "alice", usedBytes: used, quotaBytes: QUOTA, organizations: [] });

		// The admin API: a hub administrator's browser session, not a token.
		const asToken = await fetch(`${server.url}/api/admin/storage/alice`, {
			headers: { authorization: `Bearer ${alice}` },
		});
		expect(asToken.status).toBe(403);
		await createUser(hub.deps.db, {
			username: "root",
			email: "root@example.com",
			password: "a long enough secret",
			isAdmin: true,
		});
		const call = accountClient(server.url);
		const login = await call("/api/auth/login", { body: { username: "root", password: "a long enough secret" } });
		expect(login.status, JSON.stringify(login.body)).toBe(200);
		const session = sessionCookie(login.headers)?.value ?? "";
		const admin = await call("/api/admin/storage/alice", { session });
		expect(admin.body).toEqual({ name: "alice", kind: "user", usedBytes: used, quotaBytes: QUOTA });

		const shown = await runCli(["user", "show", "alice", "--data", testDb.config.dataDir], {
			...testDb.cliEnv,
			HUBKIT_STORAGE_QUOTA_BYTES: String(QUOTA),
		});
		expect(shown.code, shown.output).toBe(0);
		expect(shown.output).toContain(`storage  ${used} bytes`);
		expect(shown.output).toContain(`quota    ${QUOTA} bytes (1.0 MiB)`);
	});

	it("gives each organisation a quota of its own, shown to its members", async () => {
		const created = await fetch(`${server.url}/api/organizations`, {
			method: "POST",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "acme" }),
		});
		expect(created.status).toBe(201);
		expect((await createRepoRaw(server.url, alice, { name: "shared", organization: "acme" })).status).toBe(200);
		// alice's own namespace is nearly full; acme's is not.
		const asked = await batch(server.url, "/acme/shared", alice, [{ oid: sha256Of(second), size: second.length }]);
		expect(asked.status).toBe(200);
		expect((await put(asked.objects[0]?.actions?.upload.href ?? "", second)).status).toBe(200);
		const tooMuch = contentOf(500 * KiB, 15);
		const refused = await batch(server.url, "/acme/shared", alice, [{ oid: sha256Of(tooMuch), size: tooMuch.length }]);
		expect(refused.status).toBe(413);
		expect(refused.body.error).toMatch(/acme uses .* of its 1\.0 MiB/);

		const storage = await fetch(`${server.url}/api/settings/storage`, {
			headers: { authorization: `Bearer ${alice}` },
		});
		const { organizations } = await storage.json();
		expect(organizations).toEqual([
			{ name: "acme", usedBytes: (await namespaceUsage(hub.deps.db, "acme")).bytes, quotaBytes: QUOTA },
		]);
		expect(organizations[0].usedBytes).toBeGreaterThanOrEqual(second.length);
	});
});
