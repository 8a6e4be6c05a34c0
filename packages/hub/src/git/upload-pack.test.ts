import { randomBytes } from "node:crypto";
import { readFileSync, readlinkSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GitCli } from "./test-support/git-cli.js";
import { type GitHttpServer, startGitHttpServer } from "./test-support/git-http-server.js";
import { MemoryRepository, type MemoryTree } from "./test-support/memory-repository.js";

const git = new GitCli();
let server: GitHttpServer;
beforeAll(async () => {
	server = await startGitHttpServer();
});
afterAll(async () => {
	await server.close();
	git.dispose();
});

const big = randomBytes(3 * 1024 * 1024);
let served = 0;

/** A repository of nested files, an executable, a symlink and a 3 MB blob in two commits, with a lightweight and an annotated tag. */
function sampleRepository(): { repo: MemoryRepository; url: string; files: MemoryTree } {
	const repo = new MemoryRepository();
	const files: MemoryTree = {
		"README.md": "# Tiny model\n",
		"run.sh": { data: "#!/bin/sh\necho run\n", mode: "100755" },
		"readme-link": { data: "README.md", mode: "120000" },
		"weights.bin": big,
		src: { "main.py": "print('main')\n", lib: { "util.py": "X = 1\n" } },
	};
	const first = repo.commitFiles(files, "Initial commit");
	repo.refMap.set("refs/tags/v1", first);
	files["README.md"] = "# Tiny model\n\nNow documented.\n";
	const second = repo.commitFiles(files, "Document the model");
	repo.annotatedTag("v2", second, "Release 2");
	const name = `repo-${++served}`;
	server.repositories.set(name, repo);
	return { repo, url: `${server.url}/${name}`, files };
}

async function clone(url: string, dir: string, ...options: string[]): Promise<string> {
	const run = await git.run(["clone", ...options, url, git.path(dir)]);
	if (run.status !== 0) throw new Error(`git clone exited ${run.status}: ${run.stderr}`);
	return run.stderr;
}

const inClone = (dir: string, args: string[]) => git.ok(args, { cwd: git.path(dir) });
const lines = (text: string) => text.trim().split("\n").filter(Boolean);

async function looseObjects(dir: string): Promise<number> {
	return Number(/^(\d+) objects/.exec(await inClone(dir, ["count-objects"]))?.[1]);
}

async function expectSampleWorkTree(dir: string): Promise<void> {
	await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
	expect(readFileSync(git.path(dir, "README.md"), "utf8")).toBe("# Tiny model\n\nNow documented.\n");
	expect(readFileSync(git.path(dir, "src/lib/util.py"), "utf8")).toBe("X = 1\n");
	expect(readFileSync(git.path(dir, "weights.bin")).equals(big)).toBe(true);
	expect(statSync(git.path(dir, "run.sh")).mode & 0o111).not.toBe(0);
	expect(statSync(git.path(dir, "README.md")).mode & 0o111).toBe(0);
	expect(readlinkSync(git.path(dir, "readme-link"))).toBe("README.md");
	expect(lines(await inClone(dir, ["ls-files", "-s"])).map((line) => line.split(" ")[0])).toEqual([
		"100644",
		"120000",
		"100755",
		"100644",
		"100644",
		"100644",
	]);
}

