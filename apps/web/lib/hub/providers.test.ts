import { describe, expect, it } from "vitest";
import { providerSummariesOf, taskLocalOf } from "./providers";

describe("GET /api/providers, read once", () => {
	it("keeps each provider's id, kind, whether it is configured and its tasks", () => {
		const body = [
			{ id: "hf-inference", kind: "local", configured: true, tasks: ["text-classification", 7], extra: 1 },
			{ id: "fal-ai", kind: "remote", configured: "yes" },
			{ id: "openai", kind: "client-only", configured: false, tasks: [] },
		];
		expect(providerSummariesOf(body)).toEqual([
			{ id: "hf-inference", kind: "local", configured: true, tasks: ["text-classification"] },
			{ id: "fal-ai", kind: "remote", configured: false, tasks: [] },
			{ id: "openai", kind: "client-only", configured: false, tasks: [] },
		]);
	});

	it("drops entries of another shape and answers nothing for a body that is no list", () => {
		expect(providerSummariesOf([{ id: 3, kind: "remote" }, { id: "x", kind: "cloud" }, null, "x"])).toEqual([]);
		expect(providerSummariesOf({ error: "down" })).toBeUndefined();
		expect(providerSummariesOf(undefined)).toBeUndefined();
	});
});

describe("GET /api/tasks, one task's local model", () => {
	const body = {
		"text-classification": { localModel: "Xenova/distilbert", name: "Text Classification" },
		"text-to-speech": { localNote: "Upload a Piper voice." },
		"image-to-text": { localModel: 5 },
	};

	it("gives the model the hub runs itself, or what a person adds to try the task", () => {
		expect(taskLocalOf(body, "text-classification")).toEqual({ model: "Xenova/distilbert" });
		expect(taskLocalOf(body, "text-to-speech")).toEqual({ note: "Upload a Piper voice." });
	});

	it("gives nothing for a task it does not name, a value of another type or no answer", () => {
		expect(taskLocalOf(body, "image-to-text")).toEqual({});
		expect(taskLocalOf(body, "toString")).toEqual({});
		expect(taskLocalOf(undefined, "text-classification")).toEqual({});
	});
});
