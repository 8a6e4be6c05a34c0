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
 * Undefined when `path` (decoded, `/`-separated, relative) may name an entry in a
 * repository, else the reason it may not. The empty string is the repository root.
 */
export function repoPathProblem(path: string): string | undefined {
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
