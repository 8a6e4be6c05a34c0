import { describe, expect, it } from "vitest";
import { snippets } from "./stanza.js";

describe("stanza snippets", () => {
	it("explain unrecognised kinds of model", () => {
		expect(snippets({ id: "org/no-language" }).map((snippet) => snippet.content)).toEqual(["# Type of model unknown"]);
	});
});
