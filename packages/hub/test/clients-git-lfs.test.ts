/**
 * git-lfs (Debian's `git-lfs` package; the hub serves no git protocol, so its `lfs.url` points at
 * the repository's LFS API and the commit names the object as an `lfsFile` line) uploads a file
 * over the LFS batch and its upload URL, as it does to huggingface.co, and nothing through Xet:
 * git-lfs knows no Xet transfer, and the hub answers `basic`.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { useHttpHub } from "./support/hub.js";
import { requestCounts, requestsTo } from "./support/metrics.js";

const execute = promisify(execFile);

describe("git-lfs against a hub on loopback", () => {
	const hub = useHttpHub("sqlite");
	const home = mkdtempSync(join(tmpdir(), "hubkit-git-lfs-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));

	it("pushes a 3 MB file over the LFS batch, which the hub stores and a commit names", async () => {
		const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
		expect((await createRepoRaw(hub.url, token, { name: "git-lfs" })).status).toBe(200);
		const work = join(home, "work");
		// A git of its own: no system or user configuration, the token in an extra header of this repository.
		const env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" };
		const git = async (...args: string[]) => (await execute("git", args, { cwd: work, env, timeout: 60_000 })).stdout;
		await execute("git", ["init", "-q", "-b", "main", work], { env });
		try {
			await git("lfs", "install", "--local");
		} catch (error) {
			throw new Error(`git-lfs is needed (apt-get install git-lfs): ${String(error)}`);
		}
		await git("config", "user.name", "Dana");
		await git("config", "user.email", "dana@example.com");
		await git("config", "lfs.url", `${hub.url}/dana/git-lfs.git/info/lfs`);
		await git("config", "lfs.locksverify", "false");
		await git("config", "http.extraHeader", `Authorization: Bearer ${token}`);
		await git("remote", "add", "origin", `${hub.url}/dana/git-lfs`);
		await git("lfs", "track", "*.bin");
		const bytes = randomBytes(3 * 1024 * 1024);
		const oid = createHash("sha256").update(bytes).digest("hex");
		writeFileSync(join(work, "weights.bin"), bytes);
		await git("add", ".gitattributes", "weights.bin");
		await git("commit", "-q", "-m", "weights");
		// The pointer git keeps names the object git-lfs is to upload.
		expect(await git("show", "HEAD:weights.bin")).toContain(`oid sha256:${oid}`);
		await git("lfs", "push", "origin", "main");

		const lfsFile = { key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid, size: bytes.length } };
		expect((await commitRaw(hub.url, token, "dana/git-lfs", [header("weights"), lfsFile])).status).toBe(200);
		const read = await fetch(`${hub.url}/dana/git-lfs/resolve/main/weights.bin`);
		expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);

		// The batch and one upload URL; no Xet route, no xorb.
		const requests = await requestCounts(hub.url);
		expect(requestsTo(requests, /^POST .*\/info\/lfs\/objects\/batch$/)).toBeGreaterThan(0);
		expect(requestsTo(requests, /^PUT .*\/info\/lfs\/uploads\//)).toBe(1);
		expect(requestsTo(requests, /xet-(write|read)-token|^\S+ \/v\d\/(xorbs|shards|chunks)/)).toBe(0);
		expect(await hub.deps.db.selectFrom("xet_xorbs").select("hash").execute()).toEqual([]);
	}, 120_000);
});
