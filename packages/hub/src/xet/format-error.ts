/**
 * Why a Xet object (hash string, xorb, shard) was refused. The xet/ folder imports nothing of
 * the hub, so this is a plain error with a stable `code`; the routes that call it answer 400
 * with the message, which never carries a token or more than a hash of the content.
 */
export type XetFormatErrorCode =
	| "bad-hash"
	| "truncated"
	| "bad-header"
	| "bad-compression"
	| "size-mismatch"
	| "hash-mismatch"
	| "bad-footer"
	| "bad-section";

export class XetFormatError extends Error {
	override readonly name = "XetFormatError";
	constructor(
		readonly code: XetFormatErrorCode,
		message: string,
	) {
		super(message);
	}
}