describe("git clone from upload-pack", () => {
	it.each([
		["2", "version=2"],
		["1", "version=1"],
		["0", ""],
	])("clones every file, mode and tag with protocol version %s", async (version, header) => {
		const { repo, url } = sampleRepository();
		const dir = `clone-v${version}`;
		await clone(url, dir, "-c", `protocol.version=${version}`);
		await expectSampleWorkTree(dir);
		const tip = repo.refMap.get("refs/heads/main");
		expect((await inClone(dir, ["rev-parse", "HEAD"])).trim()).toBe(tip);
		expect(lines(await inClone(dir, ["log", "--format=%s"]))).toEqual(["Document the model", "Initial commit"]);
		expect(lines(await inClone(dir, ["tag", "-l"]))).toEqual(["v1", "v2"]);
		expect((await inClone(dir, ["cat-file", "-t", "v2"])).trim()).toBe("tag");
		expect((await inClone(dir, ["symbolic-ref", "HEAD"])).trim()).toBe("refs/heads/main");
		const posts = server.requests.filter(
			(request) => request.path.endsWith("/git-upload-pack") && request.method === "POST",
		);
		expect(posts.at(-1)?.protocol).toBe(header);
	});

	it("clones an empty repository with git's warning, in both protocol versions", async () => {
		const repo = new MemoryRepository();
		server.repositories.set("empty", repo);
		for (const version of ["2", "0"]) {
			const stderr = await clone(`${server.url}/empty`, `empty-v${version}`, "-c", `protocol.version=${version}`);
			expect(stderr).toContain("You appear to have cloned an empty repository.");
			expect((await inClone(`empty-v${version}`, ["symbolic-ref", "HEAD"])).trim()).toBe("refs/heads/main");
		}
	});

	it.each(["2", "0"])("clones shallow with --depth 1 (protocol %s), the big blob once", async (version) => {
		const { repo, url } = sampleRepository();
		const dir = `shallow-v${version}`;
		await clone(url, dir, "--depth", "1", "-c", `protocol.version=${version}`);
		await expectSampleWorkTree(dir);
		const tip = repo.refMap.get("refs/heads/main");
		expect(readFileSync(git.path(dir, ".git/shallow"), "utf8")).toBe(`${tip}\n`);
		expect((await inClone(dir, ["rev-list", "--count", "HEAD"])).trim()).toBe("1");
	});
});

