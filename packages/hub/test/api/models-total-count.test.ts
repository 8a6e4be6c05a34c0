/**
 * `X-Total-Count` on `GET /api/models`, on both engines: the exact number of
 * models a listing matches (filters and visibility applied, the same on every
 * page), counted up to a cap past which the hub only says "at least"
 * (`X-Total-Count-At-Least`), and not sent for a search.
 */
import { describe, expect, it } from "vitest";
import type { Caller } from "../../src/auth/caller.js";
import type { SeedModel } from "../../src/seed/types.js";
import { countModels, TOTAL_COUNT_CAP } from "../../src/services/model-list-count.js";
import { parseModelListQuery } from "../../src/services/model-list-query.js";
import { ENGINES } from "../support/engines.js";
import { useHttpHub } from "../support/hub.js";
import { manyModels, seedModel } from "../support/seed-records.js";

const groq = { provider: "groq", providerId: "x", task: "text-generation", status: "live" as const };

const RECORDS: SeedModel[] = [
	...Array.from({ length: 7 }, (_, index) =>
		seedModel(`acme/classifier-${index}`, { tags: index < 3 ? ["transformers", "en"] : ["transformers", "fr"] }),
	),
	...Array.from({ length: 4 }, (_, index) =>
		seedModel(`acme/writer-${index}`, {
			pipeline_tag: "text-generation",
			library_name: index === 0 ? "mlx" : "transformers",
			tags: ["text-generation"],
			inferenceProviderMapping: index < 2 ? [groq] : [],
		}),
	),
	seedModel("dana/secret-a", { private: true }),
	seedModel("dana/secret-b", { private: true, pipeline_tag: "text-generation" }),
];
const PUBLIC = RECORDS.filter((record) => !record.private);

const DANA: Caller = {
	userId: "u-dana",
	userName: "dana",
	fullname: "Dana",
	email: null,
	token: { displayName: "test", role: "read", createdAt: "2024-01-01T00:00:00.000Z" },
};

describe.each(ENGINES)("the listing's total count on %s", (engine) => {
	const hub = useHttpHub(engine, RECORDS);

	const total = async (query: string) => {
		const response = await fetch(`${hub.url}/api/models?${query}`);
		expect(response.status).toBe(200);
		return response.headers.get("x-total-count");
	};

	it("counts every public model a listing matches, with each filter", async () => {
		expect(await total("")).toBe(String(PUBLIC.length));
		expect(await total("pipeline_tag=text-generation")).toBe("4");
		expect(await total("library=mlx")).toBe("1");
		expect(await total("library=mlx,transformers")).toBe(String(PUBLIC.length));
		expect(await total("filter=en")).toBe("3");
		expect(await total("inference_provider=groq")).toBe("2");
		expect(await total("author=acme&pipeline_tag=text-classification&filter=fr")).toBe("4");
		expect(await total("pipeline_tag=robotics")).toBe("0");
		// Another owner's private models are not counted, as they are not listed.
		expect(await total("author=dana")).toBe("0");
	});

	it("sends the same total on every page, whatever the page size", async () => {
		let next: string | undefined = `${hub.url}/api/models?limit=4&sort=id`;
		const seen: (string | null)[] = [];
		while (next) {
			const response: Response = await fetch(next);
			seen.push(response.headers.get("x-total-count"));
			expect(response.headers.get("x-total-count-at-least")).toBeNull();
			next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
		}
		expect(seen).toEqual(["11", "11", "11"]);
	});

	it("sends no total for a search, and browsers may read both headers", async () => {
		const response = await fetch(`${hub.url}/api/models?search=writer`, {
			headers: { Origin: "http://example.test" },
		});
		expect(((await response.json()) as unknown[]).length).toBe(4);
		expect(response.headers.get("x-total-count")).toBeNull();
		const exposed = (response.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
		expect(exposed).toEqual(expect.arrayContaining(["x-total-count", "x-total-count-at-least"]));
	});

	it("counts the owner's private models for the owner, and stops at the cap", async () => {
		const count = (query: string, caller: Caller | undefined, cap?: number) =>
			countModels(hub.deps.db, parseModelListQuery(new URLSearchParams(query)), caller, cap);
		expect(await count("author=dana", DANA)).toEqual({ exact: 2 });
		expect(await count("", DANA)).toEqual({ exact: RECORDS.length });
		expect(await count("", undefined, PUBLIC.length)).toEqual({ exact: PUBLIC.length });
		expect(await count("", undefined, PUBLIC.length - 1)).toEqual({ atLeast: PUBLIC.length - 1 });
		expect(await count("pipeline_tag=text-generation", DANA, 3)).toEqual({ atLeast: 3 });
		expect(await count("search=writer", undefined)).toBeUndefined();
	});
});

describe.each(ENGINES)("past the cap on %s", (engine) => {
	const hub = useHttpHub(engine, manyModels(TOTAL_COUNT_CAP + 1));

	it("says 'at least' the cap instead of an exact count, and counts exactly below it", async () => {
		const all = await fetch(`${hub.url}/api/models?limit=1`);
		expect(all.headers.get("x-total-count")).toBeNull();
		expect(all.headers.get("x-total-count-at-least")).toBe(String(TOTAL_COUNT_CAP));
		// A quarter of the models are image classifiers: under the cap, so exact again.
		const some = await fetch(`${hub.url}/api/models?limit=1&pipeline_tag=image-classification`);
		expect(some.headers.get("x-total-count")).toBe(String(Math.ceil((TOTAL_COUNT_CAP + 1 - 2) / 4)));
		expect(some.headers.get("x-total-count-at-least")).toBeNull();
	});
});
