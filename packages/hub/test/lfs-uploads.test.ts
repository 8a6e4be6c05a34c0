/**
 * LFS uploads over real HTTP into a real blob store, on SQLite and PostgreSQL and on S3: the batch
 * call (who may make it, what it answers), a 12 MB file in one PUT and in parts, deduplication,
 * bytes that are not what was announced, upload URLs that expired or belong to another repo,
 * and the verify step. There is no commit route here: each test ends at "the blob is stored".
 */

import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadConfig, parseBlobStoreUrl } from "../src/config.js";
import type { HubEnv } from "../src/deps.js";
import { silentLogger } from "../src/logger.js";
import { bodyLimits } from "../src/middleware/body-limit.js";
import { errorHandler } from "../src/middleware/errors.js";
import { LfsUploads } from "../src/services/lfs-uploads.js";
import type { BlobStore } from "../src/storage/blob-store.js";
import { S3BlobStore } from "../src/storage/s3-store.js";
import { batch, contentOf, filesUnder, LFS_MEDIA_TYPE, put, sha256Of } from "./lfs-fixture.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { loadSeedOwnedBy } from "./support/repos.js";
import { s3ClientFor } from "./support/s3.js";
import { seedModel } from "./support/seed-records.js";
import { openTestStore, SETUPS, type TestStore } from "./support/stores.js";

const MiB = 1024 * 1024;
const CHUNK = 5 * MiB;
const UPLOAD_LIMIT = 32 * MiB;
const TWELVE_MB = 12_000_000;

