import { describe, expect, it } from "vitest";
import {
	MAX_REPO_PATH_LENGTH,
	repoIdProblem,
	repoPathProblem,
	repoPathSyntaxProblem,
	revisionProblem,
} from "./repo-path.js";

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

	it("refuses names that are not in Unicode NFC, naming the rule", () => {
		const composed = "caf\u00e9/r\u00e9sum\u00e9.txt";
		expect(repoPathProblem(composed)).toBeUndefined();
		expect(repoPathProblem(composed.normalize("NFD"))).toMatch(/^Path must be in Unicode normalisation form NFC/);
		expect(repoPathProblem("\u212b.txt")).toMatch(/NFC/); // the Angstrom sign's NFC form is Å
	});

	it("refuses bidirectional text controls anywhere in a path", () => {
		for (const mark of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
			expect(repoPathProblem(`model${mark}slm.exe`), JSON.stringify(mark)).toMatch(/bidirectional text controls/);
		}
		for (const mark of ["\u200e", "\u200f", "\u061c"]) {
			expect(repoPathProblem(`dir${mark}/x.txt`), JSON.stringify(mark)).toMatch(/bidirectional text controls/);
		}
		expect(repoPathProblem("\u0645\u0644\u0641.txt")).toBeUndefined(); // right-to-left letters themselves are fine
	});

	it("refuses Windows device names in any segment, case and extension", () => {
		for (const path of [
			"CON",
			"con.txt",
			"a/Aux.py",
			"nul.tar.gz",
			"PRN/readme.md",
			"x/COM1",
			"lpt9.log",
			"com\u00b9.txt",
			"con .txt",
		]) {
			expect(repoPathProblem(path), path).toMatch(/Windows device name/);
		}
		for (const path of ["console.txt", "aux_loss.py", "com10.txt", "lpt0", "nullable/x", "icon.png", "my-con.txt"]) {
			expect(repoPathProblem(path), path).toBeUndefined();
		}
	});

	it("refuses ':' (NTFS streams) and segments ending in a dot or a space", () => {
		expect(repoPathProblem("model.bin:hidden")).toMatch(/':'/);
		expect(repoPathProblem("x.exe::$DATA")).toMatch(/':'/);
		for (const path of ["x.exe.", "x.exe ", "folder./a.txt", "folder /a.txt", "a/..."]) {
			expect(repoPathProblem(path), JSON.stringify(path)).toBe(
				"Path segments cannot end with a dot or a space (Windows drops them)",
			);
		}
		expect(repoPathProblem(".hidden/.x")).toBeUndefined();
	});
});

describe("repoPathSyntaxProblem", () => {
	it("lets reads name files stored before the naming rules, but never traversal or control characters", () => {
		for (const path of ["con.txt", "x.exe.", "a:b", "caf\u00e9".normalize("NFD"), "a\u202eb"]) {
			expect(repoPathSyntaxProblem(path), JSON.stringify(path)).toBeUndefined();
			expect(repoPathProblem(path), JSON.stringify(path)).toBeTypeOf("string");
		}
		for (const path of ["../x", "a//b", "a\0b", ".git/config"]) {
			expect(repoPathSyntaxProblem(path), JSON.stringify(path)).toBeTypeOf("string");
		}
	});
});
