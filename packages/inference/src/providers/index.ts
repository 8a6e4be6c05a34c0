/**
 * The provider registry: one module per provider, each a record of task → helper.
 * Adding a provider: write `<id>.ts` exporting its helpers, add its id to
 * INFERENCE_PROVIDERS (../types.ts) and one line here.
 */
import { InferenceClientInputError } from "../errors.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { helpers as baseten } from "./baseten.js";
import { helpers as blackForestLabs } from "./black-forest-labs.js";
import { helpers as cerebras } from "./cerebras.js";
import { helpers as cohere } from "./cohere.js";
import { helpers as deepinfra } from "./deepinfra.js";
import { helpers as falAi } from "./fal-ai.js";
import { helpers as featherlessAi } from "./featherless-ai.js";
import { helpers as fireworksAi } from "./fireworks-ai.js";
import { helpers as groq } from "./groq.js";
import { HF_INFERENCE_REQUEST, helpers as hfInference } from "./hf-inference.js";
import { helpers as hyperbolic } from "./hyperbolic.js";
import { helpers as nebius } from "./nebius.js";
import { helpers as novita } from "./novita.js";
import { helpers as nscale } from "./nscale.js";
import { helpers as openai } from "./openai.js";
import { helpers as ovhcloud } from "./ovhcloud.js";
import type { ProviderHelpers, RequestHelper, TaskProviderHelper } from "./provider-helper.js";
import { helpers as publicai } from "./publicai.js";
import { helpers as replicate } from "./replicate.js";
import { helpers as sambanova } from "./sambanova.js";
import { helpers as scaleway } from "./scaleway.js";
import { helpers as together } from "./together.js";
import { helpers as wavespeed } from "./wavespeed.js";
import { helpers as zaiOrg } from "./zai-org.js";

export type { ProviderHelpers };

export const PROVIDERS: Record<InferenceProvider, ProviderHelpers> = {
	baseten: baseten,
	"black-forest-labs": blackForestLabs,
	cerebras: cerebras,
	cohere: cohere,
	deepinfra: deepinfra,
	"fal-ai": falAi,
	"featherless-ai": featherlessAi,
	"fireworks-ai": fireworksAi,
	groq: groq,
	"hf-inference": hfInference,
	hyperbolic: hyperbolic,
	nebius: nebius,
	novita: novita,
	nscale: nscale,
	openai: openai,
	ovhcloud: ovhcloud,
	publicai: publicai,
	replicate: replicate,
	sambanova: sambanova,
	scaleway: scaleway,
	together: together,
	wavespeed: wavespeed,
	"zai-org": zaiOrg,
};

/** The tasks a provider serves, sorted. */
export function providerTasks(provider: InferenceProvider): InferenceTask[] {
	return (Object.keys(PROVIDERS[provider]) as InferenceTask[]).sort();
}

/** The helper for a provider and task, or a clear error saying which of the two is the problem. */
export function getProviderHelper(provider: string, task: InferenceTask): TaskProviderHelper {
	if (!Object.hasOwn(PROVIDERS, provider)) {
		throw new InferenceClientInputError(
			`Provider '${provider}' is not supported. Available providers: ${Object.keys(PROVIDERS).join(", ")}`,
		);
	}
	const helper = PROVIDERS[provider as InferenceProvider][task];
	if (!helper) {
		throw new InferenceClientInputError(`Task '${task}' is not supported for provider '${provider}'.`);
	}
	return helper;
}

/**
 * The helper `request()` uses: the provider's own for the task when it has one;
 * otherwise (a task without a helper, or none named) hf-inference's model route.
 */
export function getRequestHelper(provider: string, task: InferenceTask | undefined): RequestHelper {
	const helper =
		task && Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider as InferenceProvider][task] : undefined;
	if (helper) return helper;
	if (provider === "hf-inference") return HF_INFERENCE_REQUEST;
	if (!task) {
		throw new InferenceClientInputError(`A call without a task goes to hf-inference only, not to '${provider}'.`);
	}
	return getProviderHelper(provider, task);
}
