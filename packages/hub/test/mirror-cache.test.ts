/**
 * The caching mirror's size limit (HUBKIT_MIRROR_MAX_BYTES), as real processes: an upstream hub
 * with three LFS files, a counting proxy before it, and a mirror hub allowed 4500 bytes of them
 * (two files). Downloading them one after another evicts the least recently used from the
 * mirror's store — least recently used, not first fetched: a file downloaded again moves to the
 * back; an evicted file downloads again whole, fetched from the upstream once more; a local
 * repository's file with the same bytes as a mirrored one is never evicted; `hubkit check` finds the
 * mirror whole (evicted files are not fetched, not missing). A mirror allowed more than everything
 * evicts nothing. On every engine, and on the S3 store, which eviction deletes from.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { spawnCli } from "./support/cli.js";
import { startMirror, startUpstream, type TestHubProcess, type Upstream } from "./support/mirror-hubs.js";
import { SETUPS } from "./support/stores.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = (length: number, seed: number) =>
	Buffer.from(Array.from({ length }, (_, index) => (index * seed + seed) % 251));

const MODEL = "ops/weights";
const FILES = { a: bytesOf(2000, 3), b: bytesOf(2100, 5), c: bytesOf(2200, 7) };
type Name = keyof typeof FILES;
const pathOf = (name: Name) => `${name}.bin`;
/** Upstream as `ops/shared`, and on the mirror in a local repository before any mirroring. */
const SHARED = bytesOf(2300, 11);
const LIMIT = 4500;
const WAIT = { timeout: 60_000, interval: 50 };

