/**
 * Contract of the whole registry against the reference facts: every provider ×
 * task the reference lists exists, and its URL (through the router and direct)
 * and headers are exactly the reference's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INFERENCE_PROVIDERS, type InferenceTask } from "../types.js";
import { getProviderHelper, PROVIDERS } from "./index.js";

const reference = JSON.parse(readFileSync(new URL("../../../../reference/providers.json", import.meta.url), "utf8"));

interface ReferenceHelper {
	urlViaRouter: string;
	urlDirect: string | { error: string };
	headersViaRouter: Record<string, string>;
	headersDirect: Record<string, string>;
	headersBinaryViaRouter?: Record<string, string>;
	/** Some routes accept only listed provider-side model ids. */
	routeModelConstraint?: { acceptedProviderModelIds: string[] };
}
interface ReferenceProvider {
	id: string;
	baseUrl: string;
	tasks: string[];
	clientSideRoutingOnly: boolean;
	helpers: Record<string, ReferenceHelper>;
}

const current: ReferenceProvider[] = reference["4.13.30"].providers;
const older: ReferenceProvider[] = reference["3.8.1"].providers.filter(
	(provider: ReferenceProvider) => !current.some((item) => item.id === provider.id),
);
const MODEL = "some-org/some-model";
const TOKEN = "hf_contractToken";
const KEY = "provider_contract_key";
const fill = (template: string, token: string, model = MODEL) =>
	template.replaceAll("{model}", model).replaceAll("{token}", token);
const fillAll = (headers: Record<string, string>, token: string) =>
	Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value, token)]));

const cases = [...current, ...older].flatMap((provider) =>
	provider.tasks.map((task) => [provider.id, task, provider.helpers[task] as ReferenceHelper] as const),
);

describe("provider registry", () => {
	it("has the 23 providers: the 19 current ones and the 4 older ones", () => {
		expect([...INFERENCE_PROVIDERS].sort()).toEqual([...current, ...older].map((provider) => provider.id).sort());
		expect(Object.keys(PROVIDERS).sort()).toEqual([...INFERENCE_PROVIDERS].sort());
	});

	it("serves exactly the tasks the reference lists for each provider", () => {
		for (const provider of [...current, ...older]) {
			const tasks = Object.keys(PROVIDERS[provider.id as keyof typeof PROVIDERS]).sort();
			expect(tasks, provider.id).toEqual([...provider.tasks].sort());
		}
	});

	it.each(cases)("%s %s: URL and headers match the reference", (provider, task, facts) => {
		const helper = getProviderHelper(provider, task as InferenceTask);
		const routerUrl = "https://router.huggingface.co";
		const model = facts.routeModelConstraint?.acceptedProviderModelIds[0] ?? MODEL;
		expect(helper.makeUrl({ authMethod: "hf-token", model, task: task as InferenceTask, routerUrl })).toBe(
			fill(facts.urlViaRouter, TOKEN, model),
		);
		if (typeof facts.urlDirect === "string") {
			expect(helper.makeUrl({ authMethod: "provider-key", model, task: task as InferenceTask, routerUrl })).toBe(
				fill(facts.urlDirect, KEY, model),
			);
		}
		if (facts.routeModelConstraint) {
			expect(() =>
				helper.makeUrl({ authMethod: "hf-token", model: MODEL, task: task as InferenceTask, routerUrl }),
			).toThrow();
		}
		expect(helper.prepareHeaders({ accessToken: TOKEN, authMethod: "hf-token" }, false)).toEqual(
			fillAll(facts.headersViaRouter, TOKEN),
		);
		expect(helper.prepareHeaders({ accessToken: KEY, authMethod: "provider-key" }, false)).toEqual(
			fillAll(facts.headersDirect, KEY),
		);
	});

	it("gives clear errors for unknown providers and tasks", () => {
		expect(() => getProviderHelper("no-such-provider", "text-classification")).toThrow(
			/Provider 'no-such-provider' is not supported/,
		);
		expect(() => getProviderHelper("cerebras", "text-to-image")).toThrow(
			/Task 'text-to-image' is not supported for provider 'cerebras'/,
		);
	});

	it("marks closed-source providers as client-side routing only", () => {
		for (const provider of [...current, ...older]) {
			for (const task of provider.tasks) {
				expect(
					getProviderHelper(provider.id, task as InferenceTask).clientSideRoutingOnly,
					`${provider.id} ${task}`,
				).toBe(provider.clientSideRoutingOnly);
			}
		}
	});
});
