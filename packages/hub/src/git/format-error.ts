/**
 * Why bytes were refused as a git object. The git/ folder imports nothing of the hub, so this
 * is a plain error with a stable `code`; a caller answers it as a bad request (or a refused push).
 */
export type GitFormatErrorCode =
	| "bad-type"
	| "bad-oid"
	| "bad-mode"
	| "bad-name"
	| "unsorted-tree"
	| "truncated"
	| "bad-header"
	| "missing-header"
	| "bad-person"
	| "not-utf8"
	| "not-canonical";

export class GitFormatError extends Error {
	override readonly name = "GitFormatError";
	constructor(
		readonly code: GitFormatErrorCode,
		message: string,
	) {
		super(message);
	}
}
