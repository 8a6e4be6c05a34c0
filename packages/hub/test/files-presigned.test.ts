/**
 * HUBKIT_S3_PRESIGN_DOWNLOADS: on the S3 store, `/resolve` answers an LFS file's GET with a 302
 * to a presigned URL of its blob (as HF answers with its CDN), keeping the file's headers; the
 * client's Range goes to the object store, which honours it. HEAD, regular files and `/raw`
 * stay answered by the hub, and downloads count as before. Without the setting, LFS files
 * stream through the hub from S3 (files-resolve.test.ts runs on S3 that way).
 */
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type FilesHub, startFilesHub } from "./files-fixture.js";
import { sha256Of } from "./lfs-fixture.js";
import { S3_SUITE_ENGINE } from "./support/stores.js";

const WEIGHTS = new Uint8Array(Array.from({ length: 3000 }, (_, index) => (index * 13) % 251));
const CONFIG = '{"model_type":"bert"}\n';

describe("presigned LFS downloads from the S3 store", () => {
	let files: FilesHub;
	let s3Origin = "";

	beforeAll(async () => {
		files = await startFilesHub(
			S3_SUITE_ENGINE,
			[
				{ id: "acme/tiny", libraryName: "trellis", commits: [{ "model.safetensors": WEIGHTS, "config.json": CONFIG }] },
				{ id: "alice/private", private: true, owner: "alice", commits: [{ "model.safetensors": WEIGHTS }] },
			],
			["alice"],
			{ store: "s3", config: { s3PresignDownloads: true } },
		);
		s3Origin = new URL(files.testStore.config.s3Endpoint ?? "").origin;
	});
	afterAll(async () => {
		await files?.close();
	});

	const resolve = (path: string, init?: RequestInit) => fetch(`${files.url}${path}`, { redirect: "manual", ...init });

	it("redirects an LFS file's GET to a signed URL on the object store, with the file's headers", async () => {
		const answer = await resolve("/acme/tiny/resolve/main/model.safetensors");
		expect(answer.status).toBe(302);
		const location = new URL(answer.headers.get("location") ?? "");
		expect(location.origin).toBe(s3Origin);
		expect(location.pathname).toMatch(new RegExp(`/${sha256Of(WEIGHTS).slice(2)}$`));
		expect(location.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
		expect(answer.headers.get("etag")).toBe(`"${sha256Of(WEIGHTS)}"`);
		expect(answer.headers.get("x-linked-size")).toBe("3000");
		expect(answer.headers.get("x-repo-commit")).toBe(files.commits.get("acme/tiny")?.at(-1));

		const followed = await fetch(location);
		expect(followed.status).toBe(200);
		expect(new Uint8Array(await followed.arrayBuffer())).toEqual(WEIGHTS);
		expect(followed.headers.get("content-disposition")).toContain('filename="model.safetensors"');
	});

	it("lets the Range travel with the redirect: fetch follows it and gets exactly those bytes", async () => {
		const ranged = await fetch(`${files.url}/acme/tiny/resolve/main/model.safetensors`, {
			headers: { Range: "bytes=1000-1009" },
		});
		expect(ranged.status).toBe(206);
		expect(ranged.url.startsWith(s3Origin)).toBe(true);
		expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(WEIGHTS.slice(1000, 1010));
		// An unsatisfiable range is still the hub's 416, before any redirect.
		expect(
			(await resolve("/acme/tiny/resolve/main/model.safetensors", { headers: { Range: "bytes=5000-" } })).status,
		).toBe(416);
	});

	it("answers HEAD, regular files and pointers itself", async () => {
		const head = await resolve("/acme/tiny/resolve/main/model.safetensors", { method: "HEAD" });
		expect(head.status).toBe(200);
		expect(head.headers.get("content-length")).toBe("3000");
		const config = await resolve("/acme/tiny/resolve/main/config.json");
		expect([config.status, await config.text()]).toEqual([200, CONFIG]);
		const pointer = await resolve("/acme/tiny/raw/main/model.safetensors");
		expect(pointer.status).toBe(200);
		expect(await pointer.text()).toContain(`oid sha256:${sha256Of(WEIGHTS)}`);
	});

	it("counts a redirected download once, and not the size probe", async () => {
		const before = await files.downloads("acme/tiny");
		await resolve("/acme/tiny/resolve/main/model.safetensors", { headers: { Range: "bytes=0-0" } });
		expect(await files.downloads("acme/tiny")).toBe(before);
		await resolve("/acme/tiny/resolve/main/model.safetensors");
		expect(await files.downloads("acme/tiny")).toBe(before + 1);
	});

	it("keeps private files private: the redirect only comes after the access check, and @huggingface/hub follows it", async () => {
		expect((await resolve("/alice/private/resolve/main/model.safetensors")).status).toBe(401);
		const blob = await downloadFile({
			repo: "alice/private",
			path: "model.safetensors",
			hubUrl: files.url,
			accessToken: files.tokens.alice,
		});
		expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(WEIGHTS);
	});
});

describe("the S3 settings", () => {
	it("are off unless HUBKIT_BLOB_STORE names a bucket, and checked when it does", () => {
		const plain = loadConfig({}, {});
		expect([plain.blobStore, plain.s3PresignDownloads, plain.s3PartBytes]).toEqual([
			undefined,
			false,
			16 * 1024 * 1024,
		]);
		const s3 = loadConfig(
			{},
			{
				HUBKIT_BLOB_STORE: "s3://models.example/hub/prod",
				HUBKIT_S3_ENDPOINT: "http://minio:9000",
				HUBKIT_S3_FORCE_PATH_STYLE: "0",
				HUBKIT_S3_PRESIGN_DOWNLOADS: "true",
				HUBKIT_S3_PART_BYTES: String(8 * 1024 * 1024),
			},
		);
		expect([s3.blobStore, s3.s3Endpoint, s3.s3ForcePathStyle, s3.s3PresignDownloads, s3.s3PartBytes]).toEqual([
			"s3://models.example/hub/prod",
			"http://minio:9000",
			false,
			true,
			8 * 1024 * 1024,
		]);
		const refused: [Record<string, string>, RegExp][] = [
			[{ HUBKIT_BLOB_STORE: "/var/lib/hubkit" }, /s3:\/\/bucket\/prefix/],
			[{ HUBKIT_BLOB_STORE: "s3://Upper_Case/x" }, /not a bucket name/],
			[{ HUBKIT_BLOB_STORE: "s3://ok-bucket/a/../b" }, /'\.\.'/],
			[{ HUBKIT_S3_ENDPOINT: "minio:9000" }, /HUBKIT_S3_ENDPOINT must be an http\(s\) URL/],
			[{ HUBKIT_S3_PART_BYTES: "1048576" }, /at least 5242880/],
			[{ HUBKIT_S3_PRESIGN_DOWNLOADS: "maybe" }, /HUBKIT_S3_PRESIGN_DOWNLOADS must be 1 or 0/],
		];
		for (const [env, message] of refused) expect(() => loadConfig({}, env), JSON.stringify(env)).toThrow(message);
	});
});
