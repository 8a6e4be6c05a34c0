import { describe, expect, it } from "vitest";
import { nextCursorOf, pageInfoOf } from "./fetch";

describe("a listing's page headers", () => {
	it("reads the cursor of the next page from the Link header", () => {
		expect(nextCursorOf('<http://127.0.0.1:8787/api/models?limit=30&cursor=abc%3D>; rel="next"')).toBe("abc=");
		expect(nextCursorOf('<http://127.0.0.1:8787/api/models?limit=30>; rel="next"')).toBeUndefined();
		expect(nextCursorOf('<http://127.0.0.1:8787/api/models?cursor=x>; rel="prev"')).toBeUndefined();
		expect(nextCursorOf(null)).toBeUndefined();
	});

	it("takes the counts when they are whole numbers and drops them otherwise", () => {
		const headers = new Headers({
			link: '<http://hub.example/api/datasets?cursor=n2>; rel="next"',
			"x-total-count": "42",
		});
		expect(pageInfoOf(headers)).toEqual({ nextCursor: "n2", total: 42, totalAtLeast: undefined });
		expect(pageInfoOf(new Headers({ "x-total-count-at-least": "1000" }))).toEqual({
			nextCursor: undefined,
			total: undefined,
			totalAtLeast: 1000,
		});
		for (const bad of ["-1", "1.5", "many"]) {
			expect(pageInfoOf(new Headers({ "x-total-count": bad })).total).toBeUndefined();
		}
	});
});
