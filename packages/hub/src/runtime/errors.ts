/**
 * The local runtime's one error type. `kind` decides the HTTP status the router
 * answers with; the message is written for the caller (it never holds a token or
 * a file-system path).
 */
export type RuntimeErrorKind = "input" | "not-found" | "unsupported" | "failed";

const STATUS: Record<RuntimeErrorKind, number> = {
	input: 400,
	"not-found": 404,
	// Not 503: clients retry a 503, and a model that cannot run here will not start to.
	unsupported: 400,
	failed: 500,
};

export class RuntimeError extends Error {
	readonly kind: RuntimeErrorKind;

	constructor(kind: RuntimeErrorKind, message: string) {
		super(message);
		this.name = "RuntimeError";
		this.kind = kind;
	}

	get status(): number {
		return STATUS[this.kind];
	}
}
