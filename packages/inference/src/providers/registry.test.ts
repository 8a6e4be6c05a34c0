/**
 * The provider contract, in one place: every provider × task the reference
 * (reference/providers.json) lists exists, and its URLs (through the router
 * and direct), headers (JSON and binary bodies) and routing rules are exactly
 * the reference's. Provider tests check bodies and
 * answers; parameters.test.ts checks each route's parameter names.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INFERENCE_PROVIDERS, type InferenceTask } from "../types.js";
import { getProviderHelper, PROVIDERS } from "./index.js";

const reference = JSON.parse(readFileSync(new URL("../../../../reference/providers.json", import.meta.url), "utf8"));

interface ReferenceHelper {
	urlViaRouter: string;
	urlDirect: string | { error: string };
	clientSideRoutingOnly: boolean;
	headersViaRouter: Record<string, string>;
	headersDirect: Record<string, string>;
	headersBinaryViaRouter: Record<string, string>;
	/** Some routes accept only listed provider-side model ids. */
	routeModelConstraint?: { acceptedProviderModelIds: string[] };
}
interface ReferenceProvider {
	id: string;
	tasks: string[];
	clientSideRoutingOnly: boolean;
	helpers: Record<string, ReferenceHelper>;
}

const current: ReferenceProvider[] = reference["4.13.30"].providers;
const older: ReferenceProvider[] = reference["3.8.1"].providers.filter(
	(provider: ReferenceProvider) => !current.some((item) => item.id === provider.id),
);
const all = [...current, ...older];
const ROUTER = "https://router.huggingface.co";
const MODEL = "some-org/some-model";
const TOKEN = "hf_contractToken";
const KEY = "provider_contract_key";
const fill = (template: string, token: string, model = MODEL) =>
	template.replaceAll("{model}", model).replaceAll("{token}", token);
const fillAll = (headers: Record<string, string>, token: string) =>
	Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value, token)]));

const cases = all.flatMap((provider) =>
	provider.tasks.map((task) => [provider.id, task, provider, provider.helpers[task] as ReferenceHelper] as const),
);

describe("provider registry", () => {
	it("has the 23 providers: the 19 current ones and the 4 older ones", () => {
		expect([...INFERENCE_PROVIDERS].sort()).toEqual(all.map((provider) => provider.id).sort());
		expect(Object.keys(PROVIDERS).sort()).toEqual([...INFERENCE_PROVIDERS].sort());
	});

	it("serves exactly the tasks the reference lists for each provider", () => {
		for (const provider of all) {
			const tasks = Object.keys(PROVIDERS[provider.id as keyof typeof PROVIDERS]).sort();
			expect(tasks, provider.id).toEqual([...provider.tasks].sort());
		}
	});

	it.each(cases)("%s %s: URLs, headers and routing match the reference", (id, task, provider, facts) => {
		const helper = getProviderHelper(id, task as InferenceTask);
		const model = facts.routeModelConstraint?.acceptedProviderModelIds[0] ?? MODEL;
		const params = { model, task: task as InferenceTask, routerUrl: ROUTER };
		expect(helper.provider).toBe(id);
		expect(helper.task).toBe(task);
		expect(helper.clientSideRoutingOnly).toBe(facts.clientSideRoutingOnly);
		expect(helper.clientSideRoutingOnly).toBe(provider.clientSideRoutingOnly);
		expect(helper.makeUrl({ ...params, authMethod: "hf-token" })).toBe(fill(facts.urlViaRouter, TOKEN, model));
		if (typeof facts.urlDirect === "string") {
			expect(helper.makeUrl({ ...params, authMethod: "provider-key" })).toBe(fill(facts.urlDirect, KEY, model));
		}
		if (facts.routeModelConstraint) {
			expect(() => helper.makeUrl({ ...params, model: MODEL, authMethod: "hf-token" })).toThrow();
		}
		expect(helper.prepareHeaders({ accessToken: TOKEN, authMethod: "hf-token" }, false)).toEqual(
			fillAll(facts.headersViaRouter, TOKEN),
		);
		expect(helper.prepareHeaders({ accessToken: KEY, authMethod: "provider-key" }, false)).toEqual(
			fillAll(facts.headersDirect, KEY),
		);
		expect(helper.prepareHeaders({ accessToken: TOKEN, authMethod: "hf-token" }, true)).toEqual(
			fillAll(facts.headersBinaryViaRouter, TOKEN),
		);
	});

	it("sends Replicate's versioned model ids to v1/predictions", () => {
		const helper = getProviderHelper("replicate", "text-to-image");
		const params = { model: "owner/model:abc123", task: "text-to-image" as const, routerUrl: ROUTER };
		expect(helper.makeUrl({ ...params, authMethod: "hf-token" })).toBe(`${ROUTER}/replicate/v1/predictions`);
		expect(helper.makeUrl({ ...params, authMethod: "provider-key" })).toBe("https://api.replicate.com/v1/predictions");
	});

	it("sends hf-inference to a self-hosted router, for hub tokens and provider keys alike", () => {
		const helper = getProviderHelper("hf-inference", "feature-extraction");
		for (const authMethod of ["hf-token", "provider-key"] as const) {
			expect(
				helper.makeUrl({
					authMethod,
					model: "org/m",
					task: "feature-extraction",
					routerUrl: "http://127.0.0.1:9/router/",
				}),
			).toBe("http://127.0.0.1:9/router/hf-inference/models/org/m/pipeline/feature-extraction");
		}
		expect(
			getProviderHelper("hf-inference", "conversational").makeUrl({
				authMethod: "provider-key",
				model: "org/m",
				routerUrl: "http://hub.local",
			}),
		).toBe("http://hub.local/hf-inference/models/org/m/v1/chat/completions");
	});

	it("gives clear errors for unknown providers and tasks", () => {
		expect(() => getProviderHelper("no-such-provider", "text-classification")).toThrow(
			/Provider 'no-such-provider' is not supported/,
		);
		expect(() => getProviderHelper("cerebras", "text-to-image")).toThrow(
			/Task 'text-to-image' is not supported for provider 'cerebras'/,
		);
	});
});
