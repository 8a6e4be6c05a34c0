import { describe, expect, it } from "vitest";
import { readReference } from "../../test/reference.js";
import { TASKS_MODEL_LIBRARIES } from "../tasks/index.js";
import { FILTERABLE_LIBRARY_KEYS, isModelLibraryKey, LIBRARY_KEYS, MODEL_LIBRARIES } from "./index.js";

const reference = readReference("libraries.json");

describe("library catalogue", () => {
	it("has every reference key, in the reference's order", () => {
		expect(LIBRARY_KEYS).toEqual(reference.libraries.map((library: { key: string }) => library.key));
		expect(LIBRARY_KEYS).toHaveLength(257);
	});

	it("keeps each library's facts", () => {
		for (const library of reference.libraries) {
			const entry = MODEL_LIBRARIES[library.key as keyof typeof MODEL_LIBRARIES];
			expect(entry.prettyLabel, library.key).toBe(library.prettyLabel);
			expect(entry.repoName, library.key).toBe(library.repoName);
			expect(entry.repoUrl, library.key).toBe(library.repoUrl);
			expect(entry.docsUrl ?? null, library.key).toBe(library.docsUrl);
			expect(entry.filter ?? false, library.key).toBe(library.filter ?? false);
		}
	});

	it("lists the filterable libraries", () => {
		expect(FILTERABLE_LIBRARY_KEYS).toEqual(
			reference.libraries.filter((library: { filter: boolean }) => library.filter).map((l: { key: string }) => l.key),
		);
		expect(FILTERABLE_LIBRARY_KEYS).toHaveLength(35);
	});

	it("is what the task catalogue refers to", () => {
		for (const keys of Object.values(TASKS_MODEL_LIBRARIES)) {
			for (const key of keys) {
				expect(isModelLibraryKey(key), key).toBe(true);
			}
		}
		expect(isModelLibraryKey("hasOwnProperty")).toBe(false);
	});

	it("has https repository and docs links", () => {
		for (const key of LIBRARY_KEYS) {
			const entry = MODEL_LIBRARIES[key];
			expect(new URL(entry.repoUrl).protocol, key).toBe("https:");
			if (entry.docsUrl) expect(new URL(entry.docsUrl).protocol, key).toBe("https:");
		}
	});
});
