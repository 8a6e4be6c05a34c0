/**
 * A mirror's revisions besides `main`, as real processes: an upstream hub whose model has a tag on
 * its first commit, a branch on its second and `main` on its third, a counting proxy in front of
 * it, and a caching mirror (HUBKIT_UPSTREAM, a refresh time of one second) behind that.
 * huggingface_hub downloads a file by commit id, tag and branch through the mirror and gets each
 * revision's bytes under the upstream's commit ids, and the mirror's refs list the tag and branch,
 * and every branch and tag of the upstream (also never read ones; those it deletes go);
 * a commit id once held is never asked upstream again, a branch is re-checked once old (and
 * follows the upstream's), and a commit no branch names any more survives gc. `hubkit mirror` with
 * --include/--exclude fetches only the files the patterns want (listing the others), fetches
 * nothing on a second run and only the changed file after an upstream commit. With the upstream
 * gone, a held tag is still served and a revision never mirrored is a 502 naming the upstream.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Balancer, startBalancer } from "./support/balancer.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { writeFolder } from "./support/folders.js";
import { pythonClients } from "./support/python-clients.js";

const execute = promisify(execFile);
const DOWNLOAD_REVISIONS = new URL("./clients/mirror-revisions.py", import.meta.url).pathname;

const MODEL = "kim/revisions";
const REFRESH_SECONDS = 1;
/**
 * config.json says the version; weights.safetensors changes up to version 3, then stays; the other
 * files never change. weights.safetensors and extra.bin are LFS files.
 */
const version = (n: number) => [
	{ path: "README.md", content: "---\nlicense: mit\n---\n# Revisions\n" },
	{ path: "config.json", content: `{"version": ${n}}\n` },
	{ path: "tokenizer.json", content: '{"vocab": ["a", "b"]}\n' },
	{ path: "weights.safetensors", content: Buffer.alloc(3000, Math.min(n, 3)) },
	{ path: "extra.bin", content: Buffer.alloc(2000, 7) },
];

interface Refs {
	branches: { name: string; targetCommit: string }[];
	tags: { name: string; targetCommit: string }[];
}

