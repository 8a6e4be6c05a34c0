/**
 * Listing cursors: the sort value and id of the last model sent, so the next
 * page starts right after it (keyset pagination: no gaps or repeats while
 * paging, and no OFFSET scans). Opaque to clients: base64url of a small JSON.
 */
import { badRequest } from "../errors.js";
import type { SortColumn } from "./model-list-query.js";

export interface CursorPosition {
	value: number | string;
	id: string;
}

const TEXT_COLUMNS: ReadonlySet<SortColumn> = new Set(["created_at", "last_modified", "id"]);

export function encodeCursor(position: CursorPosition): string {
	return Buffer.from(JSON.stringify([position.value, position.id])).toString("base64url");
}

export function decodeCursor(cursor: string, sort: SortColumn): CursorPosition {
	let parsed: unknown;
	try {
		parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
	} catch {
		throw badRequest("Invalid cursor");
	}
	if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== "string")
		throw badRequest("Invalid cursor");
	const [value, id] = parsed as [unknown, string];
	const valueOk = TEXT_COLUMNS.has(sort) ? typeof value === "string" : Number.isFinite(value);
	if (!valueOk) throw badRequest("Invalid cursor (was it made for another sort?)");
	return { value: value as number | string, id };
}
