/**
 * The editor's highlighting, in the browser: Shiki's core with its JavaScript regex engine (no
 * WebAssembly) and only the grammars the editor offers, in the site's palette. This module is
 * imported when an editor opens, so no page pays for it on first load.
 */
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { CLASS_OF_COLOUR, PALETTE_THEME } from "@/components/snippet/palette-theme";

export type EditorLanguage = "json" | "yaml" | "markdown" | "python";

export interface Token {
	text: string;
	/** `hl-k`, `hl-s` …; plain text has none. */
	className?: string;
}

let highlighter: Promise<HighlighterCore> | undefined;

function loadHighlighter(): Promise<HighlighterCore> {
	highlighter ??= createHighlighterCore({
		themes: [PALETTE_THEME],
		langs: [
			import("shiki/langs/json.mjs"),
			import("shiki/langs/yaml.mjs"),
			import("shiki/langs/markdown.mjs"),
			import("shiki/langs/python.mjs"),
		],
		engine: createJavaScriptRegexEngine(),
	});
	return highlighter;
}

export async function tokenize(code: string, language: EditorLanguage): Promise<Token[][]> {
	const shiki = await loadHighlighter();
	return shiki.codeToTokensBase(code, { lang: language, theme: PALETTE_THEME.name }).map((line) =>
		line.map((token) => {
			const className = CLASS_OF_COLOUR.get((token.color ?? "").toLowerCase());
			return className ? { text: token.content, className: `hl-${className}` } : { text: token.content };
		}),
	);
}
