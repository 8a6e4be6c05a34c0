import { describe, expect, it } from "vitest";
import { MAX_REPO_PATH_LENGTH, repoIdProblem, repoPathProblem, revisionProblem } from "./repo-path.js";

describe("repoIdProblem", () => {
	it("accepts ordinary ids", () => {
		for (const [namespace, name] of [
			["openai-community", "gpt2"],
			["Qwen", "Qwen2.5-0.5B-Instruct"],
			["a", "b_c"],
		] as const) {
			expect(repoIdProblem(namespace, name)).toBeUndefined();
		}
	});

	it("refuses traversal, separators, odd punctuation and overlong parts", () => {
		for (const [namespace, name] of [
			["..", "x"],
			["a", ".."],
			["a", "b..c"],
			["a", "b/c"],
			["a", "b\\c"],
			["a", ".hidden"],
			["a", "b--c"],
			["a", "b."],
			["", "b"],
			["a", "x".repeat(97)],
		] as const) {
			expect(repoIdProblem(namespace, name), `${namespace}/${name}`).toBeTypeOf("string");
		}
	});
});

describe("revisionProblem", () => {
	it("accepts branch names, decoded refs and commit ids", () => {
		for (const revision of ["main", "HEAD", "refs/pr/1", "v1.0", "a".repeat(40)]) {
			expect(revisionProblem(revision), revision).toBeUndefined();
		}
	});

	it("refuses empty, overlong, traversing and control-character revisions", () => {
		for (const revision of ["", "x".repeat(257), "../main", "refs/../main", "ma\0in", "ma\\in", "main\n"]) {
			expect(revisionProblem(revision), JSON.stringify(revision)).toBeTypeOf("string");
		}
	});
});

describe("repoPathProblem", () => {
	it("accepts the root and nested relative paths", () => {
		for (const path of [
			"",
			"config.json",
			"onnx/model.onnx",
			"a b/ü.txt",
			".gitattributes",
			"x".repeat(MAX_REPO_PATH_LENGTH),
		]) {
			expect(repoPathProblem(path), path).toBeUndefined();
		}
	});

	it("refuses a .git folder, in any case, where git keeps its own data", () => {
		for (const path of [".git", ".git/config", "a/.GIT/HEAD", "a/.Git"]) {
			expect(repoPathProblem(path), path).toBe("A repository cannot hold a .git folder");
		}
		for (const path of [".github/workflows/ci.yml", "a.git", ".gitignore", "b/.gitkeep"]) {
			expect(repoPathProblem(path), path).toBeUndefined();
		}
	});

	it("refuses traversal, absolute paths, empty segments, backslashes, NUL and overlong paths", () => {
		for (const path of [
			"..",
			"../secret",
			"a/../../b",
			"./a",
			"/etc/passwd",
			"a//b",
			"a/",
			"a\\..\\b",
			"a\0b",
			"x".repeat(MAX_REPO_PATH_LENGTH + 1),
		]) {
			expect(repoPathProblem(path), JSON.stringify(path)).toBeTypeOf("string");
		}
	});
});
