/**
 * The markdown of route details (route-doc.ts) as HTML, for the `/api/docs` page: paragraphs,
 * bullet and numbered lists, tables, fenced code, and inline `code`, **bold** and links. It
 * renders the hub's own route descriptions, which use nothing else; every character of the
 * source is escaped before any tag is added.
 */

export const escapeHtml = (text: unknown): string =>
	String(text).replace(
		/[&<>"']/g,
		(char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
	);

/** One line's inline markup: `code`, **bold**, [text](url); everything else escaped. */
export function inlineHtml(text: string): string {
	return text
		.split(/(`[^`]+`)/g)
		.map((part) => {
			if (/^`[^`]+`$/.test(part)) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
			return escapeHtml(part)
				.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
				.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
		})
		.join("");
}

/** A table row's cells, with `\|` kept inside a cell. */
const cells = (row: string): string[] =>
	row
		.trim()
		.replace(/^\||\|$/g, "")
		.split(/(?<!\\)\|/)
		.map((cell) => cell.trim().replace(/\\\|/g, "|"));

function table(rows: string[]): string {
	const [head = "", , ...body] = rows;
	const th = cells(head)
		.map((cell) => `<th>${inlineHtml(cell)}</th>`)
		.join("");
	const trs = body.map(
		(row) =>
			`<tr>${cells(row)
				.map((cell) => `<td>${inlineHtml(cell)}</td>`)
				.join("")}</tr>`,
	);
	return `<table><tr>${th}</tr>${trs.join("")}</table>`;
}

const BULLET = /^\s*[-*] /;
const NUMBERED = /^\s*\d+\. /;

/** `markdown` as a run of HTML blocks. */
export function markdownHtml(markdown: string): string {
	const lines = markdown.split("\n");
	const html: string[] = [];
	let index = 0;
	/** The lines from here while `test` holds. */
	const take = (test: (line: string) => boolean): string[] => {
		const taken: string[] = [];
		while (index < lines.length && test(lines[index] as string)) taken.push(lines[index++] as string);
		return taken;
	};
	while (index < lines.length) {
		const line = lines[index] as string;
		if (line.trim() === "") {
			index++;
		} else if (line.trimStart().startsWith("```")) {
			index++;
			const code = take((next) => !next.trimStart().startsWith("```"));
			index++;
			html.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
		} else if (line.trimStart().startsWith("|")) {
			html.push(table(take((next) => next.trimStart().startsWith("|"))));
		} else if (BULLET.test(line) || NUMBERED.test(line)) {
			const marker = BULLET.test(line) ? BULLET : NUMBERED;
			const items: string[] = [];
			for (const next of take((next) => next.trim() !== "" && !next.trimStart().startsWith("|"))) {
				if (marker.test(next)) items.push(next.replace(marker, ""));
				else items[items.length - 1] += ` ${next.trim()}`;
			}
			const tag = marker === BULLET ? "ul" : "ol";
			html.push(`<${tag}>${items.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</${tag}>`);
		} else {
			const paragraph = take((next) => next.trim() !== "" && !/^\s*(```|\||[-*] |\d+\. )/.test(next));
			html.push(`<p>${inlineHtml(paragraph.join(" "))}</p>`);
		}
	}
	return html.join("");
}
