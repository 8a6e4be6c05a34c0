/**
 * The card editor's side of a README's front matter: the metadata form owns six keys
 * for a model (task, library, license, tags, base model, widget examples) and three for
 * a dataset (task categories, license, tags) and writes them; every other top-level key
 * of the existing front matter is kept as its own lines, untouched.
 * Its keys are written with `yaml` (strings always double-quoted, list items at the
 * margin, no folding), and the current values are read from the hub's parsed `cardData`.
 */
import { stringify } from "yaml";

/** The keys the form owns are those present: a dataset's form has no task, library, base model or widget. */
export interface CardMetadata {
	pipeline_tag?: string;
	/** A dataset's tasks. */
	task_categories?: string[];
	library_name?: string;
	license: string;
	tags: string[];
	base_model?: string;
	/** Widget examples: one input text each. */
	widget?: string[];
}

const managedKeys = (metadata: CardMetadata) =>
	new Set(Object.entries(metadata).flatMap(([key, value]) => (value === undefined ? [] : [key])));

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** The README's front matter (without its `---` fences) and its body. */
export function splitReadme(readme: string): { frontMatter: string | undefined; body: string } {
	const match = readme.match(FRONT_MATTER);
	if (!match) return { frontMatter: undefined, body: readme.replace(/^\uFEFF/, "") };
	return { frontMatter: match[1] ?? "", body: readme.slice(match[0].length) };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const texts = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((item) => typeof item === "string") : typeof value === "string" ? [value] : [];

/** The form's starting values from the hub's `cardData` (the front matter, parsed by the hub). */
export function metadataFromCardData(
	cardData: Record<string, unknown> | undefined,
	repoType: "model" | "dataset" = "model",
): CardMetadata {
	const data = cardData ?? {};
	if (repoType === "dataset") {
		return { task_categories: texts(data.task_categories), license: text(data.license), tags: texts(data.tags) };
	}
	const widget = Array.isArray(data.widget)
		? data.widget.flatMap((entry) =>
				typeof entry === "object" && entry !== null && typeof (entry as { text?: unknown }).text === "string"
					? [(entry as { text: string }).text]
					: [],
			)
		: [];
	return {
		pipeline_tag: text(data.pipeline_tag),
		library_name: text(data.library_name),
		license: text(data.license),
		tags: texts(data.tags),
		base_model: texts(data.base_model)[0] ?? "",
		widget,
	};
}

/** Lone surrogates, which no YAML reader accepts, become U+FFFD (the line and paragraph separators are escaped below). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const clean = (value: string) => value.trim().replace(LONE_SURROGATE, "\uFFFD");

/** The form's keys as YAML lines, in the form's order; empty values and lists are left out. */
export function managedLines(metadata: CardMetadata): string[] {
	const data: Record<string, unknown> = {};
	const scalar = (key: string, value: string) => {
		if (value.trim()) data[key] = clean(value);
	};
	const list = (key: string, values: string[], item: (value: string) => unknown) => {
		const kept = values.map(clean).filter(Boolean);
		if (kept.length > 0) data[key] = kept.map(item);
	};
	scalar("pipeline_tag", metadata.pipeline_tag ?? "");
	list("task_categories", metadata.task_categories ?? [], (value) => value);
	scalar("library_name", metadata.library_name ?? "");
	scalar("license", metadata.license);
	list("tags", metadata.tags, (value) => value);
	scalar("base_model", metadata.base_model ?? "");
	list("widget", metadata.widget ?? [], (text) => ({ text }));
	if (Object.keys(data).length === 0) return [];
	const yaml = stringify(data, {
		defaultStringType: "QUOTE_DOUBLE",
		defaultKeyType: "PLAIN",
		indentSeq: false,
		lineWidth: 0,
	});
	// YAML 1.1 readers (PyYAML, which Python clients use) take U+2028 and U+2029 as line breaks.
	return yaml
		.replace(/\u2028/g, "\\u2028")
		.replace(/\u2029/g, "\\u2029")
		.replace(/\n$/, "")
		.split("\n");
}

/** A top-level key at the start of a line (`key:`, `"key":`, `'key':`), or undefined. */
function topLevelKey(line: string): string | undefined {
	const match = line.match(/^(?:"([^"]*)"|'([^']*)'|([^\s#:'"-][^:]*?))\s*:(?:\s|$)/);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The lines of the existing front matter that belong to keys the form does not own. A
 * key's block runs to the next top-level key: indented lines, and list items or comments
 * at the margin, go with the key above them.
 */
function keptLines(frontMatter: string | undefined, managed: Set<string>): string[] {
	if (!frontMatter) return [];
	const kept: string[] = [];
	let keeping = true;
	for (const line of frontMatter.split(/\r?\n/)) {
		const key = topLevelKey(line);
		if (key !== undefined) keeping = !managed.has(key);
		if (keeping) kept.push(line);
	}
	while (kept.length > 0 && kept[kept.length - 1]?.trim() === "") kept.pop();
	return kept;
}

/** The whole README: the form's keys, then the other keys as they were, then the body. */
export function buildReadme(frontMatter: string | undefined, metadata: CardMetadata, body: string): string {
	const lines = [...managedLines(metadata), ...keptLines(frontMatter, managedKeys(metadata))];
	const cleanBody = body.replace(/^\r?\n+/, "");
	if (lines.length === 0) return cleanBody;
	return `---\n${lines.join("\n")}\n---\n\n${cleanBody}`;
}
