/**
 * Xet uploads (routes/xet.ts, services/xet-cas.ts). First the routes' refusals and the storage
 * model with the xorb and shard a real hf_xet 1.6 upload sent (src/xet/fixtures/): a token only
 * for who may write, a xorb only under its own hash, a shard only over stored xorbs and true
 * sha256s, and then an ordinary `lfsFile` commit of the files it describes. Then the real client:
 * huggingface_hub 1.33 with hf_xet, without HF_HUB_DISABLE_XET, uploads and reads back, on both
 * engines and on the S3 store (where xorbs are read back from S3 to rebuild each file).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { collectGarbage } from "../src/services/gc.js";
import { issueXetToken } from "../src/services/xet-tokens.js";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { S3BlobStore } from "../src/storage/s3-store.js";
import { parseShard, serializeShard } from "../src/xet/shard.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub, useHttpHubOn } from "./support/hub.js";
import { pythonClients } from "./support/python-clients.js";
import { SETUPS } from "./support/stores.js";
import { NOTES_SHA256, SHARD, TEXT, TEXT_SHA256, XORB, XORB_HASH } from "./support/xet-fixtures.js";

const execute = promisify(execFile);

describe.each(ENGINES)("Xet upload routes (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let alice = "";
	let aliceRead = "";
	let bob = "";

	beforeAll(async () => {
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		aliceRead = (await createAccessToken(hub.deps.db, "alice", { role: "read" })).token;
		bob = (await createAccessToken(hub.deps.db, "bob", { role: "write" })).token;
		expect((await createRepoRaw(hub.url, alice, { name: "weights" })).status).toBe(200);
	});

	const tokenRoute = (kind: "write" | "read", hubToken?: string, repo = "alice/weights", revision = "main") =>
		fetch(`${hub.url}/api/models/${repo}/xet-${kind}-token/${revision}`, {
			headers: hubToken ? { authorization: `Bearer ${hubToken}` } : {},
		});
	const xetToken = async (kind: "write" | "read" = "write") =>
		((await (await tokenRoute(kind, alice)).json()) as { accessToken: string }).accessToken;
	const post = (path: string, token: string | undefined, body: Uint8Array) =>
		fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: token ? { authorization: `Bearer ${token}` } : {},
			body: Buffer.from(body),
		});
	const claims = async () =>
		(await hub.deps.db.selectFrom("lfs_objects").select("oid").where("repo_id", "=", "alice/weights").execute())
			.map((row) => row.oid)
			.sort();

	it("hands a writer a token in the body and the headers, with the hub's own URL as the CAS", async () => {
		const answer = await tokenRoute("write", alice);
		expect(answer.status).toBe(200);
		const body = (await answer.json()) as { accessToken: string; exp: number; casUrl: string };
		expect(body.casUrl).toBe(hub.url);
		expect(body.exp).toBeGreaterThan(Date.now() / 1000 + 30 * 60);
		expect(answer.headers.get("X-Xet-Access-Token")).toBe(body.accessToken);
		expect(answer.headers.get("X-Xet-Token-Expiration")).toBe(String(body.exp));
		expect(answer.headers.get("X-Xet-Cas-Url")).toBe(hub.url);
		// The pull-request form huggingface_hub sends.
		expect((await tokenRoute("write", alice, "alice/weights", "None?create_pr=1")).status).toBe(200);
		expect((await tokenRoute("read", undefined)).status).toBe(200);
		// Datasets too, under /api/datasets/….
		expect((await createRepoRaw(hub.url, alice, { name: "rows", type: "dataset" })).status).toBe(200);
		const dataset = await fetch(`${hub.url}/api/datasets/alice/rows/xet-write-token/main`, {
			headers: { authorization: `Bearer ${alice}` },
		});
		expect(dataset.status).toBe(200);
		expect((await fetch(`${hub.url}/api/spaces/alice/rows/xet-write-token/main`)).status).toBe(404);
	});

	it("refuses a write token to callers the rule refuses", async () => {
		expect((await tokenRoute("write", undefined)).status).toBe(401);
		expect((await tokenRoute("write", aliceRead)).status).toBe(403);
		expect((await tokenRoute("write", bob)).status).toBe(403);
		expect((await tokenRoute("write", alice, "alice/missing")).status).toBe(404);
	});

	it("asks every CAS call for a Xet token of the right scope", async () => {
		const path = `/v1/xorbs/default/${XORB_HASH}`;
		expect((await post(path, undefined, XORB)).status).toBe(401);
		expect((await post(path, alice, XORB)).status).toBe(401); // a hub token is not a Xet token
		expect((await post(path, `${await xetToken()}x`, XORB)).status).toBe(401);
		const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
		const grant = { scope: "write", repoKey: "alice/weights", revision: "main", userId: "alice" } as const;
		const expired = await issueXetToken(hub.deps.db, grant, twoHoursAgo);
		expect((await post(path, expired.accessToken, XORB)).status).toBe(401);
		expect((await post(path, await xetToken("read"), XORB)).status).toBe(403);
		expect((await post("/v1/shards", await xetToken("read"), SHARD)).status).toBe(403);
		const chunk = await fetch(`${hub.url}/v1/chunks/default/${XORB_HASH}`, {
			headers: { authorization: `Bearer ${await xetToken("read")}` },
		});
		expect(chunk.status).toBe(404);
		expect((await fetch(`${hub.url}/v1/chunks/default/${XORB_HASH}`)).status).toBe(401);
	});

	it("refuses a xorb sent under another hash, and a shard whose xorb is not stored", async () => {
		const token = await xetToken();
		const wrong = await post(`/v1/xorbs/default/${"0".repeat(64)}`, token, XORB);
		expect(wrong.status).toBe(400);
		expect(await wrong.json()).toMatchObject({ xetError: "hash-mismatch" });
		const early = await post("/v1/shards", token, SHARD);
		expect(early.status).toBe(400);
		expect(await early.json()).toMatchObject({ xetError: "bad-section" });
		expect(await claims()).toEqual([]);
	});

	it("stores a xorb once, and refuses a shard whose sha256 is not its file's", async () => {
		const token = await xetToken();
		const first = await post(`/v1/xorbs/default/${XORB_HASH}`, token, XORB);
		expect(first.status).toBe(200);
		expect(await first.json()).toEqual({ was_inserted: true });
		expect(await (await post(`/v1/xorbs/default/${XORB_HASH}`, token, XORB)).json()).toEqual({ was_inserted: false });

		const shard = parseShard(SHARD);
		const lying = {
			...shard,
			files: shard.files.map((file, i) => (i === 1 ? { ...file, sha256: TEXT_SHA256 } : file)),
		};
		const refused = await post("/v1/shards", token, serializeShard(lying));
		expect(refused.status).toBe(400);
		expect(await refused.json()).toMatchObject({ xetError: "hash-mismatch" });
		expect(await claims()).toEqual([]);
	});

	it("turns a shard's files into blobs the repository commits as lfsFile lines", async () => {
		const token = await xetToken();
		const stored = await post("/v1/shards", token, SHARD);
		expect(stored.status).toBe(200);
		expect(await stored.json()).toEqual({ result: 0 });
		expect(await claims()).toEqual([NOTES_SHA256, TEXT_SHA256].sort());
		const size = Buffer.byteLength(TEXT);
		const lfsFile = { key: "lfsFile", value: { path: "table.csv", algo: "sha256", oid: TEXT_SHA256, size } };
		expect((await commitRaw(hub.url, alice, "alice/weights", [header("through Xet"), lfsFile])).status).toBe(200);
		const read = await fetch(`${hub.url}/alice/weights/resolve/main/table.csv`);
		expect(await read.text()).toBe(TEXT);
		// A regular file (not LFS by the hub's rule), so plain HTTP only: Xet reads are for LFS files.
		expect(read.headers.get("X-Xet-Hash")).toBeNull();
		// Another repository's writer cannot commit it without uploading it (lfs-objects.ts).
		expect((await createRepoRaw(hub.url, bob, { name: "copy" })).status).toBe(200);
		expect((await commitRaw(hub.url, bob, "bob/copy", [header("take"), lfsFile])).status).toBe(422);
	});

	it("keeps the xorbs and the files they made through gc", async () => {
		const [xorb] = await hub.deps.db.selectFrom("xet_xorbs").select("blob_sha256").execute();
		expect((await collectGarbage(hub.deps, { graceMs: 0 })).ran).toBe(true);
		expect(await hub.deps.blobStore.size(xorb?.blob_sha256 ?? "")).toBe(XORB.length);
		expect(await hub.deps.blobStore.size(TEXT_SHA256)).toBe(Buffer.byteLength(TEXT));
	});
});

describe.each(SETUPS)("huggingface_hub 1.33 with hf_xet uploads through Xet ($label)", (setup) => {
	const hub = useHttpHubOn(setup);
	const home = mkdtempSync(join(tmpdir(), "hubkit-xet-upload-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));

	it(
		"uploads a 12 MB file and a small one, reads them back, and never calls the LFS batch",
		async () => {
			const python = pythonClients("requirements-hf1.txt");
			const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
			const script = new URL("./clients/xet-upload.py", import.meta.url).pathname;
			const { stdout } = await execute(python, [script], {
				env: {
					PATH: process.env.PATH,
					HOME: home,
					HF_HOME: join(home, "hf"),
					HF_ENDPOINT: hub.url,
					HF_TOKEN: token,
					HUBKIT_USER: "dana",
					HF_HUB_DISABLE_TELEMETRY: "1",
				},
				timeout: 5 * 60_000,
			});
			const lines = stdout.trim().split("\n");
			expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
			expect(lines).toHaveLength(3);
			expect(stdout).not.toContain(token);
			// The Xet path: xorbs stored, no LFS upload URL ever handed out.
			const xorbs = await hub.deps.db.selectFrom("xet_xorbs").select(["blob_sha256", "size"]).execute();
			expect(xorbs.length).toBeGreaterThan(0);
			// Kept in this setup's store (on S3, the objects rebuilt into each file were read back from it).
			for (const xorb of xorbs) expect(await hub.deps.blobStore.size(xorb.blob_sha256)).toBe(xorb.size);
			expect(hub.deps.blobStore).toBeInstanceOf(setup.store === "s3" ? S3BlobStore : DiskBlobStore);
			expect(await hub.deps.db.selectFrom("lfs_uploads").select("oid").execute()).toEqual([]);
			const claimed = await hub.deps.db
				.selectFrom("lfs_objects")
				.select("oid")
				.where("repo_id", "=", "dana/xet-upload")
				.execute();
			expect(claimed).toHaveLength(2);
		},
		6 * 60_000,
	);
});
