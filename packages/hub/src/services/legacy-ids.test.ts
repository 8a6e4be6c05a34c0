/**
 * The legacy-id aliases the routes redirect are data of their own, and every
 * alias points at a record the sample catalogue holds.
 */
import { describe, expect, it } from "vitest";
import { sampleCatalogue } from "../seed/catalogue/index.js";
import { LEGACY_ID_ALIASES } from "./legacy-ids.js";

describe("legacy model ids", () => {
	it("every alias points at a model of the sample catalogue", () => {
		const ids = new Set(sampleCatalogue().map((model) => model.id));
		for (const [alias, target] of Object.entries(LEGACY_ID_ALIASES)) {
			expect(alias).not.toContain("/");
			expect(ids.has(target), target).toBe(true);
		}
	});
});
