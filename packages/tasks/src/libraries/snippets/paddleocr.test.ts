import { describe, expect, it } from "vitest";
import { snippets } from "./paddleocr.js";

describe("paddleocr snippets", () => {
	it("explain unrecognised kinds of model", () => {
		expect(snippets({ id: "org/something" }).map((snippet) => snippet.content)).toEqual(["# Type of model unknown"]);
	});
});
