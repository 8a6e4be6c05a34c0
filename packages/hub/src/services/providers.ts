/**
 * Which providers this hub can route to, for the site's provider picker and for
 * clients choosing a provider: every provider the inference client knows, how
 * the hub serves it, whether it is set up here, and the tasks it takes. Never a
 * key, nor whether a key looks valid: only whether one is set.
 */
import { INFERENCE_ROUTES, type InferenceProvider, type InferenceTask } from "@hubkit/inference";
import { GGUF_TASK } from "@hubkit/runtime";
import { LOCAL_TASKS } from "../local-inference/local-runtime.js";
import type { ProviderKeys } from "../router/index.js";
import { PROVIDER_UPSTREAMS } from "../router/providers.js";

export interface ProviderSummary {
	id: InferenceProvider;
	/** remote: forwarded with the operator's key; local: the hub's own runtime; client-only: never through a hub. */
	kind: "remote" | "local" | "client-only";
	/** Whether a call through this hub can work now (a key set, or a local runtime running). */
	configured: boolean;
	/** What the provider does for these tasks; for the local runtime, what this hub runs. */
	tasks: InferenceTask[];
}

export interface ProviderSetup {
	providerKeys?: ProviderKeys;
	localRuntime?: unknown;
}

export function providerSummaries(setup: ProviderSetup): ProviderSummary[] {
	return (Object.keys(PROVIDER_UPSTREAMS) as InferenceProvider[]).map((id) => {
		const { kind } = PROVIDER_UPSTREAMS[id];
		const keys = setup.providerKeys as Partial<Record<string, { key?: string }>> | undefined;
		const configured = kind === "remote" ? Boolean(keys?.[id]?.key) : kind === "local" && Boolean(setup.localRuntime);
		// The runtime's engines, and chat: GGUF models answer on the chat route (llama-capability.ts).
		const tasks: readonly string[] = kind === "local" ? [...LOCAL_TASKS, GGUF_TASK] : routedTasks(id);
		return { id, kind, configured, tasks: [...tasks].sort() as InferenceTask[] };
	});
}

/** The tasks of a provider's call routes: exactly what the router forwards for it. */
function routedTasks(provider: InferenceProvider): InferenceTask[] {
	const calls = INFERENCE_ROUTES.filter((route) => route.provider === provider && route.kind === "call");
	return [...new Set(calls.flatMap((route) => route.tasks))];
}
