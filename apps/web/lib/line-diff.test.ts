import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff";

describe("a commit's line diff", () => {
	it("numbers kept, deleted and added lines, deletions before additions", () => {
		expect(lineDiff("a\nb\nc\n", "a\nB\nc\nd\n")).toEqual([
			{ kind: "same", text: "a", oldNumber: 1, newNumber: 1 },
			{ kind: "del", text: "b", oldNumber: 2 },
			{ kind: "add", text: "B", newNumber: 2 },
			{ kind: "same", text: "c", oldNumber: 3, newNumber: 3 },
			{ kind: "add", text: "d", newNumber: 4 },
		]);
	});

	it("gives a new file as all additions and a deleted one as all deletions", () => {
		expect(lineDiff("", "x\ny")).toEqual([
			{ kind: "add", text: "x", newNumber: 1 },
			{ kind: "add", text: "y", newNumber: 2 },
		]);
		expect(lineDiff("x\n", "")).toEqual([{ kind: "del", text: "x", oldNumber: 1 }]);
		expect(lineDiff("same\n", "same\n")).toEqual([{ kind: "gap", count: 1 }]);
	});

	it("folds unchanged lines more than three away from a change into gaps", () => {
		const before = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join("\n");
		const after = before.replace("line 10", "line ten");
		const diff = lineDiff(before, after);
		expect(diff[0]).toEqual({ kind: "gap", count: 6 });
		expect(diff.slice(1, 4).map((line) => line.kind === "same" && line.oldNumber)).toEqual([7, 8, 9]);
		expect(diff.slice(4, 6)).toEqual([
			{ kind: "del", text: "line 10", oldNumber: 10 },
			{ kind: "add", text: "line ten", newNumber: 10 },
		]);
		expect(diff.at(-1)).toEqual({ kind: "gap", count: 7 });
	});

	it("keeps the longest run of common lines", () => {
		const diff = lineDiff("a\nb\nc\nd\ne\n", "b\nc\nX\nd\ne\nf\n");
		expect(diff.filter((line) => line.kind === "same").map((line) => line.kind === "same" && line.text)).toEqual([
			"b",
			"c",
			"d",
			"e",
		]);
	});
});
