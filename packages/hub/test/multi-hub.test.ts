/**
 * Several hubs behind one address: two real `hubkit serve` processes, each with a data directory of
 * its own, on one PostgreSQL database and one S3 bucket (s3rver), and a small round-robin balancer
 * on loopback in front (both hubs' public URL is the balancer's, as in production). What one hub
 * writes the other reads at once; model info is fresh within its documented cache time; two
 * commits on one parent through both hubs end in one 200 and one 412, nothing lost; sessions and
 * tokens work on both and a revocation on one holds on the other; the anonymous rate limit is
 * spent across both; an LFS multipart upload whose parts reach both hubs completes.
 */
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createRepo, downloadFile, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { contentOf, filesUnder, sha256Of } from "./lfs-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import type { Balancer } from "./support/balancer.js";
import { type HubsBehindBalancer, startHubsBehindBalancer } from "./support/hubs-behind-balancer.js";
import type { TestS3Server } from "./support/s3.js";

/**
 * How long a hub on PostgreSQL may answer model info from its memory after another hub wrote
 * (`cacheLifetimeMs` in src/db/outside-writes.ts, documented in the README's
 * "Several hubs"): the bound the test waits for, not a guess at how long is long enough.
 */
const MODEL_INFO_CACHE_MS = 2_000;
/** Small LFS parts, so a file of a few hundred KB goes up in several parts. */
const LFS_CHUNK_BYTES = 256 * 1024;