describe.each(SETUPS)("LFS uploads ($label)", ({ engine, store: storeName }) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let store: BlobStore;
	let testStore: TestStore;
	let url = "";
	const tokens: Record<string, string> = {};

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		testStore = await openTestStore(storeName, testDb.config.dataDir);
		const config = { ...testDb.config, ...testStore.config, lfsChunkBytes: CHUNK, uploadBodyLimitBytes: UPLOAD_LIMIT };
		store = testStore.store;
		hub = await openTestHub(config, store);
		await loadSeedOwnedBy(
			hub.deps,
			["alice", "bob"],
			[
				seedModel("alice/demo"),
				seedModel("alice/hidden", { private: true }),
				seedModel("bob/other"),
				seedModel("alice/new-name"),
			],
		);
		await hub.deps.db
			.insertInto("repo_redirects")
			.values({ from_id: "alice/old-name", to_id: "alice/new-name", created_at: new Date().toISOString() })
			.execute();
		const now = new Date().toISOString();
		await hub.deps.db
			.insertInto("datasets")
			.values({
				id: "alice/data",
				author: "alice",
				name: "data",
				created_at: now,
				last_modified: now,
				sha: "0".repeat(40),
				owner: "alice",
				private: 0,
				gated: null,
				downloads: 0,
				likes: 0,
				trending_score: 0,
				tags: "[]",
				card_data: null,
				description: null,
				main_size: 0,
			})
			.execute();
		tokens.aliceWrite = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		tokens.aliceRead = (await createAccessToken(hub.deps.db, "alice", { role: "read" })).token;
		tokens.bobWrite = (await createAccessToken(hub.deps.db, "bob", { role: "write" })).token;
		server = await listen(hub.app);
		url = server.url;
	});
	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
		await testStore?.cleanup();
	});

	const uploadRows = async () => (await hub.deps.db.selectFrom("lfs_uploads").selectAll().execute()).length;
	const storedBytes = async (oid: string) => {
		const stream = await store.read(oid);
		return stream ? Buffer.from(await new Response(stream).arrayBuffer()) : undefined;
	};

	it("takes a 12 MB file in one PUT without a token, stores it byte-exact, then answers that it is there", async () => {
		const bytes = contentOf(TWELVE_MB, 1);
		const oid = sha256Of(bytes);
		// `xet` offered too, as @huggingface/hub does: the answer is basic and the client falls back.
		const first = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: TWELVE_MB }], ["basic", "xet"]);
		expect(first.status).toBe(200);
		expect(first.contentType).toBe(LFS_MEDIA_TYPE);
		expect(first.transfer).toBe("basic");
		const [object] = first.objects;
		expect(object?.oid).toBe(oid);
		expect(object?.actions?.upload.header).toBeUndefined();
		const href = object?.actions?.upload.href ?? "";
		expect(href.startsWith(`${url}/alice/demo.git/info/lfs/uploads/`)).toBe(true);
		expect(object?.actions?.verify.href).toBe(`${url}/alice/demo.git/info/lfs/objects/verify`);

		expect(await store.size(oid)).toBeUndefined();
		const sent = await put(href, bytes);
		expect(sent.status).toBe(200);
		expect((await storedBytes(oid))?.equals(bytes)).toBe(true);

		const verify = await fetch(object?.actions?.verify.href ?? "", {
			method: "POST",
			headers: { Authorization: `Bearer ${tokens.aliceWrite}`, "Content-Type": LFS_MEDIA_TYPE },
			body: JSON.stringify({ oid, size: TWELVE_MB }),
		});
		expect(verify.status).toBe(200);

		// Deduplicated: the second batch for the same bytes has nothing to send.
		const second = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: TWELVE_MB }]);
		expect(second.status).toBe(200);
		expect(second.objects).toEqual([{ oid, size: TWELVE_MB }]);
		// A used URL is spent.
		expect((await put(href, bytes)).status).toBe(404);
		expect(await testStore.temporaries()).toEqual([]);
	});

	it("takes a 12 MB file in parts when the client speaks multipart, and assembles them byte-exact", async () => {
		const bytes = contentOf(TWELVE_MB, 2);
		const oid = sha256Of(bytes);
		const answer = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: TWELVE_MB }]);
		expect(answer.transfer).toBe("multipart");
		const upload = answer.objects[0]?.actions?.upload;
		const header = upload?.header ?? {};
		expect(header.chunk_size).toBe(String(CHUNK));
		const partKeys = Object.keys(header).filter((key) => /^\d+$/.test(key));
		expect(partKeys).toEqual(["00001", "00002", "00003"]);

		// Parts arrive out of order, as a client's parallel PUTs may.
		const etags = new Map<number, string>();
		for (const key of [...partKeys].reverse()) {
			const index = Number(key) - 1;
			const response = await put(header[key] ?? "", bytes.subarray(index * CHUNK, (index + 1) * CHUNK));
			expect(response.status).toBe(200);
			const etag = response.headers.get("etag");
			expect(etag).toBeTruthy();
			etags.set(Number(key), etag ?? "");
		}
		expect(await store.size(oid)).toBeUndefined();
		const completed = await fetch(upload?.href ?? "", {
			method: "POST",
			headers: { Accept: LFS_MEDIA_TYPE, "Content-Type": LFS_MEDIA_TYPE },
			body: JSON.stringify({
				oid,
				parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: etags.get(partNumber) })),
			}),
		});
		expect(completed.status).toBe(200);
		expect((await storedBytes(oid))?.equals(bytes)).toBe(true);
		expect(await testStore.parts()).toEqual([]);
		// The upload is done: its part URLs are spent.
		expect((await put(header["00001"] ?? "", bytes.subarray(0, CHUNK))).status).toBe(404);
	});

	it("takes a body sent in chunks (no Content-Length), counted as it streams", async () => {
		const bytes = contentOf(3 * MiB, 7);
		const oid = sha256Of(bytes);
		const href =
			(await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }], ["basic"])).objects[0]?.actions
				?.upload.href ?? "";
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let offset = 0; offset < bytes.length; offset += MiB)
					controller.enqueue(bytes.subarray(offset, offset + MiB));
				controller.close();
			},
		});
		const sent = await fetch(href, { method: "PUT", body, duplex: "half" } as RequestInit);
		expect(sent.status).toBe(200);
		expect((await storedBytes(oid))?.equals(bytes)).toBe(true);
	});

	it("refuses a completion before every part is there, and a part of the wrong size", async () => {
		const bytes = contentOf(2 * CHUNK + 10, 3);
		const oid = sha256Of(bytes);
		const upload = (await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }])).objects[0]
			?.actions?.upload;
		const header = upload?.header ?? {};
		expect((await put(header["00001"] ?? "", bytes.subarray(0, CHUNK - 1))).status).toBe(400);
		expect((await put(header["00001"] ?? "", bytes.subarray(0, CHUNK))).status).toBe(200);
		// A part longer than its size is cut off before its end: nothing of it is kept, on disk or in the bucket.
		expect((await put(header["00002"] ?? "", bytes.subarray(CHUNK, 2 * CHUNK + 1))).status).toBe(400);
		expect((await testStore.parts()).filter((part) => /\/2$/.test(part))).toEqual([]);
		const early = await fetch(upload?.href ?? "", {
			method: "POST",
			body: JSON.stringify({ oid, parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: "x" })) }),
		});
		expect(early.status).toBe(400);
		expect((await early.json()).error).toContain("Part 2 has not been uploaded");
		expect((await put((header["00001"] ?? "").replace(/parts\/1$/, "parts/4"), bytes.subarray(0, 10))).status).toBe(
			400,
		);
		const otherOid = await fetch(upload?.href ?? "", {
			method: "POST",
			body: JSON.stringify({ oid: "0".repeat(64), parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: "x" })) }),
		});
		expect(otherOid.status).toBe(400);
		// A basic PUT of the whole file to a multipart upload's URL is refused.
		expect((await put((upload?.href ?? "").replace(/\/complete$/, ""), bytes)).status).toBe(400);
		expect(await store.size(oid)).toBeUndefined();
	});

	it("keeps nothing of a body the client cuts off midway", async () => {
		const bytes = contentOf(4 * MiB, 8);
		const oid = sha256Of(bytes);
		const href =
			(await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }], ["basic"])).objects[0]?.actions
				?.upload.href ?? "";
		const sending = request(href, { method: "PUT", headers: { "Content-Length": String(bytes.length) } });
		sending.on("error", () => undefined);
		sending.write(bytes.subarray(0, MiB));
		while (testStore.writing() === 0) await sleep(10);
		sending.destroy();
		while (testStore.writing() > 0) await sleep(10);
		expect(await testStore.temporaries()).toEqual([]);
		expect(await store.size(oid)).toBeUndefined();
		// The URL still takes the whole file.
		expect((await put(href, bytes)).status).toBe(200);
		expect((await storedBytes(oid))?.equals(bytes)).toBe(true);
	});

	it("refuses bytes that are not what the batch announced, and stores nothing", async () => {
		const announced = contentOf(1000, 4);
		const other = contentOf(1000, 5);
		const oid = sha256Of(announced);
		const wrongBytes = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: 1000 }], ["basic"]);
		const wrongHash = await put(wrongBytes.objects[0]?.actions?.upload.href ?? "", other);
		expect(wrongHash.status).toBe(400);
		expect((await wrongHash.json()).error).toContain(`sha256 is ${sha256Of(other)}, not ${oid}`);

		const wrongSize = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: 1000 }], ["basic"]);
		const href = wrongSize.objects[0]?.actions?.upload.href ?? "";
		const short = await put(href, announced.subarray(0, 999));
		expect(short.status).toBe(400);
		expect((await short.json()).error).toContain("999 bytes, not 1000");
		const long = await put(href, Buffer.concat([announced, Buffer.from("!")]));
		expect(long.status).toBe(400);
		expect((await long.json()).error).toContain("longer than 1000 bytes");

		expect(await store.size(oid)).toBeUndefined();
		expect(await store.size(sha256Of(other))).toBeUndefined();
		expect(await testStore.temporaries()).toEqual([]);
		// The URL still works for the right bytes.
		expect((await put(href, announced)).status).toBe(200);
		expect((await storedBytes(oid))?.equals(announced)).toBe(true);
	});

	it("refuses callers who may not write, records nothing, and hides private repos", async () => {
		const oid = sha256Of(Buffer.from("refused"));
		const objects = [{ oid, size: 7 }];
		const before = await uploadRows();
		const anonymous = await batch(url, "/alice/demo", undefined, objects);
		expect([anonymous.status, anonymous.errorCode]).toEqual([401, "TokenRequired"]);
		expect((await batch(url, "/alice/demo", tokens.aliceRead, objects)).status).toBe(403);
		expect((await batch(url, "/alice/demo", tokens.bobWrite, objects)).status).toBe(403);
		const hiddenToBob = await batch(url, "/alice/hidden", tokens.bobWrite, objects);
		expect([hiddenToBob.status, hiddenToBob.errorCode]).toEqual([404, "RepoNotFound"]);
		const hiddenToAnonymous = await batch(url, "/alice/hidden", undefined, objects);
		expect([hiddenToAnonymous.status, hiddenToAnonymous.errorCode]).toEqual([401, "RepoNotFound"]);
		const missing = await batch(url, "/alice/nothing-here", tokens.aliceWrite, objects);
		expect([missing.status, missing.errorCode]).toEqual([404, "RepoNotFound"]);
		expect((await batch(url, "/datasets/alice/data", tokens.bobWrite, objects)).status).toBe(403);
		expect(await uploadRows()).toBe(before);

		// The owner writes to her private model and her dataset.
		expect((await batch(url, "/alice/hidden", tokens.aliceWrite, objects)).objects[0]?.actions).toBeDefined();
		const dataset = await batch(url, "/datasets/alice/data", tokens.aliceWrite, objects);
		expect(
			dataset.objects[0]?.actions?.upload.href.startsWith(`${url}/datasets/alice/data.git/info/lfs/uploads/`),
		).toBe(true);
	});

	it("sends a renamed repository's batch on to its new name", async () => {
		const bytes = Buffer.from("moved");
		const oid = sha256Of(bytes);
		const moved = await batch(url, "/alice/old-name", tokens.aliceWrite, [{ oid, size: bytes.length }], ["basic"]);
		expect(moved.status).toBe(200);
		const href = moved.objects[0]?.actions?.upload.href ?? "";
		expect(href.startsWith(`${url}/alice/new-name.git/info/lfs/uploads/`)).toBe(true);
		expect((await put(href, bytes)).status).toBe(200);
		expect((await batch(url, "/alice/old-name", tokens.bobWrite, [{ oid, size: bytes.length }])).status).toBe(403);
	});

	it("answers an upload URL only for its own repository, and not once it has expired", async () => {
		const bytes = Buffer.from("belongs to alice/demo");
		const oid = sha256Of(bytes);
		const href =
			(await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }])).objects[0]?.actions?.upload
				.href ?? "";
		for (const elsewhere of ["/bob/other.git/", "/datasets/alice/data.git/", "/alice/hidden.git/"]) {
			expect((await put(href.replace("/alice/demo.git/", elsewhere), bytes)).status).toBe(404);
		}
		expect((await put(href.replace(/uploads\/[^/]+$/, `uploads/${"A".repeat(43)}`), bytes)).status).toBe(404);
		expect(await store.size(oid)).toBeUndefined();

		await hub.deps.db
			.updateTable("lfs_uploads")
			.set({ expires_at: "2000-01-01T00:00:00.000Z" })
			.where("oid", "=", oid)
			.execute();
		const expired = await put(href, bytes);
		expect(expired.status).toBe(403);
		expect((await expired.json()).error).toContain("expired");
		expect(await store.size(oid)).toBeUndefined();
	});

	it("refuses malformed batches, downloads of objects not held, sizes over the upload limit, and a declared body over it", async () => {
		const oid = sha256Of(Buffer.from("x"));
		const bad = async (objects: unknown[], extra: Record<string, unknown> = {}) =>
			(await batch(url, "/alice/demo", tokens.aliceWrite, objects as { oid: string; size: number }[], undefined, extra))
				.status;
		expect(await bad([{ oid: oid.toUpperCase(), size: 1 }])).toBe(400);
		expect(await bad([{ oid: "abc", size: 1 }])).toBe(400);
		expect(await bad([{ oid, size: -1 }])).toBe(400);
		expect(await bad([{ oid, size: 1.5 }])).toBe(400);
		expect(await bad(Array.from({ length: 1001 }, () => ({ oid, size: 1 })))).toBe(400);
		const download = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: 1 }], undefined, {
			operation: "download",
		});
		// A download of an object this repository does not hold is that object's 404, nothing more.
		expect(download.status).toBe(200);
		expect(download.objects[0]?.error?.code).toBe(404);
		expect(download.objects[0]?.actions).toBeUndefined();
		expect((await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: 1 }], ["xet"])).status).toBe(400);

		const tooBig = await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: UPLOAD_LIMIT + 1 }]);
		expect(tooBig.status).toBe(200);
		expect(tooBig.objects[0]?.error?.code).toBe(413);
		expect(tooBig.objects[0]?.actions).toBeUndefined();

		const href =
			(await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: 1 }], ["basic"])).objects[0]?.actions?.upload
				.href ?? "";
		const status = await new Promise<number>((resolve, reject) => {
			const sending = request(href, { method: "PUT", headers: { "Content-Length": String(UPLOAD_LIMIT + 1) } });
			sending.on("response", (response) => {
				response.resume();
				resolve(response.statusCode ?? 0);
				sending.destroy();
			});
			sending.on("error", reject);
			sending.flushHeaders();
		});
		expect(status).toBe(413);
	});

	it("answers verify 404 for an object that is not stored, and 401 without a token", async () => {
		const response = await fetch(`${url}/alice/demo.git/info/lfs/objects/verify`, {
			method: "POST",
			headers: { Authorization: `Bearer ${tokens.aliceWrite}`, "Content-Type": LFS_MEDIA_TYPE },
			body: JSON.stringify({ oid: "f".repeat(64), size: 3 }),
		});
		expect(response.status).toBe(404);
		expect((await response.json()).error).toContain("is not stored");
		const anonymous = await fetch(`${url}/alice/demo.git/info/lfs/objects/verify`, {
			method: "POST",
			body: JSON.stringify({ oid: "f".repeat(64), size: 3 }),
		});
		expect(anonymous.status).toBe(401);
	});

	it("forgets expired uploads and removes their part files", async () => {
		const bytes = contentOf(CHUNK + 1, 6);
		const oid = sha256Of(bytes);
		const header =
			(await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }])).objects[0]?.actions?.upload
				.header ?? {};
		const partsBefore = (await testStore.parts()).length;
		expect((await put(header["00001"] ?? "", bytes.subarray(0, CHUNK))).status).toBe(200);
		expect(await testStore.parts()).toHaveLength(partsBefore + 1);
		await hub.deps.db.updateTable("lfs_uploads").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
		await new LfsUploads(hub.deps).sweepNow();
		expect(await uploadRows()).toBe(0);
		expect(await testStore.parts()).toEqual([]);
	});

	if (storeName === "s3") {
		it("takes one upload's parts through two hubs sharing the database and the bucket, completed on either", async () => {
			// A second hub with a data directory of its own, as on another machine behind one address.
			const otherDir = mkdtempSync(join(tmpdir(), "hubkit-other-hub-"));
			const otherConfig = { ...hub.deps.config, dataDir: otherDir };
			// Its own S3 client and store on the same bucket and prefix.
			const { bucket, prefix } = parseBlobStoreUrl(testStore.config.blobStore ?? "");
			const otherClient = s3ClientFor(testStore.config.s3Endpoint ?? "");
			const otherStore = new S3BlobStore({ client: otherClient, bucket, prefix });
			const other = await listen(createHubApp({ ...hub.deps, config: otherConfig, blobStore: otherStore }));
			try {
				const bytes = contentOf(2 * CHUNK + 1000, 9);
				const oid = sha256Of(bytes);
				const upload = (await batch(url, "/alice/demo", tokens.aliceWrite, [{ oid, size: bytes.length }])).objects[0]
					?.actions?.upload;
				const header = upload?.header ?? {};
				const through = (href: string, hubUrl: string) => href.replace(url, hubUrl);
				const hubOf = [url, other.url, url];
				for (const [index, hubUrl] of hubOf.entries()) {
					const part = bytes.subarray(index * CHUNK, (index + 1) * CHUNK);
					const sent = await put(through(header[String(index + 1).padStart(5, "0")] ?? "", hubUrl), part);
					expect(sent.status).toBe(200);
					expect(sent.headers.get("etag")).toBe(`"${sha256Of(part)}"`);
				}
				// In the bucket, not on either hub's disk.
				expect(await testStore.parts()).toHaveLength(3);
				expect(filesUnder(join(testDb.config.dataDir, "lfs-parts"))).toEqual([]);
				expect(filesUnder(join(otherDir, "lfs-parts"))).toEqual([]);

				const completed = await fetch(through(upload?.href ?? "", other.url), {
					method: "POST",
					headers: { Accept: LFS_MEDIA_TYPE, "Content-Type": LFS_MEDIA_TYPE },
					body: JSON.stringify({ oid, parts: [1, 2, 3].map((partNumber) => ({ partNumber, etag: "x" })) }),
				});
				expect(completed.status).toBe(200);
				expect((await storedBytes(oid))?.equals(bytes)).toBe(true);
				expect(await testStore.parts()).toEqual([]);
				expect((await put(header["00001"] ?? "", bytes.subarray(0, CHUNK))).status).toBe(404);
			} finally {
				await other.close();
				otherClient.destroy();
				rmSync(otherDir, { recursive: true, force: true });
			}
		});
	}
});

