/**
 * Why git bytes (an object, a pkt-line stream, a pack, a delta) were refused. The git/ folder
 * imports nothing of the hub, so this is a plain error with a stable `code`; a caller that answers
 * a client maps it to its own error, and the message names only offsets, sizes and object ids.
 */
export type GitFormatErrorCode =
	| "bad-type"
	| "bad-oid"
	| "bad-mode"
	| "bad-name"
	| "unsorted-tree"
	| "missing-header"
	| "bad-person"
	| "not-utf8"
	| "not-canonical"
	| "bad-pkt-line"
	| "truncated"
	| "bad-header"
	| "bad-object-type"
	| "bad-compression"
	| "size-mismatch"
	| "too-large"
	| "count-mismatch"
	| "bad-delta"
	| "missing-base"
	| "bad-checksum"
	| "trailing-data";

export class GitFormatError extends Error {
	override readonly name = "GitFormatError";
	constructor(
		readonly code: GitFormatErrorCode,
		message: string,
	) {
		super(message);
	}
}
