/**
 * The site's highlighting palette as a Shiki theme: each token class (`hl-k` keyword, `hl-s`
 * string …) is a placeholder colour Shiki hands back on the token, mapped back to the class here.
 * Shared by the server's code blocks (highlight.ts) and the browser's file editor.
 */
import type { ThemeRegistrationRaw } from "shiki/core";

/** TextMate scopes per palette class; the most specific scope of a token decides, as in any editor theme. */
const CLASSES: [className: string, scopes: string[]][] = [
	["c", ["comment", "punctuation.definition.comment"]],
	["s", ["string", "punctuation.definition.string"]],
	["k", ["keyword", "storage", "keyword.operator.new", "keyword.operator.expression"]],
	[
		"n",
		[
			"constant.numeric",
			"constant.language",
			"constant.character.escape",
			"constant.other.option",
			"constant.other.caps",
			"support.constant",
			"variable.language",
		],
	],
	["f", ["entity.name.function", "support.function", "meta.function-call.generic", "entity.name.command"]],
	["t", ["entity.name.type", "entity.name.class", "support.class", "variable.parameter", "variable.other.normal"]],
];

/** Each class is written as a placeholder colour that Shiki hands back on the token; plain text is #000000. */
const placeholder = (index: number) => `#0000${(index + 1).toString(16).padStart(2, "0")}`;
export const CLASS_OF_COLOUR = new Map(CLASSES.map(([className], index) => [placeholder(index), className]));

export const PALETTE_THEME: ThemeRegistrationRaw = {
	name: "hubkit-palette",
	type: "light",
	settings: [
		{ settings: { foreground: "#000000", background: "#ffffff" } },
		// Operators read as plain text, though their scopes start with "keyword".
		{ scope: ["keyword.operator"], settings: { foreground: "#000000" } },
		...CLASSES.map(([, scopes], index) => ({ scope: scopes, settings: { foreground: placeholder(index) } })),
	],
};
