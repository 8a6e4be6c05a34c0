/**
 * The route table against what the client really sends: every provider × task
 * is built with a hub token (`buildRequest`, mapping from a hub on 127.0.0.1)
 * and must match a call route of the table; every polling helper is run
 * against a router on 127.0.0.1 and each status/result request it makes must
 * match a follow-up route whose id the first answer named. Requests the client
 * never builds (a provider's account endpoints) match nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRequest } from "../src/index.js";
import { PROVIDERS } from "../src/providers/index.js";
import { NOVITA_MINIMAX_VIDEO_MODELS } from "../src/providers/novita.js";
import type { ResponseContext } from "../src/providers/provider-helper.js";
import { followUpIds, INFERENCE_ROUTES, type InferenceRoute, matchInferenceRoute } from "../src/routes.js";
import { planSnippet } from "../src/snippets/plan.js";
import { MediaFile } from "../src/snippets/values.js";
import type { InferenceProvider, InferenceTask, RequestArgs } from "../src/types.js";
import { type FakeServer, reply, startFakeServer } from "./fake-server.js";

const TOKEN = "hf_routeTableToken0123456789";

let server: FakeServer;
beforeAll(async () => {
	server = await startFakeServer();
});
afterAll(async () => {
	await server?.close();
});

interface Case {
	provider: InferenceProvider;
	task: InferenceTask;
	providerId: string;
}

function providerModel(provider: InferenceProvider, task: InferenceTask): string {
	if (provider === "novita" && task === "image-text-to-video") return NOVITA_MINIMAX_VIDEO_MODELS[0];
	if (provider === "black-forest-labs") return "flux-dev";
	return `acme-${provider}/${task}.v1`;
}

/** Every provider × task the client routes through a hub (closed providers never take a hub token). */
const CASES: Case[] = (Object.keys(PROVIDERS) as InferenceProvider[]).flatMap((provider) =>
	(Object.keys(PROVIDERS[provider]) as InferenceTask[])
		.filter((task) => !PROVIDERS[provider][task]?.clientSideRoutingOnly)
		.map((task) => ({ provider, task, providerId: providerModel(provider, task) })),
);
// Replicate's versioned ids (`owner/model:version`) go to another route.
CASES.push({
	provider: "replicate",
	task: "text-to-image",
	providerId: "acme/painter:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa",
});

/** A sample file as the client takes it. */
function clientArgs(value: unknown): unknown {
	if (value instanceof MediaFile) return new Blob([new Uint8Array([1, 2, 3])], { type: value.type });
	if (Array.isArray(value)) return value.map(clientArgs);
	if (value && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clientArgs(item)]));
	}
	return value;
}

async function builtUrl({ provider, task, providerId }: Case, index: number): Promise<string> {
	const modelId = `routes/${provider}-${task}-${index}`;
	const mapping = { provider, providerId, hfModelId: modelId, task, status: "live" as const };
	server.setMapping(modelId, { [provider]: { providerId, task, status: "live" } });
	const record = {
		id: modelId,
		pipeline_tag: (task === "conversational" ? "text-generation" : task) as never,
		...(task === "conversational" ? { tags: ["conversational"] } : {}),
	};
	const plan = planSnippet(record, provider, mapping, { routerUrl: server.url, hubUrl: server.url });
	if (!plan) throw new Error(`no sample call for ${provider} ${task}`);
	const args = { ...(clientArgs(plan.args) as object), model: modelId, provider, accessToken: TOKEN } as RequestArgs;
	const { url } = await buildRequest(args, { task, hubUrl: server.url, routerUrl: server.url });
	return url;
}

/** `{router}/{provider}/rest` → `rest`, or a failure naming the URL. */
function afterProvider(url: string, provider: string): string {
	const prefix = `${server.url}/${provider}/`;
	expect(url.startsWith(prefix), url).toBe(true);
	return url.slice(prefix.length);
}

