import { describe, expect, it } from "vitest";
import { contentRange, parseRangeHeader } from "./byte-range.js";

describe("parseRangeHeader", () => {
	it("serves the whole file without a Range header", () => {
		expect(parseRangeHeader(undefined, 10)).toEqual({ kind: "whole" });
	});

	it("reads start-end, open-ended and suffix ranges, clamping the end to the file", () => {
		expect(parseRangeHeader("bytes=0-0", 10)).toEqual({ kind: "partial", range: { start: 0, end: 0 } });
		expect(parseRangeHeader("bytes=2-5", 10)).toEqual({ kind: "partial", range: { start: 2, end: 5 } });
		expect(parseRangeHeader("bytes=4-", 10)).toEqual({ kind: "partial", range: { start: 4, end: 9 } });
		expect(parseRangeHeader("bytes=5-999", 10)).toEqual({ kind: "partial", range: { start: 5, end: 9 } });
		expect(parseRangeHeader("bytes=-3", 10)).toEqual({ kind: "partial", range: { start: 7, end: 9 } });
		expect(parseRangeHeader("bytes=-30", 10)).toEqual({ kind: "partial", range: { start: 0, end: 9 } });
		expect(parseRangeHeader("Bytes = 1-2", 10)).toEqual({ kind: "partial", range: { start: 1, end: 2 } });
	});

	it("answers unsatisfiable for ranges that start past the end, empty suffixes and any range of an empty file", () => {
		expect(parseRangeHeader("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
		expect(parseRangeHeader("bytes=10-20", 10)).toEqual({ kind: "unsatisfiable" });
		expect(parseRangeHeader("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" });
		expect(parseRangeHeader("bytes=0-0", 0)).toEqual({ kind: "unsatisfiable" });
		expect(parseRangeHeader("bytes=-5", 0)).toEqual({ kind: "unsatisfiable" });
	});

	it("ignores malformed, reversed, multi-range and absurdly large headers", () => {
		for (const header of [
			"bytes=",
			"bytes=-",
			"bytes=5-2",
			"bytes=0-1,4-5",
			"items=0-1",
			"bytes=a-b",
			"bytes=1e3-",
			"bytes=-1.5",
			`bytes=${"9".repeat(40)}-`,
			"",
		]) {
			expect(parseRangeHeader(header, 10), header).toEqual({ kind: "whole" });
		}
	});
});

describe("contentRange", () => {
	it("formats a served range and the 416 form", () => {
		expect(contentRange({ start: 0, end: 0 }, 10)).toBe("bytes 0-0/10");
		expect(contentRange(undefined, 10)).toBe("bytes */10");
	});
});
