/**
 * The configuration tables of the README and docs/deploy.md are what scripts/config-docs.mjs
 * writes from the declaration (src/config-variables.ts): a variable added, or its text changed,
 * without rewriting them fails here.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configTables, withConfigTables } from "../src/config-docs.js";
import { CONFIG_VARIABLES } from "../src/config-variables.js";

const DOCUMENTS = {
	"packages/hub/README.md": new URL("../README.md", import.meta.url),
	"docs/deploy.md": new URL("../../../docs/deploy.md", import.meta.url),
};

describe("the configuration tables", () => {
	it.each(Object.entries(DOCUMENTS))("in %s are the declaration's", (name, url) => {
		const committed = readFileSync(fileURLToPath(url), "utf8");
		expect(
			withConfigTables(committed, name) === committed,
			`${name}'s configuration tables differ from the declaration: run npm run docs:config in packages/hub`,
		).toBe(true);
	});

	it("name every declared variable, and refuse a document without markers", () => {
		const tables = configTables();
		for (const variable of CONFIG_VARIABLES) {
			for (const name of variable.name.split(", ")) expect(tables).toContain(`\`${name}\``);
		}
		expect(() => withConfigTables("# no table here\n", "notes.md")).toThrow(/notes\.md has no <!-- config:start/);
	});
});