describe("git fetch and pull from upload-pack", () => {
	it.each(["2", "0"])("fetches only the new commit, its changed trees and blob (protocol %s)", async (version) => {
		const { repo, url, files } = sampleRepository();
		const dir = `fetch-v${version}`;
		await clone(url, dir, "-c", `protocol.version=${version}`);
		(files.src as MemoryTree).lib = { "util.py": "X = 2\n" };
		const third = repo.commitFiles(files, "Change the util");
		const before = await looseObjects(dir);
		repo.reads.length = 0;
		await inClone(dir, ["-c", `protocol.version=${version}`, "-c", "fetch.unpackLimit=1000", "fetch", "origin"]);
		// The commit, the root, src and src/lib trees, and util.py: nothing else crossed the wire.
		expect((await looseObjects(dir)) - before).toBe(5);
		expect(repo.reads).not.toContain(repo.blob(big));
		await inClone(dir, ["merge", "--ff-only", "origin/main"]);
		expect((await inClone(dir, ["rev-parse", "HEAD"])).trim()).toBe(third);
		expect(readFileSync(git.path(dir, "src/lib/util.py"), "utf8")).toBe("X = 2\n");
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
	});

	it.each(["2", "0"])("follows a new annotated tag on a fetched commit (protocol %s)", async (version) => {
		const { repo, url, files } = sampleRepository();
		const dir = `follow-tag-v${version}`;
		await clone(url, dir, "-c", `protocol.version=${version}`);
		files["README.md"] = "# Tiny model\n\nTagged.\n";
		const third = repo.commitFiles(files, "Third");
		const tag = repo.annotatedTag("v3", third, "Release 3");
		await inClone(dir, ["-c", `protocol.version=${version}`, "fetch", "origin"]);
		expect((await inClone(dir, ["rev-parse", "v3"])).trim()).toBe(tag);
		expect((await inClone(dir, ["rev-parse", "v3^{commit}"])).trim()).toBe(third);
	});

	it.each(["2", "0"])("pulls into a shallow clone and deepens it (protocol %s)", async (version) => {
		const { repo, url, files } = sampleRepository();
		const dir = `pull-shallow-v${version}`;
		const config = ["-c", `protocol.version=${version}`];
		await clone(url, dir, "--depth", "1", ...config);
		files["README.md"] = "# Tiny model\n\nPulled.\n";
		const third = repo.commitFiles(files, "Third");
		await inClone(dir, [...config, "pull", "--ff-only"]);
		expect((await inClone(dir, ["rev-parse", "HEAD"])).trim()).toBe(third);
		expect(readFileSync(git.path(dir, "README.md"), "utf8")).toBe("# Tiny model\n\nPulled.\n");
		expect((await inClone(dir, ["rev-list", "--count", "HEAD"])).trim()).toBe("2");
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);

		await inClone(dir, [...config, "fetch", "--deepen=1"]);
		expect((await inClone(dir, ["rev-list", "--count", "HEAD"])).trim()).toBe("3");
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
	});

	it.each(["2", "0"])("moves the boundary with fetch --depth and --unshallow (protocol %s)", async (version) => {
		const { repo, url, files } = sampleRepository();
		for (let index = 3; index <= 5; index++) {
			files["README.md"] = `# Tiny model ${index}\n`;
			repo.commitFiles(files, `Commit ${index}`);
		}
		const dir = `deepen-v${version}`;
		const config = ["-c", `protocol.version=${version}`];
		await clone(url, dir, "--depth", "2", ...config);
		expect((await inClone(dir, ["rev-list", "--count", "HEAD"])).trim()).toBe("2");
		await inClone(dir, [...config, "fetch", "--depth", "4"]);
		expect((await inClone(dir, ["rev-list", "--count", "origin/main"])).trim()).toBe("4");
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
		await inClone(dir, [...config, "fetch", "--unshallow"]);
		expect((await inClone(dir, ["rev-list", "--count", "origin/main"])).trim()).toBe("5");
		expect((await inClone(dir, ["rev-parse", "--is-shallow-repository"])).trim()).toBe("false");
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
	});

	it("negotiates over several stateless rounds with gzip bodies when the client has many commits of its own", async () => {
		const { repo, url, files } = sampleRepository();
		const dir = "many-haves";
		await clone(url, dir);
		// Forty commits of the clone's own, in one fast-import run.
		let parent = `from ${(await inClone(dir, ["rev-parse", "HEAD"])).trim()}\n`;
		let script = "";
		for (let index = 10; index < 50; index++) {
			script += `commit refs/heads/main\ncommitter Local <local@example.com> ${1_800_000_000 + index} +0000\n`;
			script += `data 9\nlocal ${index}\n${parent}\n`;
			parent = "";
		}
		await git.ok(["fast-import", "--quiet", "--force"], { cwd: git.path(dir), input: script });
		await inClone(dir, ["reset", "-q", "--hard", "main"]);
		for (const version of ["2", "0"]) {
			files["README.md"] = `# Tiny model\n\nUpstream moved for ${version}.\n`;
			const upstream = repo.commitFiles(files, `Upstream ${version}`);
			const from = server.requests.length;
			await inClone(dir, ["-c", `protocol.version=${version}`, "fetch", "origin"]);
			expect((await inClone(dir, ["rev-parse", "origin/main"])).trim()).toBe(upstream);
			const posts = server.requests.slice(from).filter((request) => request.method === "POST");
			expect(posts.length).toBeGreaterThan(1);
			// git gzips a request body past 1 KiB: the v2 rounds replay every common and new have.
			if (version === "2") expect(posts.some((request) => request.gzip)).toBe(true);
		}
		await inClone(dir, ["fsck", "--strict", "--no-dangling"]);
		expect(server.failures).toEqual([]);
	});
});

describe("what upload-pack refuses", () => {
	it.each(["2", "0"])("refuses a commit no ref reaches, serves one a ref reaches (protocol %s)", async (version) => {
		const { repo, url } = sampleRepository();
		const dir = `not-ours-v${version}`;
		const config = ["-c", `protocol.version=${version}`];
		await git.ok(["init", "-q", git.path(dir)]);
		const stray = repo.commit({ tree: repo.tree({ "secret.txt": "not published\n" }), message: "Stray" });
		const refused = await git.run([...config, "fetch", url, stray], { cwd: git.path(dir) });
		expect(refused.status).not.toBe(0);
		expect(refused.stderr).toContain(`remote error: upload-pack: not our ref ${stray}`);
		const first = repo.refMap.get("refs/tags/v1") as string;
		await git.ok([...config, "fetch", url, first], { cwd: git.path(dir) });
		expect((await inClone(dir, ["cat-file", "-t", first])).trim()).toBe("commit");
	});

	it("tells a --shallow-since clone that it is not supported", async () => {
		const { url } = sampleRepository();
		const run = await git.run(["clone", "--shallow-since=2020-01-01", url, git.path("since")]);
		expect(run.status).not.toBe(0);
		expect(run.stderr).toContain("deepen-since and deepen-not are not supported");
	});
});
