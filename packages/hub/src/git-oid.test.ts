import { describe, expect, it } from "vitest";
import { gitBlobOid, gitTreeOid } from "./git-oid.js";

// Expected values are what `git hash-object` and `git mktree` print for the same input.
describe("gitBlobOid", () => {
	it("matches git for empty and small blobs", () => {
		expect(gitBlobOid("")).toBe("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
		expect(gitBlobOid("hello\n")).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
		expect(gitBlobOid(new TextEncoder().encode("hello\n"))).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
	});
});

describe("gitTreeOid", () => {
	it("matches git for the empty tree", () => {
		expect(gitTreeOid([])).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
	});

	it("matches git for nested trees, ordering a directory as if its name ended in a slash", () => {
		// Files: hello.txt ("hello\n"), a-b ("y"), a/b ("x"). Given out of order on purpose.
		const subtree = gitTreeOid([{ name: "b", kind: "file", oid: gitBlobOid("x") }]);
		expect(subtree).toBe("da981995a0f17908b3f6795c1e0c28a7e96b8a11");
		const root = gitTreeOid([
			{ name: "hello.txt", kind: "file", oid: gitBlobOid("hello\n") },
			{ name: "a", kind: "directory", oid: subtree },
			{ name: "a-b", kind: "file", oid: gitBlobOid("y") },
		]);
		expect(root).toBe("b506a031956a7b117afc5813a1fb189eeb7347fb");
	});
});
