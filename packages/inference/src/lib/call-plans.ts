/**
 * Call plans: what `resolveCall` and `assembleRequest` worked out for a call
 * (provider helper, mapping, URL, headers), kept so that the next call with the
 * same model, task, provider, token and URLs only builds its body. A plan lives
 * no longer than the mapping it was made from, and `clearMappingCache` drops
 * every plan. On a loopback server the resolution steps, cheap in a tight loop,
 * cost several times more between network waits (cold caches), which is where a
 * client's overhead shows against a bare `fetch`.
 */
import type { InferenceTask, RequestArgs } from "../types.js";
import type { RequestOptions, ResolvedCall } from "./request.js";

export interface CallPlan {
	call: ResolvedCall;
	url: string;
	/** Copied per call: a multipart body removes Content-Type from its own copy. */
	headers: Record<string, string>;
	routerUrl: string;
	hubUrl: string;
	expires: number;
	// What the plan was made for; a call must match every one.
	provider: string | undefined;
	accessToken: string | undefined;
	endpointUrl: string | undefined;
	hubUrlOption: string | undefined;
	routerUrlOption: string | undefined;
	billTo: string | undefined;
	includeCredentials: string | boolean | undefined;
}

/** Plans per model: a few (token, provider …) variants; beyond that the oldest goes. */
const PLANS_PER_MODEL = 8;
/** Models per task; beyond that the task's plans are dropped wholesale (a cache, not a store). */
const MODELS_PER_TASK = 1_000;

const plans = new Map<InferenceTask, Map<string, CallPlan[]>>();

export function clearCallPlans(): void {
	plans.clear();
}

function matches(plan: CallPlan, args: RequestArgs, options: RequestOptions): boolean {
	return (
		plan.provider === args.provider &&
		plan.accessToken === args.accessToken &&
		plan.endpointUrl === args.endpointUrl &&
		plan.hubUrlOption === options.hubUrl &&
		plan.routerUrlOption === options.routerUrl &&
		plan.billTo === options.billTo &&
		plan.includeCredentials === options.includeCredentials
	);
}

/** The fresh plan for this call, if one was made. */
export function findPlan(args: RequestArgs, options: RequestOptions): CallPlan | undefined {
	const list = plans.get(options.task)?.get(args.model ?? "");
	if (!list) return undefined;
	for (const plan of list) {
		if (!matches(plan, args, options)) continue;
		if (plan.expires > Date.now()) return plan;
		list.splice(list.indexOf(plan), 1);
		return undefined;
	}
	return undefined;
}

export function storePlan(
	fields: Pick<CallPlan, "call" | "url" | "headers" | "routerUrl" | "hubUrl" | "expires">,
	args: RequestArgs,
	options: RequestOptions,
): void {
	let models = plans.get(options.task);
	if (!models) {
		models = new Map();
		plans.set(options.task, models);
	}
	const model = args.model ?? "";
	let list = models.get(model);
	if (!list) {
		if (models.size >= MODELS_PER_TASK) models.clear();
		list = [];
		models.set(model, list);
	}
	const existing = list.findIndex((plan) => matches(plan, args, options));
	if (existing >= 0) list.splice(existing, 1);
	if (list.length >= PLANS_PER_MODEL) list.shift();
	list.push({
		...fields,
		headers: { ...fields.headers },
		provider: args.provider,
		accessToken: args.accessToken,
		endpointUrl: args.endpointUrl,
		hubUrlOption: options.hubUrl,
		routerUrlOption: options.routerUrl,
		billTo: options.billTo,
		includeCredentials: options.includeCredentials,
	});
}
