import { describe, expect, it } from "vitest";
import { snippets } from "./aneforge.js";

describe("aneforge snippets", () => {
	it("explain unrecognised kinds of model", () => {
		expect(snippets({ id: "org/vit", pipeline_tag: "image-classification" }).map((snippet) => snippet.content)).toEqual(
			["# Type of model unknown"],
		);
	});
});
