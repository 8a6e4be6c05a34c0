import { describe, expect, it } from "vitest";
import { datasetQueryString } from "./datasets";
import { modelQueryString } from "./models";
import { writableNamespacesOf } from "./users";

describe("listing queries", () => {
	it("sends only the model filters that are set, 30 a page unless told", () => {
		expect(modelQueryString({})).toBe("limit=30");
		expect(modelQueryString({ search: "bert base", pipeline_tag: "fill-mask", sort: "", cursor: "c=", limit: 5 })).toBe(
			"search=bert+base&pipeline_tag=fill-mask&cursor=c%3D&limit=5",
		);
		expect(modelQueryString({ library: "gguf", inference_provider: "fal-ai" })).toBe(
			"library=gguf&inference_provider=fal-ai&limit=30",
		);
		// The model tree's links: a tag the models must carry, sent as the hub's filter.
		expect(modelQueryString({ other: "base_model:quantized:acme/base" })).toBe(
			"filter=base_model%3Aquantized%3Aacme%2Fbase&limit=30",
		);
	});

	it("sends one filter parameter per dataset tag", () => {
		expect(
			datasetQueryString({ search: "reviews", filter: ["task_categories:text-classification", "language:en"] }),
		).toBe("search=reviews&filter=task_categories%3Atext-classification&filter=language%3Aen&limit=30");
	});
});

describe("where the visitor may create repositories", () => {
	it("lists their own name, then the organisations where they write or administer", () => {
		const orgs = [
			{ name: "readers", fullname: null, avatarUrl: "", roleInOrg: "read" as const },
			{ name: "writers", fullname: null, avatarUrl: "", roleInOrg: "write" as const },
			{ name: "admins", fullname: null, avatarUrl: "", roleInOrg: "admin" as const },
		];
		expect(writableNamespacesOf({ name: "alice", orgs })).toEqual([
			{ name: "alice", kind: "user" },
			{ name: "writers", kind: "org" },
			{ name: "admins", kind: "org" },
		]);
		expect(writableNamespacesOf({ orgs })).toEqual([]);
		expect(writableNamespacesOf(undefined)).toEqual([]);
	});
});
