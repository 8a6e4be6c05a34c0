/**
 * Debian's git and git-lfs against a hub on loopback, over the URLs huggingface.co uses: clone
 * (protocol v2 and v0, shallow), pull after a commit made through the API, push that the API then
 * shows, annotated tags both ways (pushed, and made through the API with a message), LFS both
 * ways, private repositories behind a token in the URL, and the push rules (no
 * large file outside LFS, no rewriting a branch without admin). On every database engine and on
 * the S3 store: the git objects live where the repository lives.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { GitCli } from "../src/git/test-support/git-cli.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { useHttpHubOn } from "./support/hub.js";
import { createTestOrganization } from "./support/repos.js";
import { SETUPS } from "./support/stores.js";

const MB = 1024 * 1024;

describe.each(SETUPS)("git and git-lfs over smart HTTP ($label)", (setup) => {
	const hub = useHttpHubOn(setup);
	const git = new GitCli();
	afterAll(() => git.dispose());
	let alice = "";
	let carol = "";
	/** `http://<user>:<token>@127.0.0.1:<port>/<path>`, as a user pastes it. */
	const withToken = (token: string, path: string) => hub.url.replace("://", `://user:${token}@`) + path;
	const apiInfo = async (path: string) => (await fetch(`${hub.url}/api/${path}`)).json();

	beforeAll(async () => {
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		carol = (await createAccessToken(hub.deps.db, "carol", { role: "write" })).token;
		await createTestOrganization(hub.deps.db, "acme", [
			["alice", "admin"],
			["carol", "write"],
		]);
		expect((await createRepoRaw(hub.url, alice, { name: "demo", organization: "acme" })).status).toBe(200);
		const first = await commitRaw(hub.url, alice, "acme/demo", [
			header("first files"),
			inline("README.md", "# Demo\n"),
			inline("config/settings.json", '{"layers": 2}\n'),
		]);
		expect(first.status).toBe(200);
	});

	it("clones with protocol v2 and v0 at the commit the API shows", async () => {
		const api = await apiInfo("models/acme/demo");
		for (const version of ["2", "0"]) {
			const dir = git.path(`clone-v${version}`);
			await git.ok(["-c", `protocol.version=${version}`, "clone", "-q", `${hub.url}/acme/demo`, dir]);
			expect((await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim()).toBe(api.sha);
			expect(readFileSync(join(dir, "config/settings.json"), "utf8")).toBe('{"layers": 2}\n');
			expect((await git.ok(["fsck", "--strict"], { cwd: dir })).trim()).toBe("");
		}
	});

	it("pulls a commit made through the API", async () => {
		const dir = git.path("clone-v2");
		const made = await commitRaw(hub.url, alice, "acme/demo", [header("add notes"), inline("notes.txt", "hello\n")]);
		expect(made.status).toBe(200);
		await git.ok(["pull", "-q", "--ff-only"], { cwd: dir });
		expect((await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim()).toBe(made.body.commitOid);
		expect((await git.ok(["log", "-1", "--format=%s"], { cwd: dir })).trim()).toBe("add notes");
		expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("hello\n");
	});

	it("pushes commits the API then shows, and new branches and tags", async () => {
		const dir = git.path("clone-v2");
		await git.ok(["remote", "set-url", "origin", withToken(alice, "/acme/demo")], { cwd: dir });
		writeFileSync(join(dir, "run.sh"), "#!/bin/sh\necho hi\n");
		chmodSync(join(dir, "run.sh"), 0o755);
		writeFileSync(join(dir, "notes.txt"), "hello from git\n");
		await git.ok(["add", "-A"], { cwd: dir });
		await git.ok(["commit", "-q", "-m", "from git\n\nwith a body"], { cwd: dir });
		await git.ok(["tag", "v1"], { cwd: dir });
		await git.ok(["push", "-q", "origin", "main", "v1", "main:feature"], { cwd: dir });
		const head = (await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim();

		expect((await apiInfo("models/acme/demo")).sha).toBe(head);
		const resolved = await fetch(`${hub.url}/acme/demo/resolve/main/notes.txt`);
		expect(resolved.headers.get("x-repo-commit")).toBe(head);
		expect(await resolved.text()).toBe("hello from git\n");
		const commits = await apiInfo("models/acme/demo/commits/main");
		expect(commits[0]).toMatchObject({ id: head, title: "from git", message: "with a body" });
		expect((await apiInfo(`models/acme/demo/revision/${head}`)).sha).toBe(head);
		const refs = await apiInfo("models/acme/demo/refs");
		expect(refs.branches.map((branch: { name: string }) => branch.name).sort()).toEqual(["feature", "main"]);
		expect(refs.tags).toEqual([expect.objectContaining({ name: "v1", targetCommit: head })]);
		const tree = await apiInfo("models/acme/demo/tree/main");
		expect(tree.map((entry: { path: string }) => entry.path)).toContain("run.sh");

		// A fresh clone gets back exactly what was pushed, the executable bit included.
		const again = git.path("clone-after-push");
		await git.ok(["clone", "-q", `${hub.url}/acme/demo`, again]);
		expect((await git.ok(["ls-files", "-s", "run.sh"], { cwd: again })).startsWith("100755")).toBe(true);

		await git.ok(["push", "-q", "origin", ":feature"], { cwd: dir });
		const after = await apiInfo("models/acme/demo/refs");
		expect(after.branches.map((branch: { name: string }) => branch.name)).toEqual(["main"]);
	});

	it("keeps annotated tags, pushed with git or made through the API with a message", async () => {
		const dir = git.path("clone-v2");
		await git.ok(["tag", "-a", "v2", "-m", "Release two\n\nWith notes."], { cwd: dir });
		await git.ok(["push", "-q", "origin", "v2"], { cwd: dir });
		const pushed = (await git.ok(["rev-parse", "v2"], { cwd: dir })).trim();
		const head = (await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim();
		expect(pushed).not.toBe(head);
		expect((await apiInfo("models/acme/demo/refs")).tags).toContainEqual(
			expect.objectContaining({ name: "v2", ref: "refs/tags/v2", targetCommit: head }),
		);
		const made = await fetch(`${hub.url}/api/models/acme/demo/tag/main`, {
			method: "POST",
			headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
			body: JSON.stringify({ tag: "v3", message: "Tagged through the API" }),
		});
		expect(made.status).toBe(200);

		const clone = git.path("clone-tags");
		await git.ok(["clone", "-q", `${hub.url}/acme/demo`, clone]);
		expect((await git.ok(["cat-file", "-t", "v2"], { cwd: clone })).trim()).toBe("tag");
		expect((await git.ok(["rev-parse", "v2"], { cwd: clone })).trim()).toBe(pushed);
		expect(await git.ok(["tag", "-l", "--format=%(contents)", "v2"], { cwd: clone })).toBe(
			"Release two\n\nWith notes.\n\n",
		);
		expect((await git.ok(["describe", "--match", "v2"], { cwd: clone })).trim()).toBe("v2");
		expect((await git.ok(["cat-file", "-t", "v3"], { cwd: clone })).trim()).toBe("tag");
		expect(await git.ok(["cat-file", "-p", "v3"], { cwd: clone })).toMatch(
			/^object [0-9a-f]{40}\ntype commit\ntag v3\ntagger alice <alice@users\.noreply\.hubkit> \d+ \+0000\n\nTagged through the API\n$/,
		);
		expect((await git.ok(["fsck", "--strict"], { cwd: clone })).trim()).toBe("");

		// An existing clone fetches the API's tag, and deleting it with git compares its tag object.
		await git.ok(["fetch", "-q", "--tags", "origin"], { cwd: dir });
		expect((await git.ok(["rev-parse", "v3"], { cwd: dir })).trim()).toBe(
			(await git.ok(["rev-parse", "v3"], { cwd: clone })).trim(),
		);
		await git.ok(["push", "-q", "origin", ":refs/tags/v3"], { cwd: dir });
		const tags = (await apiInfo("models/acme/demo/refs")).tags.map((tag: { name: string }) => tag.name);
		expect(tags).toEqual(["v1", "v2"]);
	});

	it("clones one commit deep", async () => {
		const dir = git.path("shallow");
		await git.ok(["clone", "-q", "--depth", "1", `${hub.url}/acme/demo`, dir]);
		expect((await git.ok(["rev-list", "--count", "HEAD"], { cwd: dir })).trim()).toBe("1");
		expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("hello from git\n");
	});

	it("advertises a pull request's head, which git fetches by name and the API resolves", async () => {
		// No route opens pull requests yet: the ref is written as a mirror writes its upstream's
		// (mirror-special-refs.test.ts).
		const head = (await apiInfo("models/acme/demo/revision/main")).sha;
		const pr = { repo_id: "acme/demo", kind: "pr", name: "1", commit_sha: head } as const;
		await hub.deps.db.insertInto("special_refs").values(pr).execute();
		try {
			expect(await git.ok(["ls-remote", `${hub.url}/acme/demo`])).toContain(`${head}\trefs/pr/1`);
			const dir = git.path("clone-v2");
			await git.ok(["fetch", "-q", "origin", "refs/pr/1:refs/remotes/origin/pr/1"], { cwd: dir });
			expect((await git.ok(["rev-parse", "origin/pr/1"], { cwd: dir })).trim()).toBe(head);
			expect((await apiInfo(`models/acme/demo/revision/${encodeURIComponent("refs/pr/1")}`)).sha).toBe(head);
			expect((await apiInfo("models/acme/demo/refs?include_prs=1")).pullRequests).toEqual([
				{ name: "refs/pr/1", ref: "refs/pr/1", targetCommit: head },
			]);
		} finally {
			await hub.deps.db.deleteFrom("special_refs").where("repo_id", "=", pr.repo_id).execute();
		}
	});

	it("refuses a rewrite of main to a writer and lets an admin force it", async () => {
		const dir = git.path("rewrite");
		await git.ok(["clone", "-q", withToken(carol, "/acme/demo"), dir]);
		await git.ok(["reset", "-q", "--hard", "HEAD~1"], { cwd: dir });
		writeFileSync(join(dir, "other.txt"), "another line of history\n");
		await git.ok(["add", "-A"], { cwd: dir });
		await git.ok(["commit", "-q", "-m", "rewrite"], { cwd: dir });
		const before = (await apiInfo("models/acme/demo")).sha;

		const plain = await git.run(["push", "origin", "main"], { cwd: dir });
		expect(plain.status).not.toBe(0);
		const forced = await git.run(["push", "--force", "origin", "main"], { cwd: dir });
		expect(forced.status).not.toBe(0);
		expect(forced.stderr).toMatch(/non-fast-forward|admin/i);
		expect((await apiInfo("models/acme/demo")).sha).toBe(before);

		await git.ok(["remote", "set-url", "origin", withToken(alice, "/acme/demo")], { cwd: dir });
		await git.ok(["push", "-q", "--force", "origin", "main"], { cwd: dir });
		const head = (await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim();
		expect((await apiInfo("models/acme/demo")).sha).toBe(head);
	});

	it("refuses a large file outside LFS with advice to use it", async () => {
		const dir = git.path("rewrite");
		writeFileSync(join(dir, "big.raw"), randomBytes(11 * MB));
		await git.ok(["add", "big.raw"], { cwd: dir });
		await git.ok(["commit", "-q", "-m", "too big"], { cwd: dir });
		const push = await git.run(["push", "origin", "main"], { cwd: dir });
		expect(push.status).not.toBe(0);
		expect(push.stderr).toMatch(/lfs/i);
		await git.ok(["reset", "-q", "--hard", "HEAD~1"], { cwd: dir });
	});

	it("pushes and clones an LFS file with git-lfs", async () => {
		const dir = git.path("rewrite");
		await git.ok(["lfs", "install", "--local"], { cwd: dir });
		await git.ok(["config", "lfs.locksverify", "false"], { cwd: dir });
		await git.ok(["lfs", "track", "*.bin"], { cwd: dir });
		const weights = randomBytes(12 * MB);
		writeFileSync(join(dir, "model.bin"), weights);
		await git.ok(["add", ".gitattributes", "model.bin"], { cwd: dir });
		await git.ok(["commit", "-q", "-m", "weights"], { cwd: dir });
		await git.ok(["push", "-q", "origin", "main"], { cwd: dir });

		const resolved = await fetch(`${hub.url}/acme/demo/resolve/main/model.bin`);
		expect(Buffer.from(await resolved.arrayBuffer()).equals(weights)).toBe(true);
		const [entry] = await (
			await fetch(`${hub.url}/api/models/acme/demo/paths-info/main`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ paths: ["model.bin"] }),
			})
		).json();
		expect(entry.lfs).toMatchObject({ size: weights.length });

		// A clone with git-lfs set up fetches the bytes; git itself holds the pointer.
		await git.ok(["lfs", "install"]);
		const clone = git.path("lfs-clone");
		await git.ok(["clone", "-q", `${hub.url}/acme/demo`, clone]);
		expect(readFileSync(join(clone, "model.bin")).equals(weights)).toBe(true);
		expect(await git.ok(["cat-file", "-p", "HEAD:model.bin"], { cwd: clone })).toContain(
			"version https://git-lfs.github.com/spec/v1",
		);
		await git.ok(["lfs", "uninstall"]);
	});

	it("keeps a private dataset from anyone without a token", async () => {
		expect((await createRepoRaw(hub.url, alice, { name: "secret", type: "dataset", private: true })).status).toBe(200);
		expect(
			(
				await commitRaw(hub.url, alice, "alice/secret", [header("data"), inline("data.csv", "a,b\n1,2\n")], {
					type: "datasets",
				})
			).status,
		).toBe(200);
		const anonymous = await git.run(["clone", "-q", `${hub.url}/datasets/alice/secret`, git.path("secret-anonymous")]);
		expect(anonymous.status).not.toBe(0);
		expect(existsSync(git.path("secret-anonymous", "data.csv"))).toBe(false);
		const stranger = await git.run([
			"clone",
			"-q",
			withToken(carol, "/datasets/alice/secret"),
			git.path("secret-carol"),
		]);
		expect(stranger.status).not.toBe(0);

		const dir = git.path("secret-alice");
		await git.ok(["clone", "-q", withToken(alice, "/datasets/alice/secret.git"), dir]);
		expect(readFileSync(join(dir, "data.csv"), "utf8")).toBe("a,b\n1,2\n");
		expect((await git.ok(["rev-parse", "HEAD"], { cwd: dir })).trim()).toBe(
			(
				await (
					await fetch(`${hub.url}/api/datasets/alice/secret`, { headers: { authorization: `Bearer ${alice}` } })
				).json()
			).sha,
		);
	});
});
