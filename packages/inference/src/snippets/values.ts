/**
 * Values as source text. Every string that reaches a snippet goes through the
 * escaping helpers of @hubkit/tasks; media inputs and the access token are not
 * values but expressions of the snippet's language (a file read, an environment
 * look-up), rendered by the caller's `expression` hook.
 */
import { jsString, pyString } from "@hubkit/tasks";
import type { InferenceTask } from "../types.js";

/**
 * A sample input: one of the demo files a Hubkit hub serves under
 * `/assets/demo/` (made by scripts/make-demo-assets.mjs). Snippets fetch it from
 * the hub's URL, so they run as they are. Never author-controlled: our own names.
 */
export class MediaFile extends Blob {
	constructor(
		readonly fileName: string,
		type: string,
	) {
		super([], { type });
	}
}

/** Where the hub at `hubUrl` serves a demo file. */
export function demoUrl(hubUrl: string, file: MediaFile): string {
	return `${hubUrl}/assets/demo/${file.fileName}`;
}

const demo = (name: string) => new MediaFile(name, name.endsWith(".wav") ? "audio/wav" : "image/png");

/**
 * The demo input of each task that takes a file (WAV for audio: every provider
 * takes it, and fal.ai's speech recognition refuses FLAC).
 */
export const SAMPLE_MEDIA = {
	"automatic-speech-recognition": demo("automatic-speech-recognition-input.wav"),
	"audio-classification": demo("audio-classification-input.wav"),
	"audio-to-audio": demo("audio-to-audio-input.wav"),
	"image-classification": demo("image-classification-input.png"),
	"object-detection": demo("object-detection-input.png"),
	"image-segmentation": demo("image-segmentation-input.png"),
	"image-to-text": demo("image-to-text-input.png"),
	"zero-shot-image-classification": demo("zero-shot-image-classification-input.png"),
	"image-to-image": demo("image-to-image-input.png"),
	"image-to-video": demo("image-to-video-input.png"),
	"image-text-to-image": demo("image-text-to-image-input.png"),
	"image-text-to-video": demo("image-text-to-video-input.png"),
	"image-text-to-text": demo("image-text-to-text-input.png"),
	"visual-question-answering": demo("visual-question-answering-input.png"),
	"document-question-answering": demo("document-question-answering-input.png"),
} satisfies Partial<Record<InferenceTask, MediaFile>>;

/**
 * A media file inside a JSON payload travels through the request builder as this
 * string, and comes out as a file-fetching expression. It has the form of an
 * https URL (providers that take a media URL accept it as one) on a reserved,
 * never-resolving domain; the nonce makes it impossible for a model's own text
 * to pass for one.
 */
const MEDIA_PREFIX = `https://hubkit-media-${globalThis.crypto.randomUUID()}.invalid/`;
const SAMPLES = new Map(Object.values(SAMPLE_MEDIA).map((file) => [file.fileName, file]));

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
