/**
 * The local runtime's error type (with subclasses for "busy" and a lost model). `kind` decides
 * the HTTP status the runtime answers with; the message is written for the caller (it never holds a token or
 * a file-system path).
 */
export type RuntimeErrorKind = "input" | "not-found" | "unsupported" | "busy" | "failed";

const STATUS: Record<RuntimeErrorKind, number> = {
	input: 400,
	"not-found": 404,
	// Not 503: clients retry a 503, and a model that cannot run here will not start to.
	unsupported: 400,
	busy: 429,
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

/**
 * Every worker is running a call and the queue is full: the caller should come back
 * shortly (429 with `Retry-After`), rather than wait behind work the hub cannot start.
 */
export class RuntimeBusyError extends RuntimeError {
	readonly retryAfterSeconds: number;

	constructor(message: string, retryAfterSeconds: number) {
		super("busy", message);
		this.name = "RuntimeBusyError";
		this.retryAfterSeconds = retryAfterSeconds;
	}
}

/**
 * A loaded model can no longer answer (the thread or process it runs in stopped): the call
 * fails (500) rather than wait for an answer that will not come, and the host drops the model,
 * so the next call loads it afresh.
 */
export class ModelLostError extends RuntimeError {
	constructor(message: string) {
		super("failed", message);
		this.name = "ModelLostError";
	}
}
