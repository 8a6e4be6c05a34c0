/**
 * Xet global dedupe (services/xet-dedupe.ts, `GET /v1/chunks/{prefix}/{hash}`). First the route
 * with the xorb and shard a real hf_xet 1.6 upload sent (src/xet/fixtures/): an unknown chunk is a
 * 404, a file's first chunk answers a shard whose keyed hashes a client holding the chunks can
 * match, and naming another repository's xorb does not claim its file without its bytes. Then the
 * real client: huggingface_hub 1.33 with hf_xet uploads a file to one repository and, with no
 * local shard cache, the same file with 1 MB changed to another; the second upload sends only a
 * little more than the changed part.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { XetDedupe } from "../src/services/xet-dedupe.js";
import { XetStore } from "../src/services/xet-store.js";
import { hashFromHex, hashToHex, keyedHash } from "../src/xet/hash.js";
import { parseShard, serializeShard } from "../src/xet/shard.js";
import { parseXorb } from "../src/xet/xorb.js";
import { createRepoRaw } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { pythonClients } from "./support/python-clients.js";
import { SHARD, XORB, XORB_HASH } from "./support/xet-fixtures.js";

const execute = promisify(execFile);

describe.each(ENGINES)("Xet global dedupe route (%s)", (engine) => {
	const hub = useHttpHub(engine);
	const tokens: Record<string, string> = {};

	beforeAll(async () => {
		for (const user of ["alice", "bob"]) {
			const hubToken = (await createAccessToken(hub.deps.db, user, { role: "write" })).token;
			expect((await createRepoRaw(hub.url, hubToken, { name: "private", private: true })).status).toBe(200);
			const answer = await fetch(`${hub.url}/api/models/${user}/private/xet-write-token/main`, {
				headers: { authorization: `Bearer ${hubToken}` },
			});
			tokens[user] = ((await answer.json()) as { accessToken: string }).accessToken;
		}
	});

	const query = (hash: string, user = "bob", prefix = "default") =>
		fetch(`${hub.url}/v1/chunks/${prefix}/${hash}`, { headers: { authorization: `Bearer ${tokens[user]}` } });
	const post = (path: string, user: string, body: Uint8Array) =>
		fetch(`${hub.url}${path}`, {
			method: "POST",
			headers: { authorization: `Bearer ${tokens[user]}` },
			body: Buffer.from(body),
		});
	const claims = async (repo: string) =>
		(await hub.deps.db.selectFrom("lfs_objects").select("oid").where("repo_id", "=", repo).execute()).map(
			(row) => row.oid,
		);

	it("answers 404 for a chunk it does not know, 400 for a malformed hash, 401 without a token", async () => {
		const { chunks } = await parseXorb(XORB, hashFromHex(XORB_HASH));
		const first = hashToHex(chunks[0]?.hash as Uint8Array);
		expect((await query(first)).status).toBe(404); // nothing uploaded yet
		const malformed = await query("not-a-hash");
		expect(malformed.status).toBe(400);
		expect(await malformed.json()).toMatchObject({ xetError: "bad-hash" });
		expect((await query(first, "bob", "other")).status).toBe(404);
		expect((await fetch(`${hub.url}/v1/chunks/default/${first}`)).status).toBe(401);
	});

	it("answers a file's first chunk with a shard of its xorb, chunk hashes keyed", async () => {
		expect((await post(`/v1/xorbs/default/${XORB_HASH}`, "alice", XORB)).status).toBe(200);
		expect((await post("/v1/shards", "alice", SHARD)).status).toBe(200);
		const { chunks } = await parseXorb(XORB, hashFromHex(XORB_HASH));
		// The fixture's files start at chunks 0 and 2; chunk 1 is neither a first chunk nor 0 mod 1024.
		const [first, middle] = chunks.map((chunk) => hashToHex(chunk.hash));
		expect((await query(middle as string)).status).toBe(404);
		for (const prefix of ["default", "default-merkledb"]) {
			// Asked by another repository's writer: dedupe is across the hub.
			const answer = await query(first as string, "bob", prefix);
			expect(answer.status).toBe(200);
			expect(answer.headers.get("content-type")).toBe("application/octet-stream");
			const shard = parseShard(new Uint8Array(await answer.arrayBuffer()));
			expect(shard.files).toEqual([]);
			expect(shard.xorbs.map((xorb) => hashToHex(xorb.xorbHash))).toEqual([XORB_HASH]);
			const key = shard.footer?.chunkHashKey as Uint8Array;
			expect(key.some((byte) => byte !== 0)).toBe(true);
			expect(shard.footer?.keyExpiry).toBeGreaterThan(Date.now() / 1000 + 24 * 60 * 60);
			const [xorb] = shard.xorbs;
			const keyed = await Promise.all(chunks.map(async (chunk) => hashToHex(await keyedHash(chunk.hash, key))));
			expect(xorb?.chunks.map((chunk) => hashToHex(chunk.hash))).toEqual(keyed);
			let start = 0;
			for (const [index, chunk] of (xorb?.chunks ?? []).entries()) {
				expect(chunk.start).toBe(start);
				expect(chunk.size).toBe(chunks[index]?.size);
				start += chunk.size;
			}
			expect(xorb?.size).toBe(start);
			expect(xorb?.bytesOnDisk).toBe(XORB.length);
			// The raw hashes are not in the answer, and another hub on the database keys them alike.
			for (const chunk of chunks) expect(keyed).not.toContain(hashToHex(chunk.hash));
			expect(hashToHex(await new XetDedupe(hub.deps).chunkHashKey(XORB_HASH))).toBe(hashToHex(key));
		}
	});

	it("does not let a shard naming another repository's xorb claim its file without its bytes", async () => {
		const shard = parseShard(SHARD);
		const [text, notes] = shard.files;
		// Bob names alice's xorb with the sha256 of a file he does not have.
		const lying = serializeShard({
			...shard,
			files: [{ ...(notes as (typeof shard.files)[number]), sha256: text?.sha256 }],
		});
		const refused = await post("/v1/shards", "bob", lying);
		expect(refused.status).toBe(400);
		expect(await refused.json()).toMatchObject({ xetError: "hash-mismatch" });
		// Nor with the right sha256 but terms he cannot prove (verification hashes need the raw chunk hashes).
		const file = text as (typeof shard.files)[number];
		const guessed = {
			...file,
			terms: file.terms.map((term) => ({ ...term, verification: new Uint8Array(32) })),
		};
		const unproven = await post("/v1/shards", "bob", serializeShard({ files: [guessed], xorbs: [] }));
		expect(unproven.status).toBe(400);
		expect(await unproven.json()).toMatchObject({ xetError: "hash-mismatch" });
		expect(await claims("bob/private")).toEqual([]);
	});
});

describe("huggingface_hub 1.33 with hf_xet dedupes against another repository's upload", () => {
	const hub = useHttpHub("sqlite");
	const home = mkdtempSync(join(tmpdir(), "hubkit-xet-dedupe-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));

	it(
		"sends a little more than the changed megabyte when the same file goes to a second repository",
		async () => {
			const python = pythonClients("requirements-hf1.txt");
			const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
			const script = new URL("./clients/xet-dedupe.py", import.meta.url).pathname;
			const size = 20 * 1024 * 1024;
			const original = randomBytes(size);
			const changed = Buffer.from(original);
			randomBytes(1024 * 1024).copy(changed, 10 * 1024 * 1024);
			writeFileSync(join(home, "a.bin"), original);
			writeFileSync(join(home, "b.bin"), changed);
			const xorbBytes = async () =>
				(await hub.deps.db.selectFrom("xet_xorbs").select("size").execute()).reduce(
					(sum, row) => sum + Number(row.size),
					0,
				);
			const upload = async (repo: string, file: string, hfHome: string) => {
				const { stdout } = await execute(python, [script, repo, join(home, file), "weights.bin"], {
					env: {
						PATH: process.env.PATH,
						HOME: home,
						HF_HOME: join(home, hfHome),
						HF_ENDPOINT: hub.url,
						HF_TOKEN: token,
						HF_HUB_DISABLE_TELEMETRY: "1",
					},
					timeout: 5 * 60_000,
				});
				expect(stdout.trim()).toBe("ok upload");
			};

			await upload("dana/first", "a.bin", "hf-a");
			const afterFirst = await xorbBytes();
			const firstXorbs = (await hub.deps.db.selectFrom("xet_xorbs").select("hash").execute()).map((row) => row.hash);
			expect(afterFirst).toBeGreaterThan(size * 0.9);
			await upload("dana/second", "b.bin", "hf-b");
			const sent = (await xorbBytes()) - afterFirst;
			expect(sent).toBeGreaterThan(0);
			expect(sent).toBeLessThan(size * 0.25);
			// The second file is made of the first upload's xorb around its own new one.
			const second = await new XetStore(hub.deps.db, hub.deps.blobStore).fileHashesBySha256([
				createHash("sha256").update(changed).digest("hex"),
			]);
			const [fileHash] = [...second.values()];
			const terms = (await new XetStore(hub.deps.db, hub.deps.blobStore).file(fileHash as string))?.terms ?? [];
			expect(terms.some((term) => firstXorbs.includes(term.xorbHash))).toBe(true);
			expect(terms.some((term) => !firstXorbs.includes(term.xorbHash))).toBe(true);

			for (const [repo, bytes] of [
				["dana/first", original],
				["dana/second", changed],
			] as const) {
				const read = await fetch(`${hub.url}/${repo}/resolve/main/weights.bin`, {
					headers: { authorization: `Bearer ${token}` },
				});
				expect(read.status).toBe(200);
				expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
			}
		},
		10 * 60_000,
	);
});
