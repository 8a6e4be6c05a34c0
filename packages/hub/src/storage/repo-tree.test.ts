import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gitBlobOid } from "../git-oid.js";
import { RepoTree, type RevisionFile } from "./repo-tree.js";

function file(path: string, content: string): RevisionFile {
	return {
		path,
		size: Buffer.byteLength(content),
		blobSha256: createHash("sha256").update(content).digest("hex"),
		gitOid: gitBlobOid(content),
	};
}

// The expected oids are what `git write-tree` / `git ls-tree -r -t` print for a checkout of
// the same files, with onnx/model.onnx committed as its LFS pointer.
const FILES = [
	file("onnx/sub/x.txt", "x"),
	file("README.md", "hi\n"),
	file("onnx/model.onnx", "onnx-bytes"),
	file("config.json", "{}"),
];
const ONNX_SHA256 = "fa82b28d80c5a2a2ae6ca02105951a9c266cdaceb1a8d4ff00cc4c584d3dd783";

describe("RepoTree", () => {
	const tree = new RepoTree(FILES);

	it("lists the root's direct children with git's oids, directories with size 0", () => {
		expect(tree.list("", false)).toEqual([
			{ type: "file", oid: "45b983be36b73c0788dc9cbcb76cbb80fc7bb057", size: 3, path: "README.md" },
			{ type: "file", oid: "9e26dfeeb6e641a33dae4961196235bdb965b21b", size: 2, path: "config.json" },
			{ type: "directory", oid: "09caf77faf54cbde522f80eb31f7e08d96be3e0f", size: 0, path: "onnx" },
		]);
		expect(tree.directoryOid("")).toBe("c844f78eb5ea19e05241a417d657bd76f2ca8f8c");
	});

	it("gives LFS files the pointer's git oid plus an lfs block with the sha256 and real size", () => {
		expect(tree.list("onnx", false)).toEqual([
			{
				type: "file",
				oid: "31468aa730448b638bac8bbe91d8c14e96493f46",
				size: 10,
				path: "onnx/model.onnx",
				lfs: { oid: ONNX_SHA256, size: 10, pointerSize: 127 },
			},
			{ type: "directory", oid: "b1140f98f130cab0c87eaf311a3ea27f5fdc160f", size: 0, path: "onnx/sub" },
		]);
	});

	it("lists every descendant when recursive, in path order", () => {
		expect(tree.list("", true).map((entry) => `${entry.type} ${entry.path}`)).toEqual([
			"file README.md",
			"file config.json",
			"directory onnx",
			"file onnx/model.onnx",
			"directory onnx/sub",
			"file onnx/sub/x.txt",
		]);
		expect(tree.list("onnx/sub", true).map((entry) => entry.path)).toEqual(["onnx/sub/x.txt"]);
	});

	it("tells files, directories and missing paths apart", () => {
		expect(tree.isDirectory("onnx")).toBe(true);
		expect(tree.isDirectory("")).toBe(true);
		expect(tree.isDirectory("config.json")).toBe(false);
		expect(tree.file("config.json")?.size).toBe(2);
		expect(tree.file("onnx")).toBeUndefined();
		expect(tree.isDirectory("nope")).toBe(false);
	});

	it("lists an empty repository as an empty root", () => {
		const empty = new RepoTree([]);
		expect(empty.list("", true)).toEqual([]);
		expect(empty.isDirectory("")).toBe(true);
	});
});
