/**
 * `hubkit serve` killed with SIGKILL while an LFS upload is halfway in, on both engines and on S3:
 * after a restart no part of the blob is visible (the bytes so far were only ever in a temporary
 * file, or the parts of a multipart upload never completed),
 * the hub is ready, the killed write's temporary file is gone (disk), and the upload made again from a new batch call succeeds byte-exact.
 */
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { commitRaw, header } from "./commits-fixture.js";
import { batch, contentOf, put, sha256Of } from "./lfs-fixture.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";
import { openTestStore, SETUPS, type TestStore } from "./support/stores.js";

const SIZE = 64 * 1024 * 1024;

describe.each(SETUPS)("kill -9 during an LFS upload ($label)", ({ engine, store: storeName }) => {
	let testDb: TestDatabase;
	let testStore: TestStore;
	let token = "";
	const running: ServingCli[] = [];

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore(storeName, testDb.config.dataDir);
		const hub = await openTestHub({ ...testDb.config, ...testStore.config }, testStore.store);
		await loadSeedOwnedBy(hub.deps, ["alice"], [seedModel("alice/big")]);
		token = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		await hub.close();
	});
	afterEach(() => {
		for (const hub of running.splice(0)) if (hub.child.exitCode === null) hub.child.kill("SIGKILL");
	});
	afterAll(async () => {
		await testDb.cleanup();
		await testStore.cleanup();
	});

	function databaseEnv(): Record<string, string> {
		return { ...testStore.env, ...testDb.cliEnv };
	}

	async function serve(): Promise<ServingCli> {
		const hub = await serveCli(["--data", testDb.config.dataDir], databaseEnv());
		running.push(hub);
		return hub;
	}

	it("shows no partial blob after the restart, is ready, and takes the upload again", async () => {
		const bytes = contentOf(SIZE, 42);
		const oid = sha256Of(bytes);
		const { store } = testStore;

		const first = await serve();
		const href = (await batch(first.url, "/alice/big", token, [{ oid, size: SIZE }], ["basic"])).objects[0]?.actions
			?.upload.href;
		expect(href).toBeDefined();
		const sending = request(href ?? "", { method: "PUT", headers: { "Content-Length": String(SIZE) } });
		sending.on("error", () => undefined);
		sending.write(bytes.subarray(0, SIZE / 2));
		// Wait until the hub is writing the body to the store, then kill it mid-stream.
		while (!(await testStore.unfinished()).length) await sleep(20);
		first.child.kill("SIGKILL");
		expect((await first.exited).signal).toBe("SIGKILL");
		sending.destroy();

		expect(await store.size(oid)).toBeUndefined();
		expect(await testStore.blobs()).not.toContain(oid);

		const second = await serve();
		// The temporary file the killed write left is gone at start-up, not an hour later (disk; on
		// S3 the multipart upload's parts wait for the store's hourly sweep or a lifecycle rule).
		if (storeName === "disk") expect(await testStore.temporaries()).toEqual([]);
		const ready = await fetch(`${second.url}/readyz`);
		expect(ready.status).toBe(200);
		const retry = await batch(second.url, "/alice/big", token, [{ oid, size: SIZE }], ["basic"]);
		const retryHref = retry.objects[0]?.actions?.upload.href ?? "";
		expect(retryHref).not.toBe("");
		expect((await put(retryHref, bytes)).status).toBe(200);
		const stored = await store.read(oid);
		expect(Buffer.from(await new Response(stored).arrayBuffer()).equals(bytes)).toBe(true);

		// The revision before the crash is still main's, the hub is whole, and the upload commits.
		const before = await (await fetch(`${second.url}/api/models/alice/big/tree/main`)).json();
		expect(before.map((entry: { path: string }) => entry.path)).not.toContain("weights.bin");
		const committed = await commitRaw(second.url, token, "alice/big", [
			header("weights after the crash"),
			{ key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid, size: SIZE } },
		]);
		expect(committed.status).toBe(200);
		const checked = await runCli(["check", "--deep", "--data", testDb.config.dataDir], databaseEnv());
		expect(checked.code, checked.output).toBe(0);
		const head = await fetch(`${second.url}/alice/big/resolve/main/weights.bin`, { method: "HEAD" });
		expect(head.headers.get("x-repo-commit")).toBe(committed.body.commitOid);
		expect(head.headers.get("etag")).toBe(`"${oid}"`);
	});
});
