/**
 * Debian's git and git-lfs against two hubs behind one address (test/support/hubs-behind-balancer.ts:
 * two `hubkit serve` processes on one PostgreSQL and one bucket, a round-robin balancer in front),
 * so the HTTP requests of one git command land on both hubs in turn: the advertisement on one, the
 * pack on the other. Clones (protocol v2 and v0) match the API; a push shows at once through each
 * hub; a push whose advertisement went stale because a commit went through the other hub's API is
 * refused as stale and loses nothing; an LFS file goes up and comes back with its batch, upload,
 * verify and download calls spread over both hubs.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { GitCli } from "../src/git/test-support/git-cli.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import type { BalancedRequest, Balancer } from "./support/balancer.js";
import { type HubsBehindBalancer, startHubsBehindBalancer } from "./support/hubs-behind-balancer.js";

/** A request git itself makes over smart HTTP (not git-lfs). */
const GIT_REQUEST = /\/info\/refs\?service=git-|\/git-(upload|receive)-pack$/;
/** A request git-lfs makes: batch, upload, verify, and the signed download. */
const LFS_REQUEST = /\/info\/lfs\//;

/** `status METHOD path`, to match a balancer log entry against. */
const described = (entry: BalancedRequest) => `${entry.status} ${entry.method} ${entry.path}`;

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its assertion checks
async function json(url: string): Promise<any> {
	const response = await fetch(url);
	expect(response.status).toBe(200);
	return response.json();
}