describe("call routes", () => {
	it("match every call the client builds with a hub token, and the table lists no call it never builds", async () => {
		const seen = new Set<InferenceRoute>();
		for (const [index, testCase] of CASES.entries()) {
			const { provider, task, providerId } = testCase;
			const url = await builtUrl(testCase, index);
			const match = matchInferenceRoute(provider, "POST", afterProvider(url, provider));
			const label = `${provider} ${task}: ${url}`;
			expect(match?.route.kind, label).toBe("call");
			expect(match?.route.tasks, label).toContain(task);
			if (match?.route.path.includes("{model}")) expect(match.model, label).toBe(providerId);
			if (match) seen.add(match.route);
		}
		const routed = INFERENCE_ROUTES.filter(
			(route) =>
				route.kind === "call" && route.tasks.some((task) => !PROVIDERS[route.provider][task]?.clientSideRoutingOnly),
		);
		expect(routed.filter((route) => !seen.has(route)).map((route) => `${route.provider} ${route.path}`)).toEqual([]);
	});

	it("cover every provider × task, closed providers included", () => {
		for (const provider of Object.keys(PROVIDERS) as InferenceProvider[]) {
			for (const task of Object.keys(PROVIDERS[provider]) as InferenceTask[]) {
				const listed = INFERENCE_ROUTES.some(
					(route) => route.provider === provider && route.kind === "call" && route.tasks.includes(task),
				);
				expect(listed, `${provider} ${task}`).toBe(true);
			}
		}
	});
});

