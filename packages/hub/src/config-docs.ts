/**
 * The configuration's documentation, rendered from its declaration (config-variables.ts):
 * `hubkit serve --help` prints environmentHelp() at run time, and scripts/config-docs.mjs writes
 * configTables() between the markers of the README and docs/deploy.md
 * (test/config-docs.test.ts fails when a committed table differs from it).
 */
import { CONFIG_VARIABLES, type ConfigVariable, SECTIONS } from "./config-variables.js";

export const CONFIG_TABLE_START = "<!-- config:start (written by packages/hub/scripts/config-docs.mjs) -->";
export const CONFIG_TABLE_END = "<!-- config:end -->";

const plain = (markdown: string) => markdown.replaceAll("`", "");

/** The default, and what 0 means when it is not the plain number. */
const defaultText = (variable: ConfigVariable) =>
	variable.zero ? `${variable.default}; 0: ${variable.zero}` : variable.default;

const bySection = (variables: readonly ConfigVariable[]) =>
	SECTIONS.map((section) => ({ section, variables: variables.filter((variable) => variable.section === section) }));

/** `text` in lines of at most `width` characters (a longer word stands alone). */
function wrapped(text: string, width: number): string[] {
	const lines: string[] = [];
	for (const word of text.split(" ")) {
		const last = lines.at(-1);
		if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
		else lines.push(word);
	}
	return lines;
}

/** The "Environment:" part of `hubkit serve --help`: every variable, by section. */
export function environmentHelp(): string {
	const variables = CONFIG_VARIABLES;
	const width = Math.max(...variables.map(({ name }) => name.length).filter((length) => length <= 40));
	const indent = " ".repeat(4 + width + 2);
	return bySection(variables)
		.map(({ section, variables }) => {
			const lines = variables.map((variable) => {
				const flag = variable.flag ? `; ${variable.flag} wins` : "";
				const about = wrapped(plain(`${variable.about}. Default ${defaultText(variable)}${flag}`), 72);
				const first = variable.name.length > width ? [`    ${variable.name}`] : [];
				const name = variable.name.length > width ? "" : variable.name;
				return [
					...first,
					...about.map((line, index) =>
						index === 0 && name ? `    ${name.padEnd(width)}  ${line}` : `${indent}${line}`,
					),
				].join("\n");
			});
			return [`  ${section}:`, ...lines].join("\n");
		})
		.join("\n");
}

function table(rows: readonly (readonly string[])[]): string {
	const widths = (rows[0] ?? []).map((_, column) => Math.max(3, ...rows.map((row) => (row[column] ?? "").length)));
	const line = (row: readonly string[]) =>
		`| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
	const [head, ...body] = rows;
	return [line(head ?? []), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/** The Markdown tables, one per section, that the README and docs/deploy.md hold between their markers. */
export function configTables(): string {
	return bySection(CONFIG_VARIABLES)
		.map(({ section, variables }) => {
			const rows = variables.map((variable) => [
				variable.name
					.split(", ")
					.map((name) => `\`${name}\``)
					.join(", ") + (variable.flag ? ` (\`${variable.flag}\`)` : ""),
				variable.about,
				variable.accepts,
				defaultText(variable),
			]);
			return `**${section}**\n\n${table([["variable", "what it sets", "accepts", "default"], ...rows])}`;
		})
		.join("\n\n");
}

/** `document` with the text between its markers replaced by configTables(); `name` is for the error. */
export function withConfigTables(document: string, name: string): string {
	const start = document.indexOf(CONFIG_TABLE_START);
	const end = document.indexOf(CONFIG_TABLE_END);
	if (start < 0 || end < start) throw new Error(`${name} has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} markers`);
	return `${document.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTables()}\n\n${document.slice(end)}`;
}