async function bytesAt(url: string): Promise<{ status: number; bytes: Buffer }> {
	const response = await fetch(url);
	return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its assertion checks
async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
	const response = await fetch(url, init);
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe("two hubs on one PostgreSQL and one bucket, behind one address", () => {
	let setup: HubsBehindBalancer;
	let s3: TestS3Server;
	let balancer: Balancer;
	let dataDirs: string[];
	let hubA = "";
	let hubB = "";
	let session = "";
	let token = "";
	const repo = "alice/shared";

	beforeAll(async () => {
		setup = await startHubsBehindBalancer({
			env: {
				HUBKIT_LFS_CHUNK_BYTES: String(LFS_CHUNK_BYTES),
				HUBKIT_ANON_RATE_LIMIT_BURST: "3",
				HUBKIT_ANON_RATE_LIMIT_PER_MINUTE: "1",
			},
		});
		({ s3, balancer, dataDirs } = setup);
		[hubA, hubB] = balancer.backends as [string, string];

		// Alice signs up on A (a browser on the public address), and makes a write token there.
		const signUp = await accountClient(hubA)("/api/auth/signup", {
			body: { username: "alice", email: "alice@example.com", password: "correct horse battery" },
			origin: balancer.url,
		});
		expect(signUp.status).toBe(201);
		session = sessionCookie(signUp.headers)?.value ?? "";
		const made = await accountClient(hubA)("/api/settings/tokens", {
			body: { name: "writer", role: "write" },
			session,
			origin: balancer.url,
		});
		expect(made.status).toBe(201);
		token = made.body.token;
	}, 120_000);

	afterAll(() => setup?.close());

	it("reads through B and through the balancer, at once, the files a commit through A wrote", async () => {
		await createRepo({ accessToken: token, hubUrl: hubA, repo });
		const readme = "---\nlicense: mit\n---\n# Shared\n\nWritten through hub A.\n";
		const weights = contentOf(300_000, 11);
		const uploaded = await uploadFiles({
			accessToken: token,
			hubUrl: hubA,
			repo,
			files: [
				{ path: "README.md", content: new Blob([readme]) },
				{ path: "weights.bin", content: new Blob([weights]) },
			],
		});
		expect(uploaded?.commit.oid).toMatch(/^[0-9a-f]{40}$/);

		// No wait: the next request after the commit's answer, on the other hub and through the balancer.
		const reads = await Promise.all(
			[hubB, balancer.url, balancer.url].flatMap((base) => [
				bytesAt(`${base}/${repo}/resolve/main/README.md`),
				bytesAt(`${base}/${repo}/resolve/main/weights.bin`),
			]),
		);
		for (const [index, read] of reads.entries()) {
			expect(read.status).toBe(200);
			expect(read.bytes.equals(index % 2 === 0 ? Buffer.from(readme) : weights)).toBe(true);
		}
		const viaClient = await downloadFile({ hubUrl: hubB, repo, path: "weights.bin" });
		expect(Buffer.from(await (viaClient as Blob).arrayBuffer()).equals(weights)).toBe(true);
	});

	it("answers model info through B that shows A's commit once the documented cache time has passed", async () => {
		const before = await json(`${hubB}/api/models/${repo}`);
		expect(before.status).toBe(200);
		// B now holds this answer in memory; A commits, and B hears nothing of it.
		const committed = await commitRaw(hubA, token, repo, [
			header("Second file", before.body.sha),
			inline("b.txt", "b"),
		]);
		expect(committed.status).toBe(200);
		const committedAt = performance.now();
		const newSha = committed.body.commitOid;
		expect(newSha).not.toBe(before.body.sha);
		// B's entry was made before the commit answered, so it ends at most MODEL_INFO_CACHE_MS after it.
		while (performance.now() - committedAt < MODEL_INFO_CACHE_MS) await sleep(MODEL_INFO_CACHE_MS / 10);
		const after = await json(`${hubB}/api/models/${repo}`);
		expect(after.body.sha).toBe(newSha);
		expect(after.body.siblings.map((sibling: { rfilename: string }) => sibling.rfilename)).toContain("b.txt");
		expect((await json(`${hubA}/api/models/${repo}`)).body.sha).toBe(newSha);
	});

	it("lets exactly one of two commits on one parent, one through each hub at once, win; the other gets 412", async () => {
		const parent = (await json(`${hubA}/api/models/${repo}`)).body.sha;
		const [throughA, throughB] = await Promise.all([
			commitRaw(hubA, token, repo, [header("From A", parent), inline("race.txt", "A")]),
			commitRaw(hubB, token, repo, [header("From B", parent), inline("race.txt", "B")]),
		]);
		expect([throughA.status, throughB.status].sort()).toEqual([200, 412]);
		const aWon = throughA.status === 200;
		const winner = aWon ? throughA : throughB;
		const [winnerText, loserText, loserHub] = aWon ? ["A", "B", hubB] : ["B", "A", hubA];

		const history = await json(`${balancer.url}/api/models/${repo}/commits/main`);
		expect(history.body[0].id).toBe(winner.body.commitOid);
		expect(history.body[1].id).toBe(parent);
		expect((await bytesAt(`${loserHub}/${repo}/resolve/main/race.txt`)).bytes.toString()).toBe(winnerText);

		// The loser sends again on the new parent, and nothing is lost.
		const again = await commitRaw(loserHub, token, repo, [
			header(`From ${loserText}, again`, winner.body.commitOid),
			inline(`race-${loserText}.txt`, loserText),
		]);
		expect(again.status).toBe(200);
		const after = await json(`${balancer.url}/api/models/${repo}/commits/main`);
		expect(after.body.slice(0, 3).map((commit: { id: string }) => commit.id)).toEqual([
			again.body.commitOid,
			winner.body.commitOid,
			parent,
		]);
		for (const base of [hubA, hubB]) {
			expect((await bytesAt(`${base}/${repo}/resolve/main/race.txt`)).bytes.toString()).toBe(winnerText);
			expect((await bytesAt(`${base}/${repo}/resolve/main/race-${loserText}.txt`)).bytes.toString()).toBe(loserText);
		}
	});

	it("honours a session and a token from A on B, and a revocation on B on A at once", async () => {
		const onB = await accountClient(hubB)("/api/auth/session", { session });
		expect(onB.status).toBe(200);
		expect(onB.body.name).toBe("alice");

		const made = await accountClient(hubA)("/api/settings/tokens", {
			body: { name: "short-lived", role: "read" },
			session,
			origin: balancer.url,
		});
		expect(made.status).toBe(201);
		const whoami = (base: string) =>
			json(`${base}/api/whoami-v2`, { headers: { authorization: `Bearer ${made.body.token}` } });
		expect(await whoami(hubB)).toMatchObject({ status: 200, body: { name: "alice" } });

		const revoked = await accountClient(hubB)(`/api/settings/tokens/${made.body.id}`, {
			method: "DELETE",
			session,
			origin: balancer.url,
		});
		expect(revoked.status).toBe(204);
		expect((await whoami(hubA)).status).toBe(401);
		expect((await whoami(hubB)).status).toBe(401);
	});

	it("spends one anonymous allowance across both hubs", async () => {
		// Anonymous calls are counted before the model is looked up, so a model the hub lacks is enough.
		const anonymousCall = (base: string) =>
			json(`${base}/hf-inference/models/nobody/nothing`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ inputs: "hi" }),
			});
		for (const base of [hubA, hubB, hubA]) expect((await anonymousCall(base)).status).not.toBe(429);
		expect((await anonymousCall(hubB)).status).toBe(429);
		expect((await anonymousCall(hubA)).status).toBe(429);
	});

	it("completes an LFS multipart upload whose parts went to both hubs through the balancer", async () => {
		const bytes = contentOf(3 * LFS_CHUNK_BYTES + 1234, 12);
		const logFrom = balancer.log.length;
		const uploaded = await uploadFiles({
			accessToken: token,
			hubUrl: balancer.url,
			repo,
			files: [{ path: "large.bin", content: new Blob([bytes]) }],
		});
		expect(uploaded?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
		const parts = balancer.log.slice(logFrom).filter((entry) => /\/parts\/\d+$/.test(entry.path));
		expect(parts).toHaveLength(4);
		expect(new Set(parts.map((entry) => entry.backend))).toEqual(new Set([0, 1]));
		// Nothing of the upload is left in the bucket or on either hub's disk.
		expect(await s3.keys("hub/lfs-parts/")).toEqual([]);
		for (const dataDir of dataDirs) expect(filesUnder(join(dataDir, "lfs-parts"))).toEqual([]);
		for (const base of [hubA, hubB, balancer.url]) {
			const read = await bytesAt(`${base}/${repo}/resolve/main/large.bin`);
			expect(read.status).toBe(200);
			expect(sha256Of(read.bytes)).toBe(sha256Of(bytes));
		}
	});
});
