import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GitFormatError } from "./format-error.js";
import type { GitPerson } from "./identity.js";
import {
	encodeCommit,
	encodeObject,
	encodeTag,
	encodeTree,
	type GitCommit,
	type GitTag,
	objectId,
	parseCommit,
	parseObject,
	parseTag,
	parseTree,
	type TreeEntry,
} from "./objects.js";

// Every id below is checked against Debian's git in a throw-away bare repository.
const repo = mkdtempSync(join(tmpdir(), "hubkit-git-objects-"));
const gitEnv = { PATH: process.env.PATH ?? "", HOME: repo, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
function git(args: string[], input?: Uint8Array | string, env: Record<string, string> = {}): Buffer {
	return execFileSync("git", args, { cwd: repo, input, env: { ...gitEnv, ...env }, stdio: ["pipe", "pipe", "pipe"] });
}
const gitOut = (args: string[], input?: Uint8Array | string, env?: Record<string, string>) =>
	git(args, input, env).toString("utf8").trim();
git(["init", "-q", "--bare", "."]);
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const text = (value: string) => new TextEncoder().encode(value);
const writeBlob = (content: Uint8Array | string) => gitOut(["hash-object", "-t", "blob", "-w", "--stdin"], content);

/** The object's bytes as git stores them, and that they parse and re-encode to the same bytes. */
function roundTripThroughGit(type: "tree" | "commit" | "tag", oid: string): Buffer {
	const raw = git(["cat-file", type, oid]);
	expect(objectId(type, raw)).toBe(oid);
	expect(Buffer.from(encodeObject(parseObject(type, raw))).equals(raw)).toBe(true);
	return raw;
}

function refusal(run: () => unknown): GitFormatError {
	let caught: unknown;
	try {
		run();
	} catch (error) {
		caught = error;
	}
	expect(caught).toBeInstanceOf(GitFormatError);
	return caught as GitFormatError;
}

describe("blobs", () => {
	it("have the ids git hash-object writes", () => {
		for (const content of [text(""), text("hello\n"), randomBytes(70_000)]) {
			expect(objectId("blob", content)).toBe(writeBlob(content));
		}
	});
});

describe("trees", () => {
	const file = writeBlob("file\n");
	const script = writeBlob("#!/bin/sh\necho hi\n");
	const target = writeBlob("run.sh");
	const subtree = gitOut(["mktree"], `100644 blob ${file}\tinside.txt\n`);
	// A submodule names a commit of another repository, which this one need not hold.
	const submodule = "0123456789abcdef0123456789abcdef01234567";
	// "a" is a directory and sorts as "a/", after "a-b" and "a.txt"; the submodule "g" sorts as plain "g".
	const entries: TreeEntry[] = [
		{ mode: "100755", name: "run.sh", oid: script },
		{ mode: "40000", name: "a", oid: subtree },
		{ mode: "160000", name: "g", oid: submodule },
		{ mode: "120000", name: "link", oid: target },
		{ mode: "100644", name: "g-x", oid: file },
		{ mode: "100644", name: "a.txt", oid: file },
		{ mode: "100644", name: "a-b", oid: file },
	];
	const typeOf = (mode: string) => (mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob");

	it("encode every mode in git's order, with the id git mktree gives", () => {
		const listing = entries
			.map((entry) => `${entry.mode} ${typeOf(entry.mode)} ${entry.oid}\t${entry.name}\n`)
			.join("");
		const oid = gitOut(["mktree"], listing);
		expect(objectId("tree", encodeTree(entries))).toBe(oid);
		const raw = roundTripThroughGit("tree", oid);
		const parsed = parseTree(raw);
		expect(parsed.map((entry) => entry.name)).toEqual(["a-b", "a.txt", "a", "g", "g-x", "link", "run.sh"]);
		expect(new Set(parsed)).toEqual(new Set(entries));
		expect(gitOut(["ls-tree", oid]).split("\n")).toHaveLength(entries.length);
	});

	it("encode the empty tree as git does", () => {
		expect(objectId("tree", encodeTree([]))).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
		expect(parseTree(new Uint8Array())).toEqual([]);
	});

	it("refuse unknown modes, bad names, duplicates, entries out of order and truncation", () => {
		const entry = (mode: string, name: string) =>
			Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.alloc(20, 1)]);
		expect(refusal(() => parseTree(entry("100664", "x"))).code).toBe("bad-mode");
		expect(refusal(() => parseTree(entry("040000", "x"))).code).toBe("bad-mode");
		expect(refusal(() => parseTree(entry("100644", ".."))).code).toBe("bad-name");
		expect(refusal(() => parseTree(Buffer.concat([entry("100644", "b"), entry("100644", "a")]))).code).toBe(
			"unsorted-tree",
		);
		expect(refusal(() => parseTree(Buffer.concat([entry("100644", "a"), entry("100644", "a")]))).code).toBe("bad-name");
		// A file "a" and a directory "a" are in order ("a" < "a/") but name one path twice.
		expect(refusal(() => parseTree(Buffer.concat([entry("100644", "a"), entry("40000", "a")]))).code).toBe("bad-name");
		// Also when the two lie apart: file "a" < "a-b" < directory "a" (as "a/").
		const apart = Buffer.concat([entry("100644", "a"), entry("100644", "a-b"), entry("40000", "a")]);
		expect(refusal(() => parseTree(apart)).code).toBe("bad-name");
		expect(refusal(() => parseTree(entry("100644", "x").subarray(0, 20))).code).toBe("truncated");
		expect(
			refusal(() => parseTree(Buffer.from([0x31, 0x30, 0x30, 0x36, 0x34, 0x34, 0x20, 0xff, 0, ...Buffer.alloc(20)])))
				.code,
		).toBe("not-utf8");
		const oid = "0".repeat(40);
		expect(refusal(() => encodeTree([{ mode: "100644", name: "a/b", oid }])).code).toBe("bad-name");
		expect(refusal(() => encodeTree([{ mode: "100644", name: "a", oid: "ABC" }])).code).toBe("bad-oid");
		expect(
			refusal(() =>
				encodeTree([
					{ mode: "100644", name: "a", oid },
					{ mode: "40000", name: "a", oid },
				]),
			).code,
		).toBe("bad-name");
	});
});

