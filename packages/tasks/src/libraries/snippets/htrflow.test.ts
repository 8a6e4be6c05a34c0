import { describe, expect, it } from "vitest";
import { snippets } from "./htrflow.js";

describe("htrflow snippets", () => {
	it("explain unrecognised kinds of model", () => {
		expect(snippets({ id: "org/htr" }).map((snippet) => snippet.content)).toEqual(["# Type of model unknown"]);
	});
});
