/**
 * Syntax highlighting for code blocks, on the server, with Shiki. Its grammars
 * ship inside the npm package and its JavaScript regex engine needs no
 * WebAssembly, so nothing is fetched and it runs under Next's server build.
 *
 * Tokens get a class of our own palette (`hl-k` keyword, `hl-s` string …,
 * coloured for light and dark in highlight.css from the site's theme) rather
 * than Shiki's inline colours per theme: the HTML is a fraction of the size,
 * switching themes needs no second render, and every colour is one we checked
 * for contrast on the code background. Plain tokens stay unwrapped text, so the
 * block's text is the code exactly and the copy button copies what is shown.
 */
import "server-only";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { codeKey, HighlightCache } from "./highlight-cache";
import { CLASS_OF_COLOUR, PALETTE_THEME } from "./palette-theme";

/** Our snippet language names → Shiki's grammar names. */
const GRAMMARS: Record<string, string> = {
	python: "python",
	py: "python",
	js: "javascript",
	javascript: "javascript",
	ts: "typescript",
	typescript: "typescript",
	sh: "shellscript",
	bash: "shellscript",
	shell: "shellscript",
	json: "json",
};

let highlighter: Promise<HighlighterCore> | undefined;

function loadHighlighter(): Promise<HighlighterCore> {
	highlighter ??= createHighlighterCore({
		themes: [PALETTE_THEME],
		langs: [
			import("shiki/langs/python.mjs"),
			import("shiki/langs/javascript.mjs"),
			import("shiki/langs/typescript.mjs"),
			import("shiki/langs/shellscript.mjs"),
			import("shiki/langs/json.mjs"),
		],
		engine: createJavaScriptRegexEngine(),
	});
	return highlighter;
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A model page shows the same snippets to every visitor: highlighting each once saves most of the work. */
const cache = new HighlightCache(2000);

/**
 * The inner HTML of `<code>` for `code`, or undefined for a language without a
 * grammar here (the block then shows plain text).
 */
export async function highlightCode(code: string, language: string | undefined): Promise<string | undefined> {
	const grammar = language ? GRAMMARS[language.toLowerCase()] : undefined;
	if (!grammar) return undefined;
	const cached = cache.get(grammar, code);
	if (cached !== undefined) return cached;
	const shiki = await loadHighlighter();
	const lines = shiki.codeToTokensBase(code, { lang: grammar, theme: PALETTE_THEME.name });
	const html = lines
		.map((tokens) => {
			let out = "";
			let open: string | undefined;
			for (const token of tokens) {
				const className = CLASS_OF_COLOUR.get((token.color ?? "").toLowerCase());
				if (className !== open) {
					if (open) out += "</span>";
					if (className) out += `<span class="hl-${className}">`;
					open = className;
				}
				out += escapeHtml(token.content);
			}
			return open ? `${out}</span>` : out;
		})
		.join("\n");
	cache.set(grammar, code, html);
	return html;
}

/**
 * Every code block in `value` (any object or array holding snippets: a
 * `content` with its `language`, and a `setup` shell line), highlighted and keyed
 * by `codeKey(code)` for HighlightedCode. The snippets' own types stay as they are.
 */
export async function highlightAll(value: unknown): Promise<Record<string, string>> {
	const blocks = new Map<string, string>();
	const visit = (item: unknown) => {
		if (Array.isArray(item)) {
			for (const entry of item) visit(entry);
			return;
		}
		if (!item || typeof item !== "object") return;
		const record = item as Record<string, unknown>;
		if (typeof record.content === "string") {
			blocks.set(record.content, typeof record.language === "string" ? record.language : "sh");
		}
		if (typeof record.setup === "string") blocks.set(record.setup, "sh");
		for (const entry of Object.values(record)) if (entry && typeof entry === "object") visit(entry);
	};
	visit(value);
	const entries = await Promise.all(
		[...blocks].map(async ([code, language]) => [codeKey(code), await highlightCode(code, language)] as const),
	);
	return Object.fromEntries(entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
}
