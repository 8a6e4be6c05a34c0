import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobStoreContract } from "../../test/support/blob-store-contract.js";
import { S3RVER_ENV, startS3Server, TEST_PART_BYTES, type TestS3Server } from "../../test/support/s3.js";
import { loadConfig } from "../config.js";
import { DiskBlobStore } from "./disk-store.js";
import { openBlobStore } from "./open-store.js";
import { S3BlobStore } from "./s3-store.js";

const encoder = new TextEncoder();
let prefixes = 0;

blobStoreContract(
	"S3BlobStore",
	async () => {
		// A server per test, so one test can stop it; each starts in a few milliseconds.
		const s3 = await startS3Server();
		const prefix = `hub-${++prefixes}`;
		return {
			store: s3.storeOn(prefix),
			blobs: async () =>
				(await s3.keys(`${prefix}/blobs/`)).map((key) => key.slice(`${prefix}/blobs/`.length).replace("/", "")).sort(),
			temporaries: () => s3.keys(`${prefix}/tmp/`),
			breakBackend: () => s3.stop(),
			cleanup: () => s3.cleanup(),
		};
	},
	{ partBytes: TEST_PART_BYTES },
);

describe("S3BlobStore in its bucket", () => {
	let s3: TestS3Server;
	beforeAll(async () => {
		s3 = await startS3Server();
	});
	afterAll(async () => {
		await s3.cleanup();
	});

	it("lays blobs out as <prefix>/blobs/ab/cdef…, like the disk store, and keeps out of other prefixes", async () => {
		const store = s3.storeOn("team/hub");
		const other = s3.storeOn("elsewhere");
		const { sha256 } = await store.put(encoder.encode("hello weights"));
		expect(await s3.keys()).toEqual([`team/hub/blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}`]);
		expect(await other.size(sha256)).toBeUndefined();
		const everything = [];
		for await (const blob of store.list()) everything.push(blob);
		expect(everything.map(({ sha256, size }) => ({ sha256, size }))).toEqual([{ sha256, size: 13 }]);
	});

	it("signs a download URL that serves the blob, whole or by range, with the file's name", async () => {
		const store = s3.storeOn("signed");
		const { sha256 } = await store.put(encoder.encode("0123456789"));
		const url = await store.downloadUrl(sha256, "weights/model.safetensors");
		if (!url) throw new Error("expected a URL");
		const whole = await fetch(url);
		expect(whole.status).toBe(200);
		expect(await whole.text()).toBe("0123456789");
		expect(whole.headers.get("content-disposition")).toContain('filename="model.safetensors"');
		const ranged = await fetch(url, { headers: { Range: "bytes=3-5" } });
		expect(ranged.status).toBe(206);
		expect(await ranged.text()).toBe("345");
		// Signed for a while only (s3rver does not check signatures; S3 and MinIO do).
		expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("900");
		expect(await store.downloadUrl("b".repeat(64))).toBeUndefined();
	});
});

describe("openBlobStore", () => {
	let s3: TestS3Server;
	const saved = { ...process.env };
	beforeAll(async () => {
		s3 = await startS3Server();
	});
	afterAll(async () => {
		process.env = saved;
		await s3.cleanup();
	});

	it("opens the disk store by default", async () => {
		expect(await openBlobStore(loadConfig({ dataDir: "/tmp/hubkit-unused" }, {}))).toBeInstanceOf(DiskBlobStore);
	});

	it("opens the S3 store with only the AWS SDK's standard variables: endpoint, credentials, no region", async () => {
		// The SDK reads them from the process environment itself, as it would in production.
		const env = {
			AWS_ENDPOINT_URL_S3: s3.endpoint,
			AWS_ACCESS_KEY_ID: S3RVER_ENV.AWS_ACCESS_KEY_ID,
			AWS_SECRET_ACCESS_KEY: S3RVER_ENV.AWS_SECRET_ACCESS_KEY,
		};
		process.env = { PATH: saved.PATH, ...env };
		const config = loadConfig({ dataDir: "/tmp/hubkit-unused" }, { HUBKIT_BLOB_STORE: `s3://${s3.bucket}/from-env/` });
		const store = await openBlobStore(config, env);
		expect(store).toBeInstanceOf(S3BlobStore);
		await store.check?.();
		const { sha256 } = await store.put(encoder.encode("through the standard variables"));
		expect(await s3.keys("from-env/")).toEqual([`from-env/blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}`]);
	});
});
