/**
 * Turns an HTTP `Range` header into a byte range of a blob of known size.
 * Only a single `bytes=` range is served: a multi-range or malformed header is
 * ignored (the whole file is sent, which RFC 9110 allows), while a well-formed
 * range that starts past the end is unsatisfiable (416).
 */
import type { ByteRange } from "./blob-store.js";

export type RangeRequest = { kind: "whole" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;
// Past this many digits an offset cannot be a safe integer; such a header is garbage.
const MAX_DIGITS = 15;

export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
	if (header === undefined) return { kind: "whole" };
	const match = SINGLE_RANGE.exec(header.trim().replace(/^bytes\s*=\s*/i, "bytes="));
	if (!match) return { kind: "whole" };
	const [, first = "", last = ""] = match;
	if ((first === "" && last === "") || first.length > MAX_DIGITS || last.length > MAX_DIGITS) return { kind: "whole" };

	if (first === "") {
		// Suffix range: the last N bytes.
		const length = Number(last);
		if (length === 0 || size === 0) return { kind: "unsatisfiable" };
		return { kind: "partial", range: { start: Math.max(0, size - length), end: size - 1 } };
	}
	const start = Number(first);
	const end = last === "" ? size - 1 : Number(last);
	if (last !== "" && end < start) return { kind: "whole" };
	if (start >= size) return { kind: "unsatisfiable" };
	return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}

/** `Content-Range` value for a partial response or (with no range) for a 416. */
export function contentRange(range: ByteRange | undefined, size: number): string {
	return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
