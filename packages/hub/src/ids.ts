/**
 * The hub's one rule for names: user names, organisation names and each part of a
 * repository id (`owner/name`). Letters, digits, `-`, `_` and `.`, starting with a
 * letter or digit, ending with a letter, digit or `_` (as huggingface.co's rule), no
 * `..` or `--`, 1 to 96 characters.
 * Every check (tokens and accounts, file routes, the router) asks here, so a name
 * one part accepts is never refused by another: an account can always own a repo.
 */
import { isReservedName } from "./reserved-names.js";

export const MAX_ID_PART_LENGTH = 96;
const ID_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why `part` is not one part of an id (an owner name or a repo name), or undefined when it is. */
export function idPartProblem(part: string): string | undefined {
	if (part.length === 0 || part.length > MAX_ID_PART_LENGTH) return `a name has 1 to ${MAX_ID_PART_LENGTH} characters`;
	if (!ID_PART.test(part) || part.includes("..") || part.includes("--") || /[.-]$/.test(part)) {
		return "a name has letters, digits, '-', '_' and '.' only, starts with a letter or digit, has no '..' or '--' and does not end with '.' or '-'";
	}
	return undefined;
}

export function isIdPart(part: string): boolean {
	return idPartProblem(part) === undefined;
}

/** Why `name` cannot be a new owner (user or organisation), or undefined when it can: the id rule plus the reserved names. */
export function ownerNameProblem(name: string): string | undefined {
	const problem = idPartProblem(name);
	if (problem) return problem;
	if (isReservedName(name)) return `${JSON.stringify(name)} is reserved for the hub's own pages`;
	return undefined;
}
