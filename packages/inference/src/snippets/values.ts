/**
 * Values as source text. Every string that reaches a snippet goes through the
 * escaping helpers of @hubkit/tasks; media inputs and the access token are not
 * values but expressions of the snippet's language (a file read, an environment
 * look-up), rendered by the caller's `expression` hook.
 */
import { jsString, pyString } from "@hubkit/tasks";

/** A sample input file the snippet reads from disk (never author-controlled: our own names). */
export class MediaFile extends Blob {
	constructor(
		readonly fileName: string,
		type: string,
	) {
		super([], { type });
	}
}

export const SAMPLE_IMAGE = new MediaFile("cat.jpg", "image/jpeg");
// WAV: every provider takes it (fal.ai's speech recognition refuses FLAC).
export const SAMPLE_AUDIO = new MediaFile("sample1.wav", "audio/wav");
export const SAMPLE_DOCUMENT = new MediaFile("invoice.png", "image/png");

/**
 * A media file inside a JSON payload travels through the request builder as this
 * string, and comes out as a file-reading expression. The nonce makes it
 * impossible for a model's own text to pass for one.
 */
const MEDIA_PREFIX = `\u0000hubkit-media-${globalThis.crypto.randomUUID()}:`;
const SAMPLES = new Map([SAMPLE_IMAGE, SAMPLE_AUDIO, SAMPLE_DOCUMENT].map((file) => [file.fileName, file]));

export function mediaReference(file: MediaFile): string {
	return `${MEDIA_PREFIX}${file.fileName}`;
}

/** The sample file a value stands for: a MediaFile, or a string made by `mediaReference`. */
export function mediaFileOf(value: unknown): MediaFile | undefined {
	if (value instanceof MediaFile) return value;
	if (typeof value === "string" && value.startsWith(MEDIA_PREFIX)) return SAMPLES.get(value.slice(MEDIA_PREFIX.length));
	return undefined;
}

/** Renders a non-JSON value (a media file, say) as an expression, or undefined for plain data. */
export type ExpressionHook = (value: unknown) => string | undefined;

const noExpressions: ExpressionHook = () => undefined;

/** JSON-like data (plus hook expressions) as a Python expression, indented with four spaces. */
export function pyExpr(value: unknown, indent = 0, expression: ExpressionHook = noExpressions): string {
	const custom = expression(value);
	if (custom !== undefined) return custom;
	if (value === null || value === undefined) return "None";
	if (typeof value === "boolean") return value ? "True" : "False";
	if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
	if (typeof value === "string") return pyString(value);
	const pad = "    ".repeat(indent + 1);
	const end = "    ".repeat(indent);
	if (Array.isArray(value)) {
		if (value.length === 0) return "[]";
		const items = value.map((item) => `${pad}${pyExpr(item, indent + 1, expression)},`);
		return `[\n${items.join("\n")}\n${end}]`;
	}
	if (typeof value === "object") {
		const entries = Object.entries(value).filter(([, item]) => item !== undefined);
		if (entries.length === 0) return "{}";
		const items = entries.map(([key, item]) => `${pad}${pyString(key)}: ${pyExpr(item, indent + 1, expression)},`);
		return `{\n${items.join("\n")}\n${end}}`;
	}
	return "None";
}

const JS_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** JSON-like data (plus hook expressions) as a JavaScript expression, indented with tabs. */
export function jsExpr(value: unknown, indent = 0, expression: ExpressionHook = noExpressions): string {
	const custom = expression(value);
	if (custom !== undefined) return custom;
	if (value === null || value === undefined) return "null";
	if (typeof value === "boolean") return String(value);
	if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
	if (typeof value === "string") return jsString(value);
	const pad = "\t".repeat(indent + 1);
	const end = "\t".repeat(indent);
	if (Array.isArray(value)) {
		if (value.length === 0) return "[]";
		const items = value.map((item) => `${pad}${jsExpr(item, indent + 1, expression)},`);
		return `[\n${items.join("\n")}\n${end}]`;
	}
	if (typeof value === "object") {
		const entries = Object.entries(value).filter(([, item]) => item !== undefined);
		if (entries.length === 0) return "{}";
		const items = entries.map(([key, item]) => `${pad}${jsKey(key)}: ${jsExpr(item, indent + 1, expression)},`);
		return `{\n${items.join("\n")}\n${end}}`;
	}
	return "null";
}

/** An object-literal key; `__proto__` is computed, since a plain one would set the prototype instead. */
function jsKey(key: string): string {
	if (key === "__proto__") return `[${jsString(key)}]`;
	return JS_KEY.test(key) ? key : jsString(key);
}