describe.each(ENGINES)("a mirror's branches, tags and commit ids (%s)", (engine) => {
	let source: TestDatabase;
	let target: TestDatabase;
	let prefetched: TestDatabase;
	let upstream: ServingCli;
	let proxy: Balancer;
	let mirror: ServingCli;
	let token: string;
	/** The upstream's commits: the tag v1, the branch dev, main. */
	const commits: string[] = [];
	const folders: string[] = [];

	const upstreamCalls = (fragment: string) => proxy.log.filter((entry) => entry.path.includes(fragment)).length;
	const importVersion = async (n: number) => {
		const folder = writeFolder(version(n));
		folders.push(folder);
		const imported = await runCli(["import", folder, "--repo", MODEL, "--data", source.config.dataDir], source.cliEnv);
		expect(imported.code, imported.output).toBe(0);
		return /main at ([0-9a-f]{40})/.exec(imported.output)?.[1] as string;
	};
	const upstreamWrite = async (path: string, body: unknown) => {
		const answer = await fetch(`${upstream.url}/api/models/${MODEL}${path}`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify(body),
		});
		expect(answer.status, await answer.clone().text()).toBe(200);
	};
	const shaAt = async (revision: string) => {
		const answer = await fetch(`${mirror.url}/api/models/${MODEL}/revision/${encodeURIComponent(revision)}`);
		expect(answer.status).toBe(200);
		return ((await answer.json()) as { sha: string }).sha;
	};
	const configAt = async (revision: string) => {
		const answer = await fetch(`${mirror.url}/${MODEL}/resolve/${encodeURIComponent(revision)}/config.json`);
		return { status: answer.status, commit: answer.headers.get("x-repo-commit"), text: await answer.text() };
	};
	const downloadThroughMirror = async (revisions: string[]) => {
		const home = mkdtempSync(join(tmpdir(), "hubkit-mirror-revisions-"));
		folders.push(home);
		const { stdout } = await execute(pythonClients("requirements-hf1.txt"), [DOWNLOAD_REVISIONS], {
			env: {
				PATH: process.env.PATH,
				HF_HOME: home,
				HF_ENDPOINT: mirror.url,
				HUBKIT_REPO: MODEL,
				HUBKIT_FILE: "config.json",
				HUBKIT_REVISIONS: revisions.join(","),
			},
		});
		return JSON.parse(stdout) as {
			downloads: Record<string, { commit: string; text: string }>;
			branches: Record<string, string>;
			tags: Record<string, string>;
		};
	};

	beforeAll(async () => {
		[source, target, prefetched] = await Promise.all([
			startTestDatabase(engine),
			startTestDatabase(engine),
			startTestDatabase(engine),
		]);
		// kim owns the namespace upstream, so kim's token may make its branches and tags.
		const created = await runCli(
			["token", "create", "--user", "kim", "--role", "write", "--data", source.config.dataDir],
			source.cliEnv,
		);
		expect(created.code, created.output).toBe(0);
		token = /hf_[A-Za-z0-9]+/.exec(created.output)?.[0] as string;
		commits.push(await importVersion(1));
		upstream = await serveCli(["--data", source.config.dataDir], source.cliEnv);
		await upstreamWrite("/tag/main", { tag: "v1" });
		commits.push(await importVersion(2));
		await upstreamWrite("/branch/dev", {});
		commits.push(await importVersion(3));
		proxy = await startBalancer();
		proxy.backends.push(upstream.url);
		mirror = await serveCli(["--data", target.config.dataDir], {
			...target.cliEnv,
			HUBKIT_UPSTREAM: proxy.url,
			HUBKIT_MIRROR_REFRESH_SECONDS: String(REFRESH_SECONDS),
		});
	});

	afterAll(async () => {
		for (const hub of [mirror, upstream]) hub?.child.kill("SIGKILL");
		await Promise.all([mirror?.exited, upstream?.exited]);
		await proxy?.close().catch(() => undefined);
		for (const database of [source, target, prefetched]) await database?.cleanup();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it("serves huggingface_hub a commit id, a tag and a branch under the upstream's commit ids, and lists them as refs", async () => {
		const [v1, dev, main] = commits as [string, string, string];
		// By id first: the commit dev names upstream is then held here without any branch naming it.
		const read = await downloadThroughMirror([dev, "v1", "dev"]);
		expect(read.downloads).toEqual({
			[dev]: { commit: dev, text: '{"version": 2}\n' },
			v1: { commit: v1, text: '{"version": 1}\n' },
			dev: { commit: dev, text: '{"version": 2}\n' },
		});
		expect(read.branches).toEqual({ main, dev });
		expect(read.tags).toEqual({ v1 });
		const refs = (await (await fetch(`${mirror.url}/api/models/${MODEL}/refs`)).json()) as Refs;
		expect(refs.tags).toEqual([{ name: "v1", ref: "refs/tags/v1", targetCommit: v1 }]);
		// Each revision's files were read upstream once, at its commit.
		expect(upstreamCalls(`/api/models/${MODEL}/tree/${dev}`)).toBe(1);
		expect(upstreamCalls(`/api/models/${MODEL}/tree/${v1}`)).toBe(1);
		// An LFS file of a revision is listed with the upstream's facts and fetched on its first GET.
		const listing = (await (await fetch(`${mirror.url}/api/models/${MODEL}/tree/v1`)).json()) as {
			path: string;
			lfs?: { size: number };
		}[];
		expect(listing.find((entry) => entry.path === "weights.safetensors")?.lfs?.size).toBe(3000);
		expect(upstreamCalls(`/${MODEL}/resolve/${v1}/weights.safetensors`)).toBe(0);
		const weights = await fetch(`${mirror.url}/${MODEL}/resolve/v1/weights.safetensors`);
		expect(Buffer.from(await weights.arrayBuffer()).equals(Buffer.alloc(3000, 1))).toBe(true);
		expect(upstreamCalls(`/${MODEL}/resolve/${v1}/weights.safetensors`)).toBe(1);
		// A revision the upstream does not have is a 404 here, as for any repository.
		expect((await configAt("v9")).status).toBe(404);
	}, 900_000);

	it("never asks for a held commit id again, re-checks a branch once old, and keeps a commit no branch names through gc", async () => {
		const [, dev, main] = commits as [string, string, string];
		await sleep(REFRESH_SECONDS * 1000 + 500);
		const byId = upstreamCalls(dev);
		expect(await configAt(dev)).toEqual({ status: 200, commit: dev, text: '{"version": 2}\n' });
		expect(upstreamCalls(dev)).toBe(byId);

		const refsRead = upstreamCalls(`/api/models/${MODEL}/refs`);
		expect(await shaAt("dev")).toBe(dev);
		expect(upstreamCalls(`/api/models/${MODEL}/refs`)).toBe(refsRead + 1);
		// Within the refresh time the branch is answered here alone.
		expect(await shaAt("dev")).toBe(dev);

		// The upstream's dev moves to main's commit: once old, the mirror's follows.
		await upstreamWrite("/branch/dev", { startingPoint: "main", overwrite: true });
		await sleep(REFRESH_SECONDS * 1000 + 500);
		expect(await shaAt("dev")).toBe(main);
		const refs = (await (await fetch(`${mirror.url}/api/models/${MODEL}/refs`)).json()) as Refs;
		expect(refs.branches.map((branch) => [branch.name, branch.targetCommit])).toEqual([
			["dev", main],
			["main", main],
		]);

		// Nothing names the old dev commit now but its id; gc (no grace period) keeps it and its files.
		const weights = await fetch(`${mirror.url}/${MODEL}/resolve/${dev}/weights.safetensors`);
		expect(weights.status).toBe(200);
		await weights.arrayBuffer();
		const collected = await runCli(["gc", "--grace-minutes", "0", "--data", target.config.dataDir], target.cliEnv);
		expect(collected.code, collected.output).toBe(0);
		expect(await configAt(dev)).toEqual({ status: 200, commit: dev, text: '{"version": 2}\n' });
		const again = await fetch(`${mirror.url}/${MODEL}/resolve/${dev}/weights.safetensors`);
		expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.alloc(3000, 2))).toBe(true);
		expect(upstreamCalls(`/${MODEL}/resolve/${dev}/weights.safetensors`)).toBe(1);
		const checked = await runCli(["check", "--deep", "--data", target.config.dataDir], target.cliEnv);
		expect(checked.code, checked.output).toBe(0);
	});

	it("prefetches with hubkit mirror only the files the patterns want, then only what changed", async () => {
		const mirrorOnce = async () => {
			const run = await runCli(
				[
					"mirror",
					MODEL,
					"--from",
					proxy.url,
					"--include",
					"*.json",
					"--include",
					"*.safetensors",
					"--exclude",
					"tokenizer*",
					"--data",
					prefetched.config.dataDir,
				],
				prefetched.cliEnv,
			);
			expect(run.code, run.output).toBe(0);
			return run.output;
		};
		const resolves = (path: string) =>
			proxy.log.filter((entry) => entry.path.startsWith(`/${MODEL}/resolve/`) && entry.path.endsWith(`/${path}`))
				.length;
		const before = { extra: resolves("extra.bin") };

		const first = await mirrorOnce();
		expect(first).toMatch(/later +extra\.bin/);
		expect(first).toMatch(/downloaded +weights\.safetensors/);
		expect(first).toContain("5 fetched, 0 already here, 1 LFS files left upstream");
		expect(resolves("extra.bin")).toBe(before.extra);

		const second = await mirrorOnce();
		expect(second).toContain("0 fetched, 5 already here, 1 LFS files left upstream");
		expect(second).toContain(`Unchanged: model ${MODEL} (6 files), main at ${commits[2]}`);

		const next = await importVersion(4);
		const third = await mirrorOnce();
		expect(third).toMatch(/downloaded +config\.json/);
		expect(third).toContain("1 fetched, 4 already here, 1 LFS files left upstream");
		expect(third).toContain(`Updated model ${MODEL} (6 files), main at ${next}`);
		expect(upstreamCalls(`/${MODEL}/resolve/${next}/config.json`)).toBe(1);
		expect(upstreamCalls(`/${MODEL}/resolve/${next}/`)).toBe(1);
		expect(resolves("extra.bin")).toBe(before.extra);

		// A tag lands as a tag of the mirror, under the upstream's commit id.
		const tagged = await runCli(
			["mirror", MODEL, "--from", proxy.url, "--revision", "v1", "--data", prefetched.config.dataDir],
			prefetched.cliEnv,
		);
		expect(tagged.code, tagged.output).toBe(0);
		expect(tagged.output).toContain(`Updated model ${MODEL} (6 files), v1 at ${commits[0]}`);
	});

	it("lists every branch and tag the upstream has, also ones never read, and drops those it deleted", async () => {
		await upstreamWrite("/branch/exp", { startingPoint: commits[0] });
		await upstreamWrite("/tag/main", { tag: "v3" });
		const upstreamRefs = (await (await fetch(`${upstream.url}/api/models/${MODEL}/refs`)).json()) as Refs;
		await sleep(REFRESH_SECONDS * 1000 + 500);
		const listRefs = async () => {
			const refs = (await (await fetch(`${mirror.url}/api/models/${MODEL}/refs`)).json()) as Refs;
			return {
				branches: refs.branches.map((branch) => [branch.name, branch.targetCommit]),
				tags: refs.tags.map((tag) => [tag.name, tag.targetCommit]),
			};
		};
		const listed = await listRefs();
		const named = (refs: { name: string; targetCommit: string }[]) =>
			refs.map((ref) => [ref.name, ref.targetCommit]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
		expect(listed.branches.sort()).toEqual(named(upstreamRefs.branches));
		expect(listed.tags.sort()).toEqual(named(upstreamRefs.tags));
		expect(listed.branches).toContainEqual(["exp", commits[0]]);
		// Listed is held: the new branch's files are here, under the upstream's commit.
		expect(await configAt("exp")).toEqual({ status: 200, commit: commits[0], text: '{"version": 1}\n' });

		const deleted = await fetch(`${upstream.url}/api/models/${MODEL}/branch/exp`, {
			method: "DELETE",
			headers: { authorization: `Bearer ${token}` },
		});
		expect(deleted.ok).toBe(true);
		// Within the refresh time the listing is this hub's alone; once old, the upstream's again.
		expect((await listRefs()).branches).toContainEqual(["exp", commits[0]]);
		await sleep(REFRESH_SECONDS * 1000 + 500);
		expect((await listRefs()).branches.map(([name]) => name)).not.toContain("exp");
		expect((await configAt("exp")).status).toBe(404);
	});

	it("serves a held tag with the upstream gone, and names the upstream for a revision it never fetched", async () => {
		await upstreamWrite("/tag/main", { tag: "v4" });
		await proxy.close();
		await sleep(REFRESH_SECONDS * 1000 + 500);
		const read = await downloadThroughMirror(["v1"]);
		expect(read.downloads.v1).toEqual({ commit: commits[0], text: '{"version": 1}\n' });
		const never = await fetch(`${mirror.url}/api/models/${MODEL}/revision/v4`);
		expect(never.status).toBe(502);
		const { error } = (await never.json()) as { error: string };
		expect(error).toContain(`${MODEL} at v4 is not mirrored here yet and the upstream failed`);
		expect(error).toContain(proxy.url);
	}, 900_000);
});
