/**
 * The request path does not depend on the sample catalogue: routes (and the
 * router) read data through services, never from `seed/`, so a hub with its own
 * catalogue serves the same routes. The legacy-id aliases the routes redirect
 * are data of their own, and every alias points at a record the sample
 * catalogue holds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sampleCatalogue } from "../seed/catalogue/index.js";
import { LEGACY_ID_ALIASES } from "../services/legacy-ids.js";

const SRC = new URL("../", import.meta.url).pathname;

function importsOf(folder: string): [string, string][] {
	return readdirSync(`${SRC}${folder}`)
		.filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
		.flatMap((name) => {
			const text = readFileSync(`${SRC}${folder}/${name}`, "utf8");
			return [...text.matchAll(/from\s+"([^"]+)"/g)].map((match) => [`${folder}/${name}`, match[1] as string]);
		});
}

describe("layering", () => {
	it("routes and the router never import from seed/", () => {
		const imports = [...importsOf("routes"), ...importsOf("router")];
		expect(imports.length).toBeGreaterThan(20);
		expect(imports.filter(([, target]) => /(^|\/)seed\//.test(target))).toEqual([]);
	});

	it("every legacy id alias points at a model of the sample catalogue", () => {
		const ids = new Set(sampleCatalogue().map((model) => model.id));
		for (const [alias, target] of Object.entries(LEGACY_ID_ALIASES)) {
			expect(alias).not.toContain("/");
			expect(ids.has(target), target).toBe(true);
		}
	});
});
