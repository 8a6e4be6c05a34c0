import { describe, expect, it } from "vitest";
import { modelServing, type ProviderSummary, routesTask } from "./model-serving";

const providers: ProviderSummary[] = [
	{ id: "hf-inference", kind: "local", configured: true, tasks: ["text-classification"] },
	{ id: "fal-ai", kind: "remote", configured: true, tasks: ["text-to-image"] },
	{ id: "together", kind: "remote", configured: false, tasks: ["text-to-image"] },
	{ id: "openai", kind: "client-only", configured: true, tasks: ["text-to-image"] },
];

describe("which provider this hub routes a task to", () => {
	it("routes only a configured provider that is no client-only one and runs the task", () => {
		const routed = (task: string) => providers.filter((provider) => routesTask(provider, task)).map((p) => p.id);
		expect(routed("text-to-image")).toEqual(["fal-ai"]);
		expect(routed("text-classification")).toEqual(["hf-inference"]);
		expect(routed("translation")).toEqual([]);
	});

	it("agrees with the model page's answer for the same mapping", () => {
		const mapping = {
			together: { task: "text-to-image" },
			openai: { task: "text-to-image" },
			"fal-ai": { task: "text-to-image" },
		};
		expect(modelServing(mapping, providers).serving?.provider).toBe("fal-ai");
	});
});