describe("git and git-lfs through a balancer in front of two hubs", () => {
	let setup: HubsBehindBalancer;
	let balancer: Balancer;
	let hubs: string[] = [];
	let token = "";
	const repo = "alice/demo";
	const git = new GitCli();
	/** The repository through the balancer, with the token in the URL as a user pastes it. */
	const remote = () => `${balancer.url.replace("://", `://user:${token}@`)}/${repo}`;
	const work = git.path("work");
	const head = async (cwd: string) => (await git.ok(["rev-parse", "HEAD"], { cwd })).trim();

	/** The balancer's entries since `from` that `pattern` matches; they must have gone to both hubs. */
	function servedByBoth(from: number, pattern: RegExp) {
		const entries = balancer.log.slice(from).filter((entry) => pattern.test(entry.path));
		expect(new Set(entries.map((entry) => entry.backend))).toEqual(new Set([0, 1]));
		return entries;
	}

	/** On each hub directly: main is `sha` (its files and tree), and `path` there holds `text`. */
	async function bothHubsShow(sha: string, path: string, text: string) {
		for (const hub of hubs) {
			const resolved = await fetch(`${hub}/${repo}/resolve/main/${path}`);
			expect(resolved.headers.get("x-repo-commit")).toBe(sha);
			expect(await resolved.text()).toBe(text);
			const tree = await json(`${hub}/api/models/${repo}/tree/main`);
			expect(tree.map((entry: { path: string }) => entry.path)).toContain(path);
			// By its id, not `main`: model info may be up to its documented cache time old on the other hub.
			expect((await json(`${hub}/api/models/${repo}/revision/${sha}`)).sha).toBe(sha);
		}
	}

	beforeAll(async () => {
		setup = await startHubsBehindBalancer({
			prepare: async (deps) => {
				token = (await createAccessToken(deps.db, "alice", { role: "write" })).token;
			},
		});
		balancer = setup.balancer;
		hubs = [...balancer.backends];
		// git-lfs's filters and hooks in the sandbox's own HOME, for every clone below.
		await git.ok(["lfs", "install"]);
		await git.ok(["config", "--global", "lfs.locksverify", "false"]);
		expect((await createRepoRaw(balancer.url, token, { name: "demo" })).status).toBe(200);
		const first = await commitRaw(hubs[0] as string, token, repo, [
			header("first files"),
			inline("README.md", "# Demo\n"),
			inline("config/settings.json", '{"layers": 2}\n'),
		]);
		expect(first.status).toBe(200);
	}, 120_000);

	afterAll(async () => {
		git.dispose();
		await setup?.close();
	});

	it("clones with protocol v2 and v0 at the API's commit, each clone's requests served by both hubs", async () => {
		const api = await json(`${hubs[1]}/api/models/${repo}`);
		// v2: the advertisement, ls-refs and fetch; v0: the advertisement and the pack.
		for (const [version, requests] of [
			["2", 3],
			["0", 2],
		] as const) {
			const from = balancer.log.length;
			const dir = git.path(`clone-v${version}`);
			await git.ok(["-c", `protocol.version=${version}`, "clone", "-q", `${balancer.url}/${repo}`, dir]);
			expect(servedByBoth(from, GIT_REQUEST)).toHaveLength(requests);
			expect(await head(dir)).toBe(api.sha);
			expect(readFileSync(join(dir, "config/settings.json"), "utf8")).toBe('{"layers": 2}\n');
			expect((await git.ok(["fsck", "--strict"], { cwd: dir })).trim()).toBe("");
		}
	});

	it("pushes a commit through the balancer that each hub then shows, and a second clone has", async () => {
		await git.ok(["clone", "-q", remote(), work]);
		writeFileSync(join(work, "notes.txt"), "pushed through the balancer\n");
		await git.ok(["add", "notes.txt"], { cwd: work });
		await git.ok(["commit", "-q", "-m", "notes through git"], { cwd: work });
		const from = balancer.log.length;
		await git.ok(["push", "-q", "origin", "main"], { cwd: work });
		servedByBoth(from, GIT_REQUEST);
		const pushed = await head(work);
		await bothHubsShow(pushed, "notes.txt", "pushed through the balancer\n");

		const again = git.path("clone-after-push");
		await git.ok(["clone", "-q", `${balancer.url}/${repo}`, again]);
		expect(await head(again)).toBe(pushed);
		expect(readFileSync(join(again, "notes.txt"), "utf8")).toBe("pushed through the balancer\n");
		expect((await git.ok(["fsck", "--strict"], { cwd: again })).trim()).toBe("");
	});

	it("refuses a push as stale when the other hub's API moved main after the advertisement; nothing is lost", async () => {
		const parent = await head(work);
		writeFileSync(join(work, "race.txt"), "from git\n");
		await git.ok(["add", "race.txt"], { cwd: work });
		await git.ok(["commit", "-q", "-m", "race through git"], { cwd: work });
		// The pack waits at the balancer while a commit on the same parent goes through the other hub.
		let apiCommit: Awaited<ReturnType<typeof commitRaw>> | undefined;
		let receivingHub = -1;
		balancer.hold = async (entry) => {
			if (entry.method !== "POST" || !entry.path.endsWith("/git-receive-pack")) return;
			balancer.hold = undefined;
			receivingHub = entry.backend;
			apiCommit = await commitRaw(hubs[1 - entry.backend] as string, token, repo, [
				header("race through the API", parent),
				inline("api.txt", "from the API\n"),
			]);
		};
		const push = await git.run(["push", "origin", "main"], { cwd: work });
		balancer.hold = undefined;
		expect(receivingHub).not.toBe(-1);
		expect(apiCommit?.status).toBe(200);
		const apiSha = apiCommit?.body.commitOid as string;
		expect(push.status).not.toBe(0);
		expect(push.stderr).toMatch(/\[remote rejected\] main -> main \(stale info/);
		await bothHubsShow(apiSha, "api.txt", "from the API\n");

		// git fetches, rebases and pushes again: both commits are kept, the API's under git's.
		await git.ok(["pull", "-q", "--rebase", "origin", "main"], { cwd: work });
		await git.ok(["push", "-q", "origin", "main"], { cwd: work });
		const rebased = await head(work);
		expect((await git.ok(["log", "-3", "--format=%H"], { cwd: work })).trim().split("\n")).toEqual([
			rebased,
			apiSha,
			parent,
		]);
		await bothHubsShow(rebased, "race.txt", "from git\n");
		await bothHubsShow(rebased, "api.txt", "from the API\n");
		// The other way round: an API commit on the parent git's push replaced is the one refused.
		const late = await commitRaw(hubs[receivingHub] as string, token, repo, [
			header("late through the API", apiSha),
			inline("late.txt", "late\n"),
		]);
		expect(late.status).toBe(412);
		await bothHubsShow(rebased, "race.txt", "from git\n");
	});

	it("pushes an LFS file and clones it back with git-lfs, its calls served by both hubs", async () => {
		await git.ok(["lfs", "track", "*.bin"], { cwd: work });
		const weights = randomBytes(3 * 1024 * 1024);
		writeFileSync(join(work, "model.bin"), weights);
		await git.ok(["add", ".gitattributes", "model.bin"], { cwd: work });
		await git.ok(["commit", "-q", "-m", "weights"], { cwd: work });
		const pushFrom = balancer.log.length;
		await git.ok(["push", "-q", "origin", "main"], { cwd: work });
		// git-lfs sends verify without credentials first, and again with them after the 401.
		const uploads = servedByBoth(pushFrom, LFS_REQUEST).map(described);
		for (const call of [/^200 POST .*\/objects\/batch$/, /^200 PUT .*\/uploads\//, /^200 POST .*\/objects\/verify$/]) {
			expect(uploads.filter((line) => call.test(line))).toHaveLength(1);
		}
		servedByBoth(pushFrom, GIT_REQUEST);
		const pushed = await head(work);
		for (const hub of hubs) {
			const read = await fetch(`${hub}/${repo}/resolve/main/model.bin`);
			expect(read.headers.get("x-repo-commit")).toBe(pushed);
			expect(Buffer.from(await read.arrayBuffer()).equals(weights)).toBe(true);
		}

		const cloneFrom = balancer.log.length;
		const clone = git.path("lfs-clone");
		await git.ok(["clone", "-q", `${balancer.url}/${repo}`, clone]);
		const downloads = servedByBoth(cloneFrom, LFS_REQUEST).map(described);
		expect(downloads.filter((line) => /^200 POST .*\/objects\/batch$/.test(line))).toHaveLength(1);
		expect(downloads.filter((line) => /^200 GET .*\/objects\/[0-9a-f]{64}\?sig=/.test(line))).toHaveLength(1);
		expect(readFileSync(join(clone, "model.bin")).equals(weights)).toBe(true);
		expect(await git.ok(["cat-file", "-p", "HEAD:model.bin"], { cwd: clone })).toContain(
			"version https://git-lfs.github.com/spec/v1",
		);
	});
});
