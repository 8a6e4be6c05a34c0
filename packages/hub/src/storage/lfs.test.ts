import { describe, expect, it } from "vitest";
import { isLfsFile, LFS_SIZE_THRESHOLD, lfsPointer, lfsPointerInfo, parseLfsPointer } from "./lfs.js";

describe("isLfsFile", () => {
	it("treats weight and archive formats as LFS at any size", () => {
		for (const path of [
			"model.safetensors",
			"pytorch_model.bin",
			"onnx/model.onnx",
			"q4.GGUF",
			"events.out.tfevents.1",
		]) {
			expect(isLfsFile(path, 10), path).toBe(true);
		}
	});

	it("keeps small text files as regular git files, and moves any file over 10 MiB to LFS", () => {
		for (const path of ["config.json", "README.md", "tokenizer.json", ".gitattributes", "bin"]) {
			expect(isLfsFile(path, 1000), path).toBe(false);
		}
		expect(isLfsFile("tokenizer.json", LFS_SIZE_THRESHOLD)).toBe(false);
		expect(isLfsFile("tokenizer.json", LFS_SIZE_THRESHOLD + 1)).toBe(true);
	});
});

describe("lfsPointer", () => {
	it("writes the git-lfs v1 pointer, whose size grows with the digits of the file size", () => {
		const sha256 = "a".repeat(64);
		expect(lfsPointer(sha256, 7)).toBe(`version https://git-lfs.github.com/spec/v1\noid sha256:${sha256}\nsize 7\n`);
		// A 9-digit file size gives the 134-byte pointer the hub's own listings show.
		expect(lfsPointerInfo(sha256, 123_456_789).pointerSize).toBe(134);
		expect(lfsPointerInfo(sha256, 7).oid).toMatch(/^[0-9a-f]{40}$/);
	});
});

describe("parseLfsPointer", () => {
	const sha = "a".repeat(64);
	it("reads the pointer lfsPointer writes", () => {
		expect(parseLfsPointer(Buffer.from(lfsPointer(sha, 12345)))).toEqual({ sha256: sha, size: 12345 });
		expect(parseLfsPointer(Buffer.from(lfsPointer(sha, 0)))).toEqual({ sha256: sha, size: 0 });
	});

	it("takes anything else for content", () => {
		for (const text of [
			"",
			"hello\n",
			lfsPointer(sha, 1).trimEnd(),
			lfsPointer(sha.toUpperCase(), 1),
			lfsPointer(sha, 1).replace("size 1", "size 01"),
			`${lfsPointer(sha, 1)}x-extension 1\n`,
		]) {
			expect(parseLfsPointer(Buffer.from(text)), JSON.stringify(text)).toBeUndefined();
		}
		expect(parseLfsPointer(Buffer.alloc(2000, 0x76))).toBeUndefined();
	});
});