/** What `git commit-tree` reads from the environment for a person. */
function personEnv(role: "AUTHOR" | "COMMITTER", person: GitPerson): Record<string, string> {
	return {
		[`GIT_${role}_NAME`]: person.name,
		[`GIT_${role}_EMAIL`]: person.email,
		[`GIT_${role}_DATE`]: `@${person.seconds} ${person.timezone}`,
	};
}

describe("commits", () => {
	const tree = gitOut(["mktree"], `100644 blob ${writeBlob("readme\n")}\tREADME.md\n`);
	const author: GitPerson = {
		name: "Zoë Ångström",
		email: "zoe@example.org",
		seconds: 1_700_000_000,
		timezone: "+0530",
	};
	const committer: GitPerson = {
		name: "Hub",
		email: "hub@users.noreply.hub.example",
		seconds: 1_700_003_600,
		timezone: "-0800",
	};

	/** Makes the commit with git commit-tree and checks that our encoding of it has git's id. */
	function commitTree(parents: string[], message: string): string {
		const commit: GitCommit = { tree, parents, author, committer, extraHeaders: [], message: text(message) };
		const args = ["commit-tree", tree, ...parents.flatMap((parent) => ["-p", parent])];
		const oid = gitOut(args, message, { ...personEnv("AUTHOR", author), ...personEnv("COMMITTER", committer) });
		expect(objectId("commit", encodeCommit(commit))).toBe(oid);
		const raw = roundTripThroughGit("commit", oid);
		expect(parseCommit(raw)).toEqual(commit);
		return oid;
	}

	it("with no, one and two parents have the ids git commit-tree gives, and parse back to what was encoded", () => {
		const root = commitTree([], "Initial commit\n");
		const second = commitTree(
			[root],
			"Add a file\n\nA body with several lines,\n  indented ones,\n\nand a blank line.\n",
		);
		const side = commitTree([root], "Side branch\n");
		const merge = commitTree([second, side], "Merge branch 'side'\n");
		expect(parseCommit(git(["cat-file", "commit", merge])).parents).toEqual([second, side]);
	});

	it("keep a signature and an encoding header verbatim, and git reads the result as a valid commit", () => {
		const signature = [
			"-----BEGIN PGP SIGNATURE-----",
			"",
			"iQEzBAABCAAdFiEEexample0000000000000000000000000000FAmVxyz8ACgkQ",
			"=abcd",
			"-----END PGP SIGNATURE-----",
		].join("\n");
		const commit: GitCommit = {
			tree,
			parents: [],
			author,
			committer,
			encoding: "ISO-8859-1",
			extraHeaders: [{ name: "gpgsig", value: signature }],
			message: Uint8Array.from(Buffer.from("Caf\xe9 au lait\n", "latin1")),
		};
		const bytes = encodeCommit(commit);
		const written = Buffer.from(bytes).toString("latin1");
		expect(written).toContain("\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz");
		expect(written).toContain("\n -----END PGP SIGNATURE-----\n\nCaf");
		const oid = gitOut(["hash-object", "-t", "commit", "-w", "--stdin"], bytes);
		expect(objectId("commit", bytes)).toBe(oid);
		expect(roundTripThroughGit("commit", oid).equals(bytes)).toBe(true);
		expect(parseCommit(bytes)).toEqual(commit);
		// git reads the message as ISO-8859-1 and prints it as UTF-8.
		expect(gitOut(["log", "-1", "--format=%e|%s|%ct %cd", "--date=raw", oid])).toBe(
			"ISO-8859-1|Café au lait|1700003600 1700003600 -0800",
		);
	});

	it("refuse missing lines, bad ids and people, and layouts git would not write", () => {
		const base = `tree ${tree}\nauthor A <a@x> 1 +0000\ncommitter C <c@x> 2 +0000\n\nm\n`;
		expect(parseCommit(text(base)).message).toEqual(text("m\n"));
		expect(refusal(() => parseCommit(text(base.replace(`tree ${tree}\n`, "")))).code).toBe("missing-header");
		expect(refusal(() => parseCommit(text(base.replace(/committer .*\n/, "")))).code).toBe("missing-header");
		expect(refusal(() => parseCommit(text(base.replace(tree, tree.toUpperCase())))).code).toBe("bad-oid");
		expect(refusal(() => parseCommit(text(base.replace("<a@x> 1", "a@x 1")))).code).toBe("bad-person");
		expect(refusal(() => parseCommit(text(base.replace("+0000\ncommitter", "+00\ncommitter")))).code).toBe(
			"bad-person",
		);
		expect(refusal(() => parseCommit(text(base.replace("\n\nm\n", "\n")))).code).toBe("truncated");
		expect(refusal(() => parseCommit(text(base.replace("author A <a@x> 1", "author A <a@x> 01")))).code).toBe(
			"bad-person",
		);
		expect(refusal(() => parseCommit(text(base.replace("+0000\n\nm", "+0000\nparent x\n\nm")))).code).toBe(
			"bad-header",
		);
		expect(refusal(() => parseCommit(text(base.replace(/committer .*\n/, "$&author B <b@x> 3 +0000\n")))).code).toBe(
			"bad-header",
		);
		expect(refusal(() => parseCommit(text(` x\n${base}`))).code).toBe("bad-header");
		expect(refusal(() => parseCommit(Buffer.from(base.replace("A <", "\xff <"), "latin1"))).code).toBe("not-utf8");
	});
});

