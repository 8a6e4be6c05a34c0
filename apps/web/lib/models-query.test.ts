import { describe, expect, it } from "vitest";
import { modelsHref, readModelsState, tagFilterTitle } from "./models-query";

describe("the model tree's listing links", () => {
	it("keep the tag filter in the URL, and title the listing by what it lists", () => {
		const state = readModelsState({ other: "base_model:quantized:acme/base" });
		expect(modelsHref(state, {})).toBe("/models?other=base_model%3Aquantized%3Aacme%2Fbase");
		expect(tagFilterTitle(state.other)).toBe("Quantizations of acme/base");
		expect(tagFilterTitle("base_model:adapter:acme/base")).toBe("Adapters of acme/base");
		expect(tagFilterTitle("base_model:acme/base")).toBe("Models made from acme/base");
		expect(tagFilterTitle("license:mit")).toBe("Models tagged “license:mit”");
	});
});
