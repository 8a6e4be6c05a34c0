/**
 * Inference snippets run for real: the python (requests), js (fetch and
 * @hubkit/inference) and sh (curl) snippets of every provider × task, pointed at
 * a recording router on 127.0.0.1, must send exactly what `buildRequest` builds
 * for the same call — URL, Authorization, Content-Type, X-HF-Bill-To and body
 * (JSON compared as data; files and base64 compared byte for byte). The sample
 * media they send are fetched from the same server's `/assets/demo/…`, as from a
 * hub. fal.ai's own client (`fal_client`) runs against a stand-in module and
 * must send what a direct fal.ai call sends.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRequest, getInferenceSnippets, type InferenceSnippet } from "../src/index.js";
import { PROVIDERS } from "../src/providers/index.js";
import { planSnippet, type SnippetOptions } from "../src/snippets/plan.js";
import { demoUrl, MediaFile, SAMPLE_MEDIA } from "../src/snippets/values.js";
import type { InferenceTask, RequestArgs } from "../src/types.js";
import { type FakeServer, type RecordedRequest, reply, sseText, startFakeServer } from "./fake-server.js";

const PYTHON_SHIM = new URL("./fixtures/python/", import.meta.url).pathname;
// Inside the package, so `import … from "@hubkit/inference"` in a snippet resolves to this workspace.
const RUNS_ROOT = new URL("../.snippet-runs/", import.meta.url).pathname;

/** Sample files with bytes that survive no accidental re-encoding, one pattern per file. */
const SAMPLE_FILES = [...new Set(Object.values(SAMPLE_MEDIA))];
const SAMPLE_BYTES = new Map<string, Uint8Array>(
	SAMPLE_FILES.map((file, index) => [
		file.fileName,
		Uint8Array.from({ length: 700 + index }, (_, at) => (at * 37 + index) % 256),
	]),
);

interface Case {
	name: string;
	model: { id: string; pipeline_tag: never; tags?: string[] };
	provider: string;
	task: InferenceTask;
	options: SnippetOptions;
}

function cases(server: FakeServer): Case[] {
	const out: Case[] = [];
	for (const [provider, helpers] of Object.entries(PROVIDERS)) {
		for (const [task, helper] of Object.entries(helpers)) {
			if (!helper || helper.clientSideRoutingOnly) continue;
			const chat = task === "conversational";
			const model = {
				id: `runs/${provider}-${task}`,
				pipeline_tag: (chat ? "text-generation" : task) as never,
				...(chat ? { tags: ["conversational"] } : {}),
			};
			const options: SnippetOptions = { routerUrl: server.url, hubUrl: server.url };
			out.push({ name: `${provider} ${task}`, model, provider, task: task as InferenceTask, options });
			if (chat) {
				const streaming = { ...options, streaming: true, billTo: "acme-org" };
				out.push({ name: `${provider} ${task} stream`, model, provider, task: "conversational", options: streaming });
			}
		}
	}
	return out;
}

/** The call's arguments as the client takes them: sample files as real Blobs. */
function clientArgs(value: unknown): unknown {
	if (value instanceof MediaFile) {
		return new Blob([SAMPLE_BYTES.get(value.fileName) as Uint8Array], { type: value.type });
	}
	if (Array.isArray(value)) return value.map(clientArgs);
	if (value && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clientArgs(item)]));
	}
	return value;
}

/** The call's arguments with each sample file as its demo URL on the test server (what fal is given). */
function urlArgs(value: unknown, hubUrl: string): unknown {
	if (value instanceof MediaFile) return demoUrl(hubUrl, value);
	if (Array.isArray(value)) return value.map((item) => urlArgs(item, hubUrl));
	if (value && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, urlArgs(item, hubUrl)]));
	}
	return value;
}

interface Run {
	snippet: InferenceSnippet;
	token: string;
	testCase: Case;
	/** Extra environment (fal_client's key and stand-in URLs). */
	env?: Record<string, string>;
}

function command(snippet: InferenceSnippet, file: string): [string, string[]] {
	if (snippet.language === "python") return ["python3", [file]];
	if (snippet.language === "js") return [process.execPath, [file]];
	return ["bash", [file]];
}