describe.each(SETUPS)("the caching mirror's size limit ($label)", (setup) => {
	let upstream: Upstream;
	let mirror: TestHubProcess;
	let roomy: TestHubProcess;
	let upstreamSha: string;

	/** Downloads of the shared file the proxy passed to the upstream. */
	const sharedFetches = () => upstream.proxy.log.filter((entry) => entry.path.endsWith("/shared.bin")).length;
	/** Downloads of `name` the proxy passed to the upstream. */
	const fetchesOf = (name: Name) => upstream.calls(`/${MODEL}/resolve/${upstreamSha}/${pathOf(name)}`);
	/** What each finished trim says the cache holds, in order. */
	const trims = (hub: TestHubProcess) =>
		[...hub.hub.output().matchAll(/The mirror cache holds (\d+) of \d+ bytes/g)].map((match) => Number(match[1]));
	const stored = async (hub: TestHubProcess, bytes: Uint8Array) => (await hub.store.blobs()).includes(sha256(bytes));
	const download = async (hub: TestHubProcess, path: string) => {
		const answer = await fetch(`${hub.url}/${path}`);
		expect(answer.status).toBe(200);
		return Buffer.from(await answer.arrayBuffer());
	};
	/** Downloads a file of MODEL, checks its bytes, and waits for the trim its fetch started (the `trims`-th). */
	const downloadFetched = async (hub: TestHubProcess, name: Name, trimsSoFar: number) => {
		expect((await download(hub, `${MODEL}/resolve/main/${pathOf(name)}`)).equals(FILES[name])).toBe(true);
		await vi.waitFor(() => expect(trims(hub)).toHaveLength(trimsSoFar), WAIT);
		return trims(hub).at(-1);
	};

	beforeAll(async () => {
		upstream = await startUpstream(setup.engine, [
			{
				id: MODEL,
				files: [
					{ path: "README.md", content: "# Weights\n" },
					...Object.entries(FILES).map(([name, content]) => ({ path: pathOf(name as Name), content })),
				],
			},
			{ id: "ops/shared", files: [{ path: "shared.bin", content: SHARED }] },
		]);
		mirror = await startMirror(setup, upstream, {
			env: { HUBKIT_MIRROR_MAX_BYTES: String(LIMIT) },
			repos: [{ id: "team/local", files: [{ path: "copy.bin", content: SHARED }] }],
		});
		roomy = await startMirror(setup, upstream, { env: { HUBKIT_MIRROR_MAX_BYTES: "1000000000" } });
		const revision = await fetch(`${upstream.url}/api/models/${MODEL}/revision/main`);
		upstreamSha = ((await revision.json()) as { sha: string }).sha;
	}, 120_000);

	afterAll(async () => {
		for (const hub of [mirror, roomy, upstream]) await hub?.stop();
	});

	it("evicts the least recently used file past the limit, and fetches an evicted one again whole", async () => {
		// Served from the local repository's bytes: recorded, never fetched.
		expect((await download(mirror, "ops/shared/resolve/main/shared.bin")).equals(SHARED)).toBe(true);
		expect(sharedFetches()).toBe(0);

		expect(await downloadFetched(mirror, "a", 1)).toBe(2300 + 2000);
		// Over the limit: the least recently used is the local repository's copy, which stays and stops counting.
		expect(await downloadFetched(mirror, "b", 2)).toBe(2000 + 2100);
		expect(await stored(mirror, SHARED)).toBe(true);
		expect(await downloadFetched(mirror, "c", 3)).toBe(2100 + 2200);
		expect(mirror.hub.output()).toContain(`Evicted ${sha256(FILES.a)} (2000 bytes`);
		expect(await stored(mirror, FILES.a)).toBe(false);
		expect(await stored(mirror, FILES.b)).toBe(true);

		expect(await downloadFetched(mirror, "a", 4)).toBe(2200 + 2000);
		expect(fetchesOf("a")).toBe(2);
		expect(await stored(mirror, FILES.a)).toBe(true);
		expect(await stored(mirror, FILES.b)).toBe(false);

		// c, used after a, is the newer now: fetching b again evicts a.
		expect((await download(mirror, `${MODEL}/resolve/main/c.bin`)).equals(FILES.c)).toBe(true);
		expect(await downloadFetched(mirror, "b", 5)).toBe(2200 + 2100);
		expect(fetchesOf("b")).toBe(2);
		expect(fetchesOf("c")).toBe(1);
		expect(await stored(mirror, FILES.a)).toBe(false);
		expect(await stored(mirror, FILES.c)).toBe(true);
		expect(trims(mirror)).toEqual([4300, 4100, 4300, 4200, 4300]);
	});

	it("never evicts the bytes a local repository holds", async () => {
		expect(await stored(mirror, SHARED)).toBe(true);
		expect(mirror.hub.output()).not.toContain(`Evicted ${sha256(SHARED)}`);
		expect((await download(mirror, "team/local/resolve/main/copy.bin")).equals(SHARED)).toBe(true);
		expect((await download(mirror, "ops/shared/resolve/main/shared.bin")).equals(SHARED)).toBe(true);
		expect(sharedFetches()).toBe(0);
	});

	it("leaves `hubkit check` clean: an evicted file is not fetched, not missing", async () => {
		const output = await mirror.cli(["check", "--deep"]);
		expect(output).toContain("1 LFS file of mirrors not fetched yet");
	});

	it("counts the LFS files `hubkit mirror` copies in the cache the administrators see", async () => {
		const password = "correct horse battery staple";
		const created = spawnCli(
			[
				"user",
				"create",
				"root",
				"--email",
				"root@example.com",
				"--password-stdin",
				"--admin",
				"--data",
				mirror.database.config.dataDir,
			],
			mirror.env,
		);
		created.child.stdin.end(`${password}\n`);
		expect((await created.exited).code, created.output()).toBe(0);
		const call = accountClient(mirror.url);
		const login = await call("/api/auth/login", { body: { username: "root", password } });
		const session = sessionCookie(login.headers)?.value;
		// b, c and the shared file, downloaded again since its row was dropped: no trim without a fetch.
		expect((await call("/api/admin/mirrors/cache", { session })).body).toEqual({ bytes: 6600, files: 3, limit: LIMIT });

		await mirror.cli(["mirror", MODEL, "--from", upstream.proxy.url, "--to", "ops/eager"]);
		expect(fetchesOf("a")).toBe(3);
		expect((await call("/api/admin/mirrors/cache", { session })).body).toEqual({ bytes: 8600, files: 4, limit: LIMIT });
	});

	it("evicts nothing under a limit bigger than everything", async () => {
		let sum = 0;
		for (const [index, name] of (["a", "b", "c"] as const).entries()) {
			sum += FILES[name].length;
			expect(await downloadFetched(roomy, name, index + 1)).toBe(sum);
		}
		expect(roomy.hub.output()).not.toContain("Evicted");
		for (const bytes of Object.values(FILES)) expect(await stored(roomy, bytes)).toBe(true);
		expect(await roomy.cli(["check", "--deep"])).not.toContain("not fetched");
	});
});
