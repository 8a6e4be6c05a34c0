/**
 * A table as the widget's text box holds it: comma-separated, a header line of
 * column names, then one line per row. The table tasks take it as columns
 * (`{ name: [values…] }`), the shape of a model card's `table` and
 * `structured_data`. Plain commas only: a cell cannot hold one.
 */

export type Columns = Record<string, string[]>;

export function columnsToText(columns: Record<string, readonly (string | number)[]>): string {
	const names = Object.keys(columns);
	const rows = Math.max(0, ...names.map((name) => columns[name]?.length ?? 0));
	const lines = [names.join(", ")];
	for (let row = 0; row < rows; row++) lines.push(names.map((name) => String(columns[name]?.[row] ?? "")).join(", "));
	return lines.join("\n");
}

/** The table in the box as columns; throws an Error that says what is wrong with it. */
export function textToColumns(text: string): Columns {
	const lines = text
		.split("\n")
		.map((line) => line.trim())
		.filter(Boolean);
	const [header, ...rows] = lines.map((line) => line.split(",").map((cell) => cell.trim()));
	if (!header || rows.length === 0) throw new Error("Give a header line of column names and at least one row.");
	if (header.some((name) => name === "")) throw new Error("Every column needs a name in the header line.");
	const columns: Columns = Object.fromEntries(header.map((name) => [name, []]));
	for (const [index, cells] of rows.entries()) {
		if (cells.length !== header.length) {
			throw new Error(`Row ${index + 1} has ${cells.length} cells; the header names ${header.length} columns.`);
		}
		for (const [at, name] of header.entries()) columns[name]?.push(cells[at] ?? "");
	}
	return columns;
}