describe("the upload body limit on a chunked body", () => {
	it("answers 413 once the streamed bytes run over", async () => {
		const app = new Hono<HubEnv>();
		app.use("*", bodyLimits({ api: 100, router: 100, upload: 1000, avatar: 100 }));
		app.put("/acme/m.git/info/lfs/uploads/x", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
		app.onError(errorHandler(silentLogger));
		const server = await listen(app as unknown as TestHub["app"]);
		try {
			const chunked = (size: number) =>
				fetch(`${server.url}/acme/m.git/info/lfs/uploads/x`, {
					method: "PUT",
					body: new ReadableStream({
						start(controller) {
							for (let sent = 0; sent < size; sent += 100) controller.enqueue(new Uint8Array(100));
							controller.close();
						},
					}),
					duplex: "half",
				} as RequestInit);
			const within = await chunked(1000);
			expect([within.status, await within.text()]).toEqual([200, "1000"]);
			const over = await chunked(5000);
			expect([over.status, over.headers.get("x-error-code")]).toEqual([413, "BodyTooLarge"]);
		} finally {
			await server.close();
		}
	});
});

describe("the LFS part size setting", () => {
	it("is 64 MiB unless HUBKIT_LFS_CHUNK_BYTES says otherwise", () => {
		expect(loadConfig({}, {}).lfsChunkBytes).toBe(64 * MiB);
		expect(loadConfig({}, { HUBKIT_LFS_CHUNK_BYTES: "1048576" }).lfsChunkBytes).toBe(MiB);
		expect(() => loadConfig({}, { HUBKIT_LFS_CHUNK_BYTES: "big" })).toThrow(/HUBKIT_LFS_CHUNK_BYTES/);
	});
});
