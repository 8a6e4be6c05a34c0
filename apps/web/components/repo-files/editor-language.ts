import type { EditorLanguage } from "./code-highlight";

/** The grammar a file's name asks for, or undefined for plain text. */
export function languageOf(path: string): EditorLanguage | undefined {
	const name = path.toLowerCase();
	if (name.endsWith(".json") || name.endsWith(".jsonl")) return "json";
	if (name.endsWith(".yaml") || name.endsWith(".yml")) return "yaml";
	if (name.endsWith(".md") || name.endsWith(".markdown")) return "markdown";
	if (name.endsWith(".py")) return "python";
	return undefined;
}

export const LANGUAGE_NAMES: Record<EditorLanguage, string> = {
	json: "JSON",
	yaml: "YAML",
	markdown: "Markdown",
	python: "Python",
};
