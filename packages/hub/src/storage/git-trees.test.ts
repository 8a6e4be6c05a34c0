import { describe, expect, it } from "vitest";
import { gitBlobOid } from "../git-oid.js";
import { buildTrees, type SnapshotFile } from "./git-trees.js";
import { RepoTree } from "./repo-tree.js";

const file = (path: string, content: string): SnapshotFile => ({
	path,
	blobSha256: `${content.length}`.padStart(64, "0"),
	size: content.length,
	gitOid: gitBlobOid(content),
});

/** Directory path → tree id, as a commit's snapshot read back would give them. */
function directoriesOf(files: SnapshotFile[]): Map<string, string> {
	const tree = new RepoTree(files);
	const directories = new Map<string, string>([["", tree.directoryOid("")]]);
	for (const entry of tree.list("", true)) if (entry.type === "directory") directories.set(entry.path, entry.oid);
	return directories;
}

describe("buildTrees", () => {
	const before = [
		file("README.md", "# a\n"),
		file("onnx/model.onnx", "weights"),
		file("onnx/extra/notes.txt", "n\n"),
		file("data/a.txt", "a"),
		file("data/b.txt", "b"),
	];

	it("names every directory with the git tree id the tree listing shows", () => {
		const built = buildTrees(before);
		const tree = new RepoTree(before);
		expect(built.root).toBe(tree.directoryOid(""));
		expect(built.trees.has(tree.directoryOid("onnx/extra"))).toBe(true);
		// An LFS file's entry names its pointer, as git holds it.
		const onnx = built.trees.get(tree.directoryOid("onnx"))?.find((entry) => entry.name === "model.onnx");
		expect(onnx).toMatchObject({ objectOid: tree.file("onnx/model.onnx")?.oid, lfs: true });
	});

	it("on top of the parent's trees, hashes only the changed paths' directories and gets the same ids", () => {
		const after = [
			...before.filter((entry) => entry.path !== "data/b.txt"),
			file("data/c.txt", "c"),
			file("x/y/z.txt", "z"),
		];
		const full = buildTrees(after);
		const incremental = buildTrees(after, {
			directories: directoriesOf(before),
			changed: ["data/b.txt", "data/c.txt", "x/y/z.txt"],
		});
		expect(incremental.root).toBe(full.root);
		// The root, data, x and x/y; onnx and onnx/extra are the parent's.
		expect(incremental.trees.size).toBe(4);

		const folderGone = buildTrees(
			after.filter((entry) => !entry.path.startsWith("onnx/")),
			{ directories: directoriesOf(after), changed: ["onnx"] },
		);
		expect(folderGone.root).toBe(buildTrees(after.filter((entry) => !entry.path.startsWith("onnx/"))).root);
	});
});
