import { describe, expect, it } from "vitest";
import { loadHostileRecords, loadMalformedRecords, loadModelRecords } from "../../test/records.js";
import { readReference } from "../../test/reference.js";
import {
	jsFailures,
	jsInjections,
	nodeCheckFailures,
	pythonFailures,
	shFailures,
	shInjections,
} from "../../test/syntax.js";
import type { ModelData } from "../model-data.js";
import { LIBRARY_KEYS, MODEL_LIBRARIES, type ModelLibraryKey } from "./index.js";
import type { LibrarySnippet } from "./types.js";

const records = loadModelRecords();
const hostile = loadHostileRecords();
const malformed = loadMalformedRecords();
const generatorKeys = LIBRARY_KEYS.filter((key) => MODEL_LIBRARIES[key].snippets);

function run(key: ModelLibraryKey, model: ModelData): LibrarySnippet[] {
	const generator = MODEL_LIBRARIES[key].snippets;
	if (!generator) throw new Error(`${key} has no generator`);
	return generator(model);
}

function everySnippet(models: ModelData[]): (LibrarySnippet & { key: string; model: string })[] {
	return generatorKeys.flatMap((key) =>
		models.flatMap((model) => run(key, model).map((snippet) => ({ ...snippet, key, model: model.id }))),
	);
}

const where = (failures: { source: string; error: string }[]) =>
	failures.slice(0, 5).map((failure) => `${failure.error}\n---\n${failure.source}`);

describe("library snippet generators", () => {
	it("exist for every library the reference marks as having snippets", () => {
		const expected = readReference("libraries.json")
			.libraries.filter((library: { hasSnippets: boolean }) => library.hasSnippets)
			.map((library: { key: string }) => library.key);
		const missing = expected.filter((key: ModelLibraryKey) => !MODEL_LIBRARIES[key]?.snippets);
		expect(missing).toEqual([]);
		expect(generatorKeys.length).toBeGreaterThanOrEqual(125);
	});

	it("run over a varied set of at least 200 records", () => {
		expect(records.length).toBeGreaterThanOrEqual(200);
		expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
	});

	const all = everySnippet([...records, ...hostile.records, ...malformed]);

	it("never throw and return well-formed snippets", () => {
		expect(all.length).toBeGreaterThan(generatorKeys.length);
		for (const snippet of all) {
			expect(["python", "js", "sh"], `${snippet.key} ${snippet.model}`).toContain(snippet.language);
			expect(snippet.content.trim().length, `${snippet.key} ${snippet.model}`).toBeGreaterThan(0);
		}
		for (const key of generatorKeys) {
			for (const model of records) {
				expect(run(key, model).length, `${key} on ${model.id}`).toBeGreaterThan(0);
			}
		}
	});

	const sources = (language: string) => all.filter((snippet) => snippet.language === language).map((s) => s.content);

	it("emit python that parses", () => {
		expect(where(pythonFailures(sources("python")))).toEqual([]);
	});

	it("emit js that parses as an ES module", () => {
		expect(where(jsFailures(sources("js")))).toEqual([]);
		// And the real CLI, once per library that emits js.
		const firstPerLibrary = [
			...new Map(all.filter((s) => s.language === "js").map((s) => [s.key, s.content])).values(),
		];
		expect(where(nodeCheckFailures(firstPerLibrary))).toEqual([]);
	});

	it("emit sh that bash accepts", () => {
		expect(where(shFailures(sources("sh")))).toEqual([]);
	});
});

describe("author-controlled values stay inside string literals", () => {
	const snippets = everySnippet(hostile.records);
	const of = (language: string) => snippets.filter((snippet) => snippet.language === language).map((s) => s.content);

	it("the hostile records reach the output at all", () => {
		expect(snippets.some((snippet) => snippet.content.includes(hostile.marker))).toBe(true);
	});

	it("in python (tokenize + ast)", () => {
		expect(where(pythonFailures(of("python"), hostile.marker))).toEqual([]);
	});

	it("in js (acorn tokens)", () => {
		expect(where(jsInjections(of("js"), hostile.marker))).toEqual([]);
	});

	it("in sh (single-quoted words only)", () => {
		expect(where(shInjections(of("sh"), hostile.marker))).toEqual([]);
	});
});

/**
 * Golden files: what every generator prints for the records of its own library.
 * A change in output shows up as a diff in review (`npx vitest -u` rewrites them).
 */
describe("golden snippets", () => {
	it.each(generatorKeys)("%s", async (key) => {
		const own = records.filter((record) => record.library_name === key);
		const sample = own.length > 0 ? own : records.slice(0, 1);
		const text = sample
			.map((model) =>
				[
					`## ${model.id}`,
					...run(key, model).map(
						(snippet) => `### ${snippet.title ?? "(untitled)"} [${snippet.language}]\n${snippet.content}\n`,
					),
				].join("\n\n"),
			)
			.join("\n");
		await expect(text).toMatchFileSnapshot(`./snippets/__golden__/${key}.md`);
	});
});