describe("annotated tags", () => {
	const tagger: GitPerson = {
		name: "Release Bot",
		email: "bot@example.org",
		seconds: 1_700_100_000,
		timezone: "-0800",
	};

	it("have the id git mktag gives and parse back from git cat-file", () => {
		const tree = gitOut(["mktree"], `100644 blob ${writeBlob("v1\n")}\tVERSION\n`);
		const commit = gitOut(["commit-tree", tree], "v1\n", {
			...personEnv("AUTHOR", tagger),
			...personEnv("COMMITTER", tagger),
		});
		const tag: GitTag = {
			object: commit,
			type: "commit",
			tag: "v1.0",
			tagger,
			extraHeaders: [],
			message: text("Version 1.0\n\nFirst release.\n"),
		};
		const bytes = encodeTag(tag);
		const oid = gitOut(["mktag"], bytes);
		expect(objectId("tag", bytes)).toBe(oid);
		expect(parseTag(roundTripThroughGit("tag", oid))).toEqual(tag);

		// A signed tag carries its signature as the message's last lines.
		const signed: GitTag = {
			...tag,
			tag: "v1.0-signed",
			message: text("Signed\n-----BEGIN PGP SIGNATURE-----\n\niQEz=\n-----END PGP SIGNATURE-----\n"),
		};
		const signedOid = gitOut(["mktag"], encodeTag(signed));
		expect(parseTag(roundTripThroughGit("tag", signedOid))).toEqual(signed);

		// Merging a signed tag keeps the whole tag in the merge commit's "mergetag" header, blank lines and all.
		const side = gitOut(["commit-tree", tree, "-p", commit], "side\n", {
			...personEnv("AUTHOR", tagger),
			...personEnv("COMMITTER", tagger),
		});
		const merge: GitCommit = {
			tree,
			parents: [side, commit],
			author: tagger,
			committer: tagger,
			extraHeaders: [{ name: "mergetag", value: Buffer.from(encodeTag(signed)).toString("utf8").replace(/\n$/, "") }],
			message: text("Merge tag 'v1.0-signed'\n"),
		};
		const mergeOid = gitOut(["hash-object", "-t", "commit", "-w", "--stdin"], encodeCommit(merge));
		expect(objectId("commit", encodeCommit(merge))).toBe(mergeOid);
		expect(parseCommit(roundTripThroughGit("commit", mergeOid))).toEqual(merge);
		expect(gitOut(["cat-file", "-p", mergeOid])).toContain("mergetag object ");
	});

	it("refuse a type that is not an object's and a missing object line", () => {
		const body = `object ${"a".repeat(40)}\ntype commit\ntag v1\ntagger T <t@x> 5 +0100\n\nm\n`;
		expect(parseTag(text(body)).tagger).toEqual({ name: "T", email: "t@x", seconds: 5, timezone: "+0100" });
		expect(refusal(() => parseTag(text(body.replace("type commit", "type branch")))).code).toBe("bad-type");
		expect(refusal(() => parseTag(text(body.replace(/^object .*\n/, "")))).code).toBe("missing-header");
		expect(refusal(() => parseObject("ref", text(body))).code).toBe("bad-type");
	});
});

describe("the repository the tests wrote", () => {
	it("passes git fsck --strict, so every object encoded here is one git accepts", () => {
		expect(() => git(["fsck", "--strict", "--no-dangling"])).not.toThrow();
		expect(Number(gitOut(["count-objects", "-v"]).match(/^count: (\d+)/m)?.[1])).toBeGreaterThan(10);
	});
});
