/**
 * A commit made through the API is a git commit: its id is what Debian's git computes for the
 * stored bytes, the bytes name the commit's tree and its parent, resolve and tree answer by it,
 * and `X-Repo-Commit` is it. And the repository read as git (services/git-repository.ts) hands
 * out commits, trees, blobs and LFS pointers that git writes into a bare repository and
 * `git fsck --strict` accepts, with the files `git ls-tree` lists. Both engines, over HTTP.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { parseCommit, parseTree } from "../src/git/objects.js";
import { openGitRepository } from "../src/services/git-repository.js";
import { checkIntegrity } from "../src/services/integrity.js";
import { lfsPointer } from "../src/storage/lfs.js";
import { commitRaw, createRepoRaw, header, headOf, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

const WEIGHTS = "not really weights\n";

let home = "";
beforeAll(async () => {
	home = await mkdtemp(join(tmpdir(), "hubkit-git-commits-"));
});
afterAll(async () => {
	await rm(home, { recursive: true, force: true });
});

/** Debian's git with a clean environment; `input` on its stdin. */
function git(args: string[], options: { cwd?: string; input?: Uint8Array } = {}): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
			cwd: options.cwd ?? home,
			env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" },
		});
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
		child.on("error", reject);
		child.on("close", (code) => {
			if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
			else reject(new Error(`git ${args.join(" ")} failed (${code}): ${Buffer.concat(err).toString("utf8")}`));
		});
		// The exit status decides: a command that exits without reading its input closes the pipe (EPIPE).
		child.stdin.on("error", () => undefined);
		child.stdin.end(options.input ?? new Uint8Array(0));
	});
}

