import { describe, expect, it } from "vitest";
import { avatarPath, encodePath, repoApiPath, repoPagePath, resolvePath, safeNextPath, signInPath } from "./paths";

describe("repository paths", () => {
	it("puts models at the root and datasets under /datasets, with their JSON routes under /api", () => {
		expect(repoPagePath("model", "alice/bert")).toBe("/alice/bert");
		expect(repoPagePath("dataset", "alice/reviews")).toBe("/datasets/alice/reviews");
		expect(repoApiPath("model", "alice/bert")).toBe("/api/models/alice/bert");
		expect(repoApiPath("dataset", "alice/reviews")).toBe("/api/datasets/alice/reviews");
		expect(repoPagePath("model", "gpt2")).toBe("/gpt2");
	});

	it("escapes each segment and keeps the slashes", () => {
		expect(encodePath("a b/c#d/ü?")).toBe("a%20b/c%23d/%C3%BC%3F");
		expect(repoApiPath("model", "alice/a b")).toBe("/api/models/alice/a%20b");
	});

	it("builds a file's resolve URL at a revision", () => {
		expect(resolvePath({ type: "dataset", id: "alice/reviews" }, "refs/pr/1", "data/train 1.csv")).toBe(
			"/datasets/alice/reviews/resolve/refs%2Fpr%2F1/data/train%201.csv",
		);
		expect(resolvePath({ type: "model", id: "alice/bert" }, "main", "config.json")).toBe(
			"/alice/bert/resolve/main/config.json",
		);
	});
});

describe("sign-in and avatar paths", () => {
	it("sends a person to sign in and back", () => {
		expect(signInPath("/alice/bert?tab=files")).toBe("/login?next=%2Falice%2Fbert%3Ftab%3Dfiles");
	});

	it("lets ?next= go only to a path on this site", () => {
		expect(safeNextPath("/settings/tokens?x=1#a")).toBe("/settings/tokens?x=1#a");
		expect(safeNextPath(["/models", "/other"])).toBe("/models");
		for (const hostile of [
			undefined,
			"",
			"https://evil.example/",
			"//evil.example/",
			"/\\evil.example",
			"javascript:alert(1)",
		]) {
			expect(safeNextPath(hostile)).toBe("/");
		}
	});

	it("keeps the hub's avatar path and makes one up for anything else", () => {
		expect(avatarPath("http://hub.example:8787/api/avatars/alice.png", "alice")).toBe("/api/avatars/alice.png");
		expect(avatarPath("https://elsewhere.example/me.png", "alice")).toBe("/api/avatars/alice.svg");
		expect(avatarPath(undefined, "a b")).toBe("/api/avatars/a%20b.svg");
	});
});
