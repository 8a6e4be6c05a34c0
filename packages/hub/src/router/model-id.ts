/**
 * Model ids as the router accepts them in paths and bodies: `name` or
 * `author/name`, each part letters, digits, `-`, `_`, `.`, starting with a
 * letter or digit, no `..` or `--`, at most 96 characters (the hub's own limit).
 */
import { isIdPart, MAX_ID_PART_LENGTH } from "../ids.js";
import { isReservedName } from "../reserved-names.js";

export const MAX_MODEL_PART_LENGTH = MAX_ID_PART_LENGTH;

/** Why `id` is not a model id, or undefined when it is one. */
export function modelIdProblem(id: string): string | undefined {
	const parts = id.split("/");
	if (parts.length > 2) return "a model id is `name` or `author/name`";
	for (const part of parts) {
		if (part.length === 0 || part.length > MAX_MODEL_PART_LENGTH) {
			return `each part of a model id has 1 to ${MAX_MODEL_PART_LENGTH} characters`;
		}
		if (!isIdPart(part)) {
			return "a model id has letters, digits, '-', '_' and '.' only, no '..' or '--'";
		}
	}
	if (parts.length === 2 && isReservedName(parts[0] ?? "")) return "its namespace is reserved for the hub's own pages";
	return undefined;
}

/** The message for a 400, with a bounded echo of what was sent. */
export function invalidModelId(id: string, problem: string): string {
	const shown = id.length > 120 ? `${id.slice(0, 120)}…` : id;
	return `Invalid model id ${JSON.stringify(shown)}: ${problem}`;
}