describe.each(ENGINES)("API commits are git commits (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let token = "";
	let first = "";
	let second = "";

	beforeAll(async () => {
		({ token } = await createAccessToken(hub.deps.db, "gina", { role: "write" }));
		expect((await createRepoRaw(hub.url, token, { name: "history" })).status).toBe(200);
		first = (await headOf(hub.deps.db, "gina/history")) ?? "";
		const answer = await commitRaw(hub.url, token, "gina/history", [
			header("Add files"),
			inline("README.md", "# history\n"),
			inline("src/main.py", "print('hi')\n"),
			inline("weights.bin", WEIGHTS),
		]);
		expect(answer.status).toBe(200);
		second = answer.body.commitOid;
	});

	it("gives a commit the id git computes for its stored bytes, naming its tree and parent", async () => {
		expect(second).toBe(await headOf(hub.deps.db, "gina/history"));
		const row = await hub.deps.db
			.selectFrom("commits")
			.select(["git_object", "tree_oid", "parent_sha", "message"])
			.where("repo_id", "=", "gina/history")
			.where("sha", "=", second)
			.executeTakeFirstOrThrow();
		const bytes = Buffer.from(row.git_object, "base64");
		expect((await git(["hash-object", "-t", "commit", "--stdin"], { input: bytes })).trim()).toBe(second);
		const commit = parseCommit(bytes);
		expect(commit.tree).toBe(row.tree_oid);
		expect(commit.parents).toEqual([first]);
		expect(row.parent_sha).toBe(first);
		expect(commit.author).toMatchObject({ name: "gina", email: "gina@users.noreply.hubkit", timezone: "+0000" });
		expect(commit.committer).toEqual(commit.author);
		expect(Buffer.from(commit.message).toString()).toBe("Add files\n");
		expect(row.message).toBe("Add files");
	});

	it("resolves files, trees and X-Repo-Commit by the git id", async () => {
		const resolved = await fetch(`${hub.url}/gina/history/resolve/${second}/src/main.py`);
		expect(resolved.status).toBe(200);
		expect(await resolved.text()).toBe("print('hi')\n");
		expect(resolved.headers.get("x-repo-commit")).toBe(second);
		const onMain = await fetch(`${hub.url}/gina/history/resolve/main/README.md`);
		expect(onMain.headers.get("x-repo-commit")).toBe(second);
		await onMain.arrayBuffer();
		const tree = await fetch(`${hub.url}/api/models/gina/history/tree/${first}`);
		expect(tree.status).toBe(200);
		const paths = ((await tree.json()) as { path: string }[]).map((entry) => entry.path);
		expect(paths).not.toContain("src");
		const info = await fetch(`${hub.url}/api/models/gina/history/revision/${second}`);
		expect(info.status).toBe(200);
		expect(((await info.json()) as { sha: string }).sha).toBe(second);
	});

	it("reads the repository as git objects that git stores and checks", async () => {
		const view = openGitRepository(hub.deps, { key: "gina/history" });
		expect(await view.head()).toBe("refs/heads/main");
		expect(await view.refs()).toEqual([{ name: "refs/heads/main", oid: second }]);
		expect(await view.readObject("0".repeat(40))).toBeUndefined();

		const bare = await mkdtemp(join(home, "bare-"));
		await git(["init", "-q", "--bare", bare]);
		const written = new Set<string>();
		const copy = async (oid: string): Promise<void> => {
			if (written.has(oid)) return;
			written.add(oid);
			const object = await view.readObject(oid);
			expect(object, oid).toBeDefined();
			if (!object) return;
			const stored = await git(["hash-object", "-w", "--stdin", "-t", object.type], { cwd: bare, input: object.bytes });
			expect(stored.trim()).toBe(oid);
			if (object.type === "commit") {
				const commit = parseCommit(object.bytes);
				await copy(commit.tree);
				for (const parent of commit.parents) await copy(parent);
			} else if (object.type === "tree") {
				for (const entry of parseTree(object.bytes)) await copy(entry.oid);
			}
		};
		await copy(second);
		await git(["update-ref", "refs/heads/main", second], { cwd: bare });
		await git(["fsck", "--strict", "--no-dangling"], { cwd: bare });
		const listed = await git(["ls-tree", "-r", "--name-only", "main"], { cwd: bare });
		expect(listed.trim().split("\n")).toEqual([".gitattributes", "README.md", "src/main.py", "weights.bin"]);
		expect(await git(["cat-file", "-p", "main:src/main.py"], { cwd: bare })).toBe("print('hi')\n");
		// The LFS file is its pointer in git.
		const pointer = await git(["cat-file", "-p", "main:weights.bin"], { cwd: bare });
		expect(pointer).toMatch(/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 19\n$/);
		const sha256 = /oid sha256:([0-9a-f]{64})/.exec(pointer)?.[1] ?? "";
		expect(pointer).toBe(lfsPointer(sha256, Buffer.byteLength(WEIGHTS)));
		// Another repository's commit is not this one's object.
		expect((await createRepoRaw(hub.url, token, { name: "elsewhere" })).status).toBe(200);
		const other = await commitRaw(hub.url, token, "gina/elsewhere", [header("Other"), inline("other.txt", "other\n")]);
		expect(other.status).toBe(200);
		expect(await view.readObject(other.body.commitOid)).toBeUndefined();
	});

	it("has hubkit check find a commit whose stored bytes are not its id", async () => {
		expect((await checkIntegrity(hub.deps)).problems).toEqual([]);
		const row = await hub.deps.db
			.selectFrom("commits")
			.select(["git_object"])
			.where("repo_id", "=", "gina/history")
			.where("sha", "=", second)
			.executeTakeFirstOrThrow();
		const changed = Buffer.from(Buffer.from(row.git_object, "base64").toString().replace("Add files", "Add filez"));
		const update = (value: string) =>
			hub.deps.db
				.updateTable("commits")
				.set({ git_object: value })
				.where("repo_id", "=", "gina/history")
				.where("sha", "=", second)
				.execute();
		await update(changed.toString("base64"));
		try {
			const { problems } = await checkIntegrity(hub.deps);
			expect(problems).toHaveLength(1);
			expect(problems[0]).toContain(`gina/history: commit ${second} its git object hashes to`);
			// Nor does the git view hand the changed bytes out under the commit's id.
			expect(await openGitRepository(hub.deps, { key: "gina/history" }).readObject(second)).toBeUndefined();
		} finally {
			await update(row.git_object);
		}
	});
});
