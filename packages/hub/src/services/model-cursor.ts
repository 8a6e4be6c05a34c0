/**
 * Listing cursors: the sort value and id of the last model sent, so the next
 * page starts right after it (keyset pagination: no gaps or repeats while
 * paging, and no OFFSET scans). Opaque to clients: base64url of a small JSON.
 */
import { badRequest } from "../errors.js";
import type { SortColumn } from "./model-list-query.js";

export interface CursorPosition {
	/** null: the last model sent has no value in a nullable sort column (NULLABLE_COLUMNS). */
	value: number | string | null;
	id: string;
}

const TEXT_COLUMNS: ReadonlySet<SortColumn> = new Set(["created_at", "last_modified", "id"]);
/** Sort columns some models have no value for: those models come after all the others, by id. */
export const NULLABLE_COLUMNS: ReadonlySet<SortColumn> = new Set(["num_parameters"]);

/** The cursor value of a row's sort column: numbers as numbers (PostgreSQL hands bigint columns back as strings). */
export function cursorValue(sort: SortColumn, value: unknown): number | string | null {
	if (value === null && NULLABLE_COLUMNS.has(sort)) return null;
	return TEXT_COLUMNS.has(sort) ? String(value) : Number(value);
}

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
	const valueOk = TEXT_COLUMNS.has(sort)
		? typeof value === "string"
		: Number.isFinite(value) || (value === null && NULLABLE_COLUMNS.has(sort));
	if (!valueOk) throw badRequest("Invalid cursor (was it made for another sort?)");
	return { value: value as number | string | null, id };
}