/** Runs every snippet (a few at a time); resolves to the failures' output. */
async function runAll(runs: Run[], dir: string): Promise<string[]> {
	const failures: string[] = [];
	let next = 0;
	const worker = async () => {
		while (next < runs.length) {
			const index = next++;
			const run = runs[index] as Run;
			const extension = { python: "py", js: "mjs", sh: "sh" }[run.snippet.language];
			// One directory per run: curl snippets download the sample media next to themselves.
			const cwd = mkdtempSync(join(dir, "run-"));
			const file = join(cwd, `snippet.${extension}`);
			writeFileSync(file, run.snippet.content);
			const [program, args] = command(run.snippet, file);
			const env = { ...process.env, ...run.env, HF_TOKEN: run.token, PYTHONPATH: PYTHON_SHIM };
			const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
				const child = spawn(program, args, { cwd, env });
				let text = "";
				child.stdout.on("data", (chunk) => {
					text += chunk;
				});
				child.stderr.on("data", (chunk) => {
					text += chunk;
				});
				child.on("close", (code) => resolve({ code, text }));
			});
			if (output.code !== 0) {
				failures.push(`${run.testCase.name} [${run.snippet.client}] exit ${output.code}: ${output.text.slice(0, 600)}`);
			}
		}
	};
	await Promise.all([worker(), worker(), worker()]);
	return failures;
}

function sentBody(request: RecordedRequest): unknown {
	const type = String(request.headers["content-type"] ?? "");
	return type.startsWith("application/json") ? JSON.parse(request.body.toString("utf8")) : [...request.body];
}

async function expectedBody(body: BodyInit | null | undefined): Promise<unknown> {
	if (typeof body === "string") return JSON.parse(body);
	if (body instanceof Blob) return [...new Uint8Array(await body.arrayBuffer())];
	throw new Error(`unexpected body ${String(body)}`);
}