/** What a provider answers first when the work is queued (ids differ per provider). */
const PENDING: Partial<Record<InferenceProvider, unknown>> = {
	"fal-ai": {
		request_id: "req-1",
		status: "IN_QUEUE",
		status_url: "https://queue.fal.run/fal-ai/app/requests/req-1/status",
		response_url: "https://queue.fal.run/fal-ai/app/requests/req-1",
	},
	replicate: { id: "pred-1", status: "processing", urls: { get: "https://api.replicate.com/v1/predictions/pred-1" } },
	"black-forest-labs": { id: "bfl-1", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=bfl-1" },
	wavespeed: {
		code: 200,
		data: { id: "ws-1", urls: { get: "https://api.wavespeed.ai/api/v3/predictions/ws-1/result" } },
	},
	novita: { task_id: "nov-1" },
	together: { id: "vid-1", status: "queued" },
	"zai-org": { id: "zai-1", task_status: "PROCESSING" },
};

/** The status answers that end each provider's polling (mostly as failures: only the URLs matter here). */
function finalAnswer(path: string): ReturnType<typeof reply.json> {
	const provider = path.split("/")[1];
	switch (provider) {
		case "fal-ai":
			return reply.json(path.endsWith("/status") ? { status: "COMPLETED" } : {});
		case "replicate":
			return reply.json({ status: "failed", error: "stopped by the test" });
		case "black-forest-labs":
			return reply.json({ status: "Ready", result: {} });
		case "wavespeed":
			return reply.json({ data: { status: "failed" } });
		case "novita":
			return reply.json({ task: { status: "TASK_STATUS_FAILED" } });
		case "together":
			return reply.json({ status: "failed" });
		case "zai-org":
			return reply.json({ task_status: "FAIL" });
		default:
			return reply.json({ error: "not a polling provider" }, 404);
	}
}

describe("follow-up routes", () => {
	it("match every status and result request a polling helper makes, with the id its first answer named", async () => {
		server.route("GET", /.*/, (request) => finalAnswer(request.path));
		const polled = new Map<InferenceProvider, Set<InferenceTask>>();
		for (const { provider, task, providerId } of CASES) {
			const helper = PROVIDERS[provider][task];
			if (!helper) continue;
			const url = helper.makeUrl({ authMethod: "hf-token", model: providerId, task, routerUrl: server.url });
			const call = matchInferenceRoute(provider, "POST", afterProvider(url, provider));
			if (!call) throw new Error(`no call route for ${url}`);
			const answer = PENDING[provider] ?? { id: "not-queued" };
			const before = server.requests.length;
			const context: ResponseContext = {
				url,
				headers: { Authorization: `Bearer ${TOKEN}` },
				authMethod: "hf-token",
				routerUrl: server.url,
				fetch,
				signal: AbortSignal.timeout(30_000),
				args: {},
			};
			await helper.getResponse(answer, context).catch(() => undefined);
			for (const request of server.requests.slice(before)) {
				const query = request.query.toString();
				const label = `${provider} ${task}: GET ${request.path}?${query}`;
				const match = matchInferenceRoute(
					provider,
					request.method,
					afterProvider(`${server.url}${request.path}${query ? `?${query}` : ""}`, provider),
				);
				expect(match?.route.kind, label).toBe("follow-up");
				expect(match?.route.tasks, label).toContain(task);
				expect(followUpIds(call.route, answer), label).toContain(match?.id);
				polled.set(provider, (polled.get(provider) ?? new Set()).add(task));
			}
		}
		// And the other way: a task the table says polls does poll.
		for (const route of INFERENCE_ROUTES.filter((item) => item.kind === "follow-up")) {
			for (const task of route.tasks) {
				expect(polled.get(route.provider)?.has(task), `${route.provider} ${task} ${route.path}`).toBe(true);
			}
		}
	}, 120_000);

	it("open only for calls whose task polls", () => {
		const chat = matchInferenceRoute("together", "POST", "v1/chat/completions");
		const video = matchInferenceRoute("together", "POST", "v2/videos");
		if (!chat || !video) throw new Error("together routes missing");
		expect(followUpIds(chat.route, { id: "chatcmpl-1" })).toEqual([]);
		expect(followUpIds(video.route, { id: "vid-9", status: "queued" })).toEqual(["vid-9"]);
		expect(followUpIds(video.route, { id: "../../v1/files" })).toEqual([]);
	});
});

describe("what is not a route", () => {
	it.each([
		["replicate", "GET", "v1/predictions"],
		["replicate", "GET", "v1/account"],
		["replicate", "POST", "v1/trainings"],
		["replicate", "POST", "v1/predictions/pred-1/cancel"],
		["together", "GET", "v1/files"],
		["together", "GET", "v1/batches"],
		["together", "POST", "v1/fine-tunes"],
		["together", "GET", "v1/models"],
		["together", "GET", "v1/chat/completions"],
		["together", "POST", "v1/chat/completions?limit=5"],
		["together", "POST", "v1%2Fchat/completions"],
		["together", "POST", "v1/chat/../files"],
		["fal-ai", "GET", "fal-ai/flux/requests/req-1/status"],
		["fal-ai", "POST", "fal-ai/flux/requests/req-1/cancel?_subdomain=queue"],
		["fal-ai", "POST", "fal-ai/flux/requests/req-1/status?_subdomain=queue"],
		["fal-ai", "POST", "fal-ai/flux?_subdomain=evil"],
		["black-forest-labs", "GET", "v1/get_result?id=bfl-1&extra=1"],
		["black-forest-labs", "GET", "v1/get_result"],
		["wavespeed", "POST", "api/v3/predictions/ws-1/result"],
		["novita", "POST", "v3/async/task-result"],
		["no-such-provider", "POST", "v1/chat/completions"],
	])("%s %s %s", (provider, method, target) => {
		expect(matchInferenceRoute(provider, method, target)).toBeUndefined();
	});

	it("reads model ids and follow-up ids out of the path, decoded", () => {
		expect(matchInferenceRoute("fal-ai", "POST", "fal-ai/flux/dev?_subdomain=queue")?.model).toBe("fal-ai/flux/dev");
		expect(matchInferenceRoute("fal-ai", "GET", "fal-ai/flux/requests/req-1?_subdomain=queue")).toMatchObject({
			route: { kind: "follow-up", path: "{model}/requests/{id}" },
			model: "fal-ai/flux",
			id: "req-1",
		});
		expect(matchInferenceRoute("black-forest-labs", "GET", "v1/get_result?id=bfl-1")?.id).toBe("bfl-1");
	});
});
