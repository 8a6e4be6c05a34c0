/**
 * The only way an author-controlled value (model id, tag, widget text, token,
 * file name …) may enter a snippet: as a string literal of the snippet's
 * language, built here. Never interpolate such a value into code, a comment or
 * an identifier by hand.
 */

/**
 * Anything that can't stand between double quotes unchanged in Python and JS: a
 * quote, backslash, control character, separator, BOM or surrogate half. Plain
 * non-ASCII letters are fine. (A regex beats a charCodeAt loop here by ~2×.)
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NEEDS_ESCAPE = /["\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]/;

function isPlain(text: string): boolean {
	return !NEEDS_ESCAPE.test(text);
}

/**
 * Characters escaped in a Python "…" literal: the quote, backslash, control
 * characters, line/paragraph separators, the BOM, and lone surrogates (so the
 * source stays valid UTF-8 and nothing invisible is pasted).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const PYTHON_SPECIAL = /["\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]|\p{Cs}/gu;

function pythonEscape(char: string): string {
	switch (char) {
		case "\\":
			return "\\\\";
		case '"':
			return '\\"';
		case "\n":
			return "\\n";
		case "\r":
			return "\\r";
		case "\t":
			return "\\t";
	}
	const code = char.codePointAt(0) ?? 0;
	return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** A Python string literal ("…") whose value is exactly `value`. */
export function pyString(value: string): string {
	// Records are parsed JSON: a field typed string may hold anything at run time.
	const text = typeof value === "string" ? value : String(value);
	return isPlain(text) ? `"${text}"` : `"${text.replace(PYTHON_SPECIAL, pythonEscape)}"`;
}

/** A JavaScript string literal ("…") whose value is exactly `value`. */
export function jsString(value: string): string {
	if (typeof value !== "string") return jsString(String(value));
	if (isPlain(value)) return `"${value}"`;
	// JSON.stringify escapes quotes, backslashes, control characters and lone
	// surrogates; U+2028/U+2029 are legal in JS strings but escaped for readers.
	return JSON.stringify(value)
		.replace(/\u2028/g, "\\u2028")
		.replace(/\u2029/g, "\\u2029");
}

/** A POSIX shell word ('…') whose value is exactly `value`. */
export function shString(value: string): string {
	if (typeof value !== "string") return shString(String(value));
	return value.includes("'") ? `'${value.replace(/'/g, `'\\''`)}'` : `'${value}'`;
}

/** JSON-like data as a Python expression (dict, list, str, int/float, True/False/None). */
export function pyValue(value: unknown, indent = 0): string {
	const pad = "    ".repeat(indent + 1);
	const end = "    ".repeat(indent);
	if (value === null || value === undefined) return "None";
	if (typeof value === "boolean") return value ? "True" : "False";
	if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
	if (typeof value === "string") return pyString(value);
	if (Array.isArray(value)) {
		if (value.length === 0) return "[]";
		return `[\n${value.map((item) => `${pad}${pyValue(item, indent + 1)},`).join("\n")}\n${end}]`;
	}
	if (typeof value === "object") {
		const entries = Object.entries(value).filter(([, item]) => item !== undefined);
		if (entries.length === 0) return "{}";
		return `{\n${entries.map(([key, item]) => `${pad}${pyString(key)}: ${pyValue(item, indent + 1)},`).join("\n")}\n${end}}`;
	}
	throw new TypeError(`pyValue cannot render a ${typeof value}`);
}

/** JSON-like data as a JavaScript expression. */
export function jsValue(value: unknown, indent = 0): string {
	const text = JSON.stringify(value ?? null, null, "\t");
	const pad = "\t".repeat(indent);
	return text
		.replace(/\u2028/g, "\\u2028")
		.replace(/\u2029/g, "\\u2029")
		.replace(/\n/g, `\n${pad}`);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `value` when it is a plain identifier (a class or function name read from a
 * model's config, say), otherwise `fallback`. Names can't be quoted, so a value
 * that is not a clean identifier is never emitted.
 */
export function safeIdentifier(value: string | undefined, fallback: string): string {
	return value && IDENTIFIER.test(value) ? value : fallback;
}

/** A finite number as source text, or `fallback` when `value` is not one. */
export function safeNumber(value: unknown, fallback: number): string {
	return String(typeof value === "number" && Number.isFinite(value) ? value : fallback);
}
