/**
 * Knowing a file's sha256 is not having its bytes. Blobs are shared by the whole hub, so an
 * LFS object another repository uploaded (here a private one's) is neither "already stored" for
 * a second repository's batch call nor verifiable or committable there: its writer is asked for
 * the bytes, and once they send them (the store keeps its one copy) the commit goes through.
 * The owner's own repository keeps the object across commits without uploading it again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { UNCOMMITTED_OBJECT_RETENTION_MS } from "../src/services/blob-references.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { batch, contentOf, LFS_MEDIA_TYPE, put, sha256Of } from "./lfs-fixture.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { openTestStore, SETUPS, type TestStore } from "./support/stores.js";

describe.each(SETUPS)("LFS objects belong to the repositories they were uploaded for ($label)", ({ engine, store }) => {
	let testDb: TestDatabase;
	let testStore: TestStore;
	let hub: TestHub;
	let server: Listening;
	let alice = "";
	let mallory = "";
	const secret = contentOf(3 * 1024 * 1024, 7);
	const oid = sha256Of(secret);
	const size = secret.length;
	const lfsLine = { key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid, size } };

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore(store, testDb.config.dataDir);
		hub = await openTestHub({ ...testDb.config, ...testStore.config }, testStore.store);
		server = await listen(hub.app);
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		mallory = (await createAccessToken(hub.deps.db, "mallory", { role: "write" })).token;
		expect((await createRepoRaw(server.url, alice, { name: "private-weights", private: true })).status).toBe(200);
		expect((await createRepoRaw(server.url, mallory, { name: "copycat" })).status).toBe(200);

		const asked = await batch(server.url, "/alice/private-weights", alice, [{ oid, size }], ["basic"]);
		const href = asked.objects[0]?.actions?.upload.href ?? "";
		expect((await put(href, secret)).status).toBe(200);
		const committed = await commitRaw(server.url, alice, "alice/private-weights", [header("weights"), lfsLine]);
		expect(committed.status).toBe(200);
	});
	afterAll(async () => {
		await server.close();
		await hub.close();
		await testDb.cleanup();
		await testStore.cleanup();
	});

	it("asks another repository's writer for the bytes, and refuses to verify or commit the oid before", async () => {
		const asked = await batch(server.url, "/mallory/copycat", mallory, [{ oid, size }], ["basic"]);
		expect(asked.objects[0]?.actions?.upload.href).toMatch(/^http:\/\/127\.0\.0\.1/);

		const verify = await fetch(`${server.url}/mallory/copycat.git/info/lfs/objects/verify`, {
			method: "POST",
			headers: { authorization: `Bearer ${mallory}`, "content-type": LFS_MEDIA_TYPE },
			body: JSON.stringify({ oid, size }),
		});
		expect(verify.status).toBe(404);

		const stolen = await commitRaw(server.url, mallory, "mallory/copycat", [header("take it"), lfsLine]);
		expect(stolen.status).toBe(422);
		const tree = await (await fetch(`${server.url}/api/models/mallory/copycat/tree/main`)).json();
		expect(tree.map((entry: { path: string }) => entry.path)).toEqual([".gitattributes"]);

		// Sending the bytes proves having them: then the same commit goes through.
		expect((await put(asked.objects[0]?.actions?.upload.href ?? "", secret)).status).toBe(200);
		const owned = await commitRaw(server.url, mallory, "mallory/copycat", [header("mine now"), lfsLine]);
		expect(owned.status).toBe(200);
	});

	it("keeps an object a repository's history holds: no second upload for its own writers", async () => {
		const again = await batch(server.url, "/alice/private-weights", alice, [{ oid, size }], ["basic"]);
		expect(again.objects[0]?.actions).toBeUndefined();
		const renamed = await commitRaw(server.url, alice, "alice/private-weights", [
			header("same weights, second path"),
			{ key: "lfsFile", value: { path: "copy/weights.bin", algo: "sha256", oid, size } },
		]);
		expect(renamed.status).toBe(200);
	});

	it("asks again for an object uploaded more than a week ago that no commit took up", async () => {
		const late = contentOf(100 * 1024, 8);
		const lateOid = sha256Of(late);
		const asked = await batch(
			server.url,
			"/alice/private-weights",
			alice,
			[{ oid: lateOid, size: late.length }],
			["basic"],
		);
		expect((await put(asked.objects[0]?.actions?.upload.href ?? "", late)).status).toBe(200);
		const again = await batch(
			server.url,
			"/alice/private-weights",
			alice,
			[{ oid: lateOid, size: late.length }],
			["basic"],
		);
		expect(again.objects[0]?.actions).toBeUndefined();
		// Past the claim's week (gc no longer counts it): the bytes are asked for, not taken on trust.
		const old = new Date(Date.now() - UNCOMMITTED_OBJECT_RETENTION_MS - 60_000).toISOString();
		await hub.deps.db.updateTable("lfs_objects").set({ created_at: old }).where("oid", "=", lateOid).execute();
		const stale = await batch(
			server.url,
			"/alice/private-weights",
			alice,
			[{ oid: lateOid, size: late.length }],
			["basic"],
		);
		expect(stale.objects[0]?.actions?.upload.href).toBeDefined();
	});
});