describe("inference snippets run against a recording router", () => {
	let server: FakeServer;
	let dir: string;

	beforeAll(async () => {
		server = await startFakeServer();
		mkdirSync(RUNS_ROOT, { recursive: true });
		dir = mkdtempSync(join(RUNS_ROOT, "run-"));
		server.route("GET", /^\/assets\/demo\//, (request) => {
			const file = SAMPLE_FILES.find((item) => request.path === `/assets/demo/${item.fileName}`);
			if (!file) return reply.json({ error: "No such demo asset" }, 404);
			return {
				kind: "send",
				status: 200,
				headers: { "content-type": file.type },
				body: SAMPLE_BYTES.get(file.fileName) as Uint8Array,
			};
		});
		server.route("POST", /.*/, (request) => {
			const text = request.body.toString("utf8");
			if (text.includes('"stream":true') || /"stream":\s*true/.test(text)) {
				const chunk = { id: "c", created: 1, model: "m", choices: [{ index: 0, delta: { content: "Hi" } }] };
				return reply.text(sseText([chunk]), 200, "text/event-stream");
			}
			return reply.json({ recorded: true });
		});
	});

	afterAll(async () => {
		await server?.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it("python requests, js fetch and sh curl send what buildRequest builds, for every provider × task", async () => {
		const all = cases(server);
		const runs: Run[] = [];
		for (const [index, testCase] of all.entries()) {
			const providerId = `${testCase.provider}-side/${testCase.task}`;
			server.setMapping(testCase.model.id, {
				[testCase.provider]: { providerId, task: testCase.task, status: "live" },
			});
			const mapping = {
				provider: testCase.provider,
				providerId,
				hfModelId: testCase.model.id,
				task: testCase.task,
				status: "live" as const,
			};
			const snippets = getInferenceSnippets(testCase.model, testCase.provider as never, mapping, testCase.options);
			expect(snippets.length, testCase.name).toBeGreaterThan(0);
			for (const snippet of snippets) {
				if (!["requests", "fetch", "curl"].includes(snippet.client)) continue;
				runs.push({ snippet, token: `hf_run${index}x${snippet.client}`, testCase });
			}
		}
		// Every provider × task with a plain request (no forms) has all three runnable snippets.
		expect(runs.length).toBeGreaterThan(200);
		const failures = await runAll(runs, dir);
		expect(failures).toEqual([]);

		const mismatches: string[] = [];
		for (const run of runs) {
			const { testCase } = run;
			const sent = server.requests.filter((request) => request.headers.authorization === `Bearer ${run.token}`);
			const plan = planSnippet(testCase.model, testCase.provider, undefined, testCase.options);
			if (!plan) throw new Error(`no plan for ${testCase.name}`);
			const args = {
				...(clientArgs(plan.args) as Record<string, unknown>),
				model: testCase.model.id,
				provider: testCase.provider,
				accessToken: run.token,
			} as RequestArgs;
			const expected = await buildRequest(args, {
				task: testCase.task,
				stream: plan.streaming,
				hubUrl: server.url,
				routerUrl: server.url,
				billTo: testCase.options.billTo,
			});
			const label = `${testCase.name} [${run.snippet.client}]`;
			if (sent.length !== 1) {
				mismatches.push(`${label}: ${sent.length} requests`);
				continue;
			}
			const request = sent[0] as RecordedRequest;
			const query = request.query.toString();
			const url = `${server.url}${request.path}${query ? `?${query}` : ""}`;
			const headers = expected.init.headers;
			const binary = expected.init.body instanceof Blob;
			const got = {
				url,
				billTo: request.headers["x-hf-bill-to"],
				contentType: request.headers["content-type"],
				body: sentBody(request),
			};
			const want = {
				url: expected.url,
				billTo: headers["X-HF-Bill-To"],
				contentType: binary ? (expected.init.body as Blob).type : headers["Content-Type"],
				body: await expectedBody(expected.init.body),
			};
			try {
				expect(got).toEqual(want);
			} catch (error) {
				mismatches.push(`${label}: ${String(error).slice(0, 1500)}`);
			}
		}
		expect(mismatches).toEqual([]);
	}, 600_000);

	it("fal_client snippets send what a direct fal.ai call sends, for every fal.ai task", async () => {
		const queued: string[] = [];
		server.route("POST", /^\/fal-queue\//, (request) => {
			const id = `req-${queued.push(request.path)}`;
			return reply.json({
				request_id: id,
				status_url: `${server.url}/fal-queue/requests/${id}/status`,
				response_url: `${server.url}/fal-queue/requests/${id}`,
			});
		});
		server.route("GET", /^\/fal-queue\/requests\/[^/]+\/status$/, (_request, count) =>
			reply.json({ status: count % 2 === 0 ? "IN_QUEUE" : "COMPLETED" }),
		);
		server.route("GET", /^\/fal-queue\/requests\/[^/]+$/, reply.json({ images: [{ url: "fal-result" }] }));
		server.route("POST", /^\/fal-run\//, reply.json({ text: "fal-result" }));

		const env = { FAL_QUEUE_URL: `${server.url}/fal-queue`, FAL_RUN_URL: `${server.url}/fal-run` };
		const runs: Run[] = [];
		const tasks = Object.keys(PROVIDERS["fal-ai"]) as InferenceTask[];
		for (const [index, task] of tasks.entries()) {
			const model = { id: `runs/fal-client-${task}`, pipeline_tag: task as never };
			const providerId = `fal-ai/side-${task}`;
			server.setMapping(model.id, { "fal-ai": { providerId, task, status: "live" } });
			const mapping = { provider: "fal-ai", providerId, hfModelId: model.id, task, status: "live" as const };
			const testCase: Case = { name: `fal-ai ${task}`, model, provider: "fal-ai", task, options: {} };
			// Routed (HF_TOKEN: fal_client still reads FAL_KEY) and with a literal fal key.
			for (const literal of [false, true]) {
				const key = `fal-key-${index}-${literal ? "literal" : "env"}`;
				const options = { routerUrl: server.url, hubUrl: server.url, ...(literal ? { accessToken: key } : {}) };
				const snippet = getInferenceSnippets(model, "fal-ai", mapping, options).find(
					(item) => item.client === "fal_client",
				);
				if (!snippet) throw new Error(`no fal_client snippet for ${task}`);
				if (literal) expect(snippet.content).toContain("fal_client.SyncClient(key=");
				else expect(snippet.content).not.toContain("fal-key-");
				runs.push({ snippet, token: "hf_unused", testCase: { ...testCase, options }, env: { ...env, FAL_KEY: key } });
			}
		}
		expect(await runAll(runs, dir)).toEqual([]);

		const mismatches: string[] = [];
		for (const run of runs) {
			const key = run.env?.FAL_KEY as string;
			const sent = server.requests.filter(
				(request) => request.method === "POST" && request.headers.authorization === `Key ${key}`,
			);
			const plan = planSnippet(run.testCase.model, "fal-ai", undefined, run.testCase.options);
			if (!plan) throw new Error(`no plan for ${run.testCase.name}`);
			// fal fetches media URLs itself: the snippet passes the hub's demo URL as the input.
			const expected = await buildRequest(
				{
					...(urlArgs(plan.args, server.url) as Record<string, unknown>),
					model: run.testCase.model.id,
					provider: "fal-ai",
					accessToken: key,
				} as RequestArgs,
				{ task: run.testCase.task, hubUrl: server.url, routerUrl: server.url },
			);
			const want = {
				url: expected.url
					.replace("https://queue.fal.run/", `${server.url}/fal-queue/`)
					.replace("https://fal.run/", `${server.url}/fal-run/`),
				body: await expectedBody(expected.init.body),
			};
			const request = sent[0];
			const got = request ? { url: `${server.url}${request.path}`, body: sentBody(request) } : undefined;
			try {
				expect(sent).toHaveLength(1);
				expect(got).toEqual(want);
			} catch (error) {
				mismatches.push(`${run.testCase.name}: ${String(error).slice(0, 1500)}`);
			}
		}
		expect(mismatches).toEqual([]);
		// Queued tasks were polled to completion (the stand-in fetched their result).
		expect(queued.length).toBeGreaterThan(0);
		expect(server.requestsTo("/fal-queue/requests/", "GET").length).toBeGreaterThanOrEqual(queued.length * 2);
	}, 300_000);

	it("the @hubkit/inference snippets run unchanged and return the client's result", async () => {
		const chat = { id: "runs/client-chat", pipeline_tag: "text-generation" as never, tags: ["conversational"] };
		const classifier = { id: "runs/client-classifier", pipeline_tag: "text-classification" as never };
		const vision = { id: "runs/client-vision", pipeline_tag: "image-classification" as never };
		server.setMapping(chat.id, { "hf-inference": { providerId: chat.id, task: "conversational", status: "live" } });
		server.setMapping(vision.id, {
			"hf-inference": { providerId: vision.id, task: "image-classification", status: "live" },
		});
		server.route("POST", `/hf-inference/models/${vision.id}`, reply.json([{ label: "car", score: 0.9 }]));
		server.setMapping(classifier.id, {
			"hf-inference": { providerId: classifier.id, task: "text-classification", status: "live" },
		});
		server.route("POST", `/hf-inference/models/${classifier.id}`, reply.json([[{ label: "POSITIVE", score: 0.98 }]]));
		server.route("POST", `/hf-inference/models/${chat.id}/v1/chat/completions`, (request) => {
			if (request.text().includes('"stream":true')) {
				const chunk = { id: "c", created: 1, model: "m", choices: [{ index: 0, delta: { content: "Saturn" } }] };
				return reply.text(sseText([chunk]), 200, "text/event-stream");
			}
			return reply.json({
				id: "c",
				created: 1,
				model: "m",
				choices: [{ index: 0, message: { role: "assistant", content: "Saturn" }, finish_reason: "stop" }],
			});
		});
		const options = { routerUrl: server.url, hubUrl: server.url };
		const pick = (model: typeof chat, extra: SnippetOptions = {}) => {
			const snippet = getInferenceSnippets(model, "hf-inference", undefined, { ...options, ...extra }).find(
				(item) => item.client === "@hubkit/inference",
			);
			if (!snippet) throw new Error(`no @hubkit/inference snippet for ${model.id}`);
			return snippet;
		};
		const outputs: string[] = [];
		for (const snippet of [pick(chat), pick(chat, { streaming: true }), pick(classifier), pick(vision)]) {
			const file = join(dir, `client-${outputs.length}.mjs`);
			writeFileSync(file, snippet.content);
			const text = await new Promise<string>((resolve, reject) => {
				const child = spawn(process.execPath, [file], { cwd: dir, env: { ...process.env, HF_TOKEN: "hf_client_run" } });
				let out = "";
				child.stdout.on("data", (chunk) => {
					out += chunk;
				});
				child.stderr.on("data", (chunk) => {
					out += chunk;
				});
				child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
			});
			outputs.push(text);
		}
		expect(outputs[0]).toContain("Saturn");
		expect(outputs[1]).toBe("Saturn");
		expect(JSON.parse(outputs[2] as string)).toEqual([{ label: "POSITIVE", score: 0.98 }]);
		expect(JSON.parse(outputs[3] as string)).toEqual([{ label: "car", score: 0.9 }]);
		// The image went as fetched from the hub's demo files, typed by the hub's Content-Type.
		const [sent] = server.requestsTo(`/hf-inference/models/${vision.id}`, "POST");
		const demo = SAMPLE_MEDIA["image-classification"];
		expect(sent?.headers["content-type"]).toBe(demo.type);
		expect([...(sent?.body ?? [])]).toEqual([...(SAMPLE_BYTES.get(demo.fileName) as Uint8Array)]);
	}, 120_000);
});
