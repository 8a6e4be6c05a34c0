/**
 * Checks for the names a file request carries: repository id, revision and file
 * path. They are only ever used as database keys (file contents are found by
 * sha256, never by path), but refusing nonsense early gives a clear 400 instead of
 * a confusing 404, and keeps hostile strings out of logs and error messages.
 */
import { isIdPart, MAX_ID_PART_LENGTH } from "../ids.js";

export const MAX_REPO_PATH_LENGTH = 1024;
export const MAX_REVISION_LENGTH = 256;
/** Per part of `author/name`. */
export const MAX_REPO_NAME_LENGTH = MAX_ID_PART_LENGTH;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const FORBIDDEN_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** Undefined when `namespace/name` is a well-formed model id, else the reason it is not. */
export function repoIdProblem(namespace: string, name: string): string | undefined {
	for (const part of [namespace, name]) {
		if (part.length > MAX_REPO_NAME_LENGTH) return `Repository id parts are at most ${MAX_REPO_NAME_LENGTH} characters`;
		if (!isIdPart(part)) {
			return `Invalid repository id: ${JSON.stringify(`${namespace}/${name}`.slice(0, 200))}`;
		}
	}
	return undefined;
}

/** Undefined when the (decoded) revision may be looked up, else the reason it may not. */
export function revisionProblem(revision: string): string | undefined {
	if (revision.length === 0) return "Empty revision";
	if (revision.length > MAX_REVISION_LENGTH) return `Revision longer than ${MAX_REVISION_LENGTH} characters`;
	if (FORBIDDEN_CHARACTERS.test(revision) || revision.split("/").some((part) => part === ".." || part === ".")) {
		return "Invalid revision";
	}
	return undefined;
}

/**
 * Undefined when `path` (decoded, `/`-separated, relative) is well-formed enough to be looked up,
 * else the reason it is not. The empty string is the repository root. Reads use this rule
 * (`repoPathProblem` is the stricter one for names a repository may take on), so a file stored
 * before a naming rule existed can still be listed and downloaded.
 */
export function repoPathSyntaxProblem(path: string): string | undefined {
	if (path.length > MAX_REPO_PATH_LENGTH) return `Path longer than ${MAX_REPO_PATH_LENGTH} characters`;
	if (path === "") return undefined;
	if (FORBIDDEN_CHARACTERS.test(path)) return "Invalid character in path";
	if (path.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
		return "Path segments must be non-empty and neither '.' nor '..'";
	}
	// Git keeps its own data under `.git` (in any case, for case-insensitive file systems): a
	// repository cannot hold files there.
	if (path.split("/").some((segment) => segment.toLowerCase() === ".git"))
		return "A repository cannot hold a .git folder";
	return undefined;
}

/**
 * The form a client's path is stored in: Unicode NFC, so a name typed on macOS (often decomposed)
 * and the same name typed elsewhere are one file. Writers apply it before `repoPathProblem`.
 */
export function composedPath(path: string): string {
	return path.normalize("NFC");
}

// Marks that reorder how text is displayed (embeddings, overrides, isolates, LRM/RLM, ALM): a
// name holding them reads differently from what it is (`model\u202Eslm.exe` shows as `modelexe.mls`).
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
// Names Windows gives to devices, in any case and with any extension (`nul.txt` is the device
// too); Windows also reads the superscript digits as device numbers.
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3])$/i;

/**
 * Undefined when `path` may name a file a repository takes on (a commit, preupload, an import or
 * mirror, the seed), else the rule it breaks. Beyond `repoPathSyntaxProblem`, a name must mean one
 * thing wherever the repository is cloned or downloaded, and read as what it is:
 * - Unicode NFC only: `é` as one code point and as `e` + combining accent look the same, and
 *   macOS file systems treat them as one name, so a repository never holds both. Stored names
 *   are NFC, the form git uses on macOS (`core.precomposeUnicode`).
 * - no bidirectional controls, which make a name display as another;
 * - nothing Windows cannot hold or reads as something else: device names (`CON`, `aux.py`, `LPT1`),
 *   `:` (NTFS reads `x:y` as stream `y` of file `x`), and a segment ending in a dot or a space
 *   (Windows drops them, so `x.exe.` would land as `x.exe`).
 */
export function repoPathProblem(path: string): string | undefined {
	const syntax = repoPathSyntaxProblem(path);
	if (syntax || path === "") return syntax;
	if (path !== path.normalize("NFC")) {
		return "Path must be in Unicode normalisation form NFC (composed characters: é as one code point, not e + accent)";
	}
	if (BIDI_CONTROLS.test(path))
		return "Path cannot hold bidirectional text controls (they make a name display as another)";
	if (path.includes(":")) return "Path cannot hold ':' (Windows reads name:stream as an alternate data stream)";
	for (const segment of path.split("/")) {
		if (/[. ]$/.test(segment)) return "Path segments cannot end with a dot or a space (Windows drops them)";
		const stem = segment.split(".")[0]?.trimEnd() ?? "";
		if (WINDOWS_DEVICE_NAME.test(stem)) {
			return `Path cannot use the Windows device name ${stem.toUpperCase()} (with or without an extension)`;
		}
	}
	return undefined;
}
