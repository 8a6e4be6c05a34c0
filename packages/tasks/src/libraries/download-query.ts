/**
 * Download counting. A library's `countDownloads` is a small query over the
 * paths of a repository's files, e.g. `path_extension:"gguf" OR (path_filename:"config"
 * AND path_extension:"json")`. A fetch of a file that matches counts as one download
 * of the model; fetches of other files (tokenizers, shards, READMEs) do not.
 *
 * Grammar (whitespace, tabs and newlines are insignificant):
 *   query  := or
 *   or     := and ("OR" and)*
 *   and    := atom ("AND" atom)*
 *   atom   := "(" or ")" | field ":" value
 *   field  := path | path_extension | path_prefix | path_filename | _exists_
 *   value  := "quoted string" (\" and \\ escapes) | bare-word
 */
import { LIBRARY_FACTS } from "./catalogue.js";

type Field = "path" | "path_extension" | "path_prefix" | "path_filename" | "_exists_";
const FIELDS: ReadonlySet<string> = new Set<Field>([
	"path",
	"path_extension",
	"path_prefix",
	"path_filename",
	"_exists_",
]);

export type DownloadQuery =
	| { kind: "match"; field: Field; value: string }
	| { kind: "and"; clauses: DownloadQuery[] }
	| { kind: "or"; clauses: DownloadQuery[] };

/** The rule for libraries that have no query of their own. */
export const DEFAULT_DOWNLOAD_QUERY =
	'path:"config.json" OR path:"config.yaml" OR path:"hyperparams.yaml" OR path:"meta.yaml"';

type Token = { type: "word" | "string" | "(" | ")" | ":"; text: string; at: number };

function tokenize(query: string): Token[] {
	const tokens: Token[] = [];
	let at = 0;
	while (at < query.length) {
		const char = query[at] as string;
		if (/\s/.test(char)) {
			at++;
		} else if (char === "(" || char === ")" || char === ":") {
			tokens.push({ type: char, text: char, at });
			at++;
		} else if (char === '"') {
			let text = "";
			let end = at + 1;
			while (end < query.length && query[end] !== '"') {
				if (query[end] === "\\" && end + 1 < query.length) end++;
				text += query[end];
				end++;
			}
			if (end >= query.length) throw new SyntaxError(`Unterminated string at ${at} in download query: ${query}`);
			tokens.push({ type: "string", text, at });
			at = end + 1;
		} else {
			const word = /^[^\s():"]+/.exec(query.slice(at))?.[0] ?? char;
			tokens.push({ type: "word", text: word, at });
			at += word.length;
		}
	}
	return tokens;
}

/** Parses a download-counting query; throws a SyntaxError that names the problem. */
export function parseDownloadQuery(query: string): DownloadQuery {
	const tokens = tokenize(query);
	let position = 0;
	const fail = (message: string): never => {
		const at = tokens[position]?.at ?? query.length;
		throw new SyntaxError(`${message} at ${at} in download query: ${query}`);
	};
	const isKeyword = (keyword: string) => tokens[position]?.type === "word" && tokens[position]?.text === keyword;

	function parseOr(): DownloadQuery {
		const clauses = [parseAnd()];
		while (isKeyword("OR")) {
			position++;
			clauses.push(parseAnd());
		}
		return clauses.length === 1 ? (clauses[0] as DownloadQuery) : { kind: "or", clauses };
	}
	function parseAnd(): DownloadQuery {
		const clauses = [parseAtom()];
		while (isKeyword("AND")) {
			position++;
			clauses.push(parseAtom());
		}
		return clauses.length === 1 ? (clauses[0] as DownloadQuery) : { kind: "and", clauses };
	}
	function parseAtom(): DownloadQuery {
		const token = tokens[position];
		if (!token) return fail("Expected a condition");
		if (token.type === "(") {
			position++;
			const inner = parseOr();
			if (tokens[position]?.type !== ")") fail('Expected ")"');
			position++;
			return inner;
		}
		if (token.type !== "word" || !FIELDS.has(token.text)) return fail(`Unknown field "${token.text}"`);
		position++;
		if (tokens[position]?.type !== ":") fail('Expected ":"');
		position++;
		const value = tokens[position];
		if (!value || (value.type !== "string" && value.type !== "word")) return fail("Expected a value");
		position++;
		return { kind: "match", field: token.text as Field, value: value.text };
	}

	const parsed = parseOr();
	if (position < tokens.length) fail(`Unexpected "${tokens[position]?.text}"`);
	return parsed;
}

/** The fields a query can test, derived from one file path. */
function pathFields(path: string): Record<Exclude<Field, "_exists_">, string | undefined> {
	const slash = path.lastIndexOf("/");
	const basename = path.slice(slash + 1);
	const dot = basename.lastIndexOf(".");
	return {
		path,
		// Files at the top of the repository have no prefix at all.
		path_prefix: slash >= 0 ? path.slice(0, slash + 1) : undefined,
		path_extension: dot > 0 ? basename.slice(dot + 1) : undefined,
		path_filename: dot > 0 ? basename.slice(0, dot) : basename,
	};
}

export function matchesDownloadQuery(query: DownloadQuery, path: string): boolean {
	const fields = pathFields(path);
	const test = (node: DownloadQuery): boolean => {
		switch (node.kind) {
			case "or":
				return node.clauses.some(test);
			case "and":
				return node.clauses.every(test);
			case "match":
				if (node.field === "_exists_") {
					return fields[node.value as keyof typeof fields] !== undefined;
				}
				if (node.field === "path_prefix") {
					return path.startsWith(node.value);
				}
				return fields[node.field] === node.value;
		}
	};
	return test(query);
}

const compiled = new Map<string, DownloadQuery>();

function queryFor(libraryKey: string): DownloadQuery {
	const source =
		(Object.hasOwn(LIBRARY_FACTS, libraryKey) &&
			(LIBRARY_FACTS[libraryKey as keyof typeof LIBRARY_FACTS] as { countDownloads?: string }).countDownloads) ||
		DEFAULT_DOWNLOAD_QUERY;
	let query = compiled.get(source);
	if (!query) {
		query = parseDownloadQuery(source);
		compiled.set(source, query);
	}
	return query;
}

/**
 * Whether fetching `filePath` from a repository of library `libraryKey` counts as
 * a download. Unknown libraries, and libraries without a rule, use the default rule.
 */
export function countsAsDownload(libraryKey: string | undefined, filePath: string): boolean {
	return matchesDownloadQuery(queryFor(libraryKey ?? ""), filePath.replace(/^\/+/, ""));
}
