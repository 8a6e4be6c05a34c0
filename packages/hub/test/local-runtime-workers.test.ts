/**
 * The local runtime runs its calls in worker threads: while a maximum-size call
 * is being tokenised and run, the hub keeps answering other requests over real
 * HTTP, and the answer is the one the same engine gives in process. A worker
 * that dies fails only its own call; a full queue answers 429; closing the
 * runtime ends its workers. On SQLite and on PostgreSQL (the runtime reads the
 * model's row and files through the database).
 */

import { MAX_INPUT_CHARACTERS, MAX_INPUTS, transformersEngine } from "@hubkit/runtime";
import { memoryModelFiles } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadConfig } from "../src/config.js";
import { createLocalRuntime } from "../src/local-inference/local-runtime.js";
import type { Logger } from "../src/logger.js";
import type { LocalRuntime, LocalTaskRequest } from "../src/router/deps.js";
import { LOCAL_SENTIMENT_MODEL, tinySentiment } from "../src/seed/catalogue/local-models.js";
import { loadSeed } from "../src/seed/load.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

/** Kills the worker that receives it (test/support/crashing-runtime-worker.mjs holds the same strings). */
const CRASH_THROW = "crash the worker with an uncaught error";
const CRASH_EXIT = "crash the worker with an exit";
const CRASHING_WORKER = new URL("./support/crashing-runtime-worker.mjs", import.meta.url);

const SENTENCE = "I love this movie, the soundtrack is wonderful! A boring mess, what a waste of time. ";
/** As much as one call may hold: 64 inputs, 1,000,000 characters in all. */
const MAX_SIZE_BODY = {
	inputs: Array.from({ length: MAX_INPUTS }, (_, index) =>
		`${index} ${SENTENCE.repeat(200)}`.slice(0, MAX_INPUT_CHARACTERS / MAX_INPUTS),
	),
};
const SMALL_BODY = { inputs: "a wonderful film" };
const PATH = `/hf-inference/models/${LOCAL_SENTIMENT_MODEL}`;

/** The answer the text-classification engine gives in this thread, from the seed's own files. */
async function inProcessAnswer(body: unknown): Promise<unknown> {
	const engine = transformersEngine("text-classification");
	const model = await engine.load(memoryModelFiles(LOCAL_SENTIMENT_MODEL, tinySentiment().files), () => undefined);
	try {
		const answer = await engine.run(model, engine.parseRequest(body));
		return JSON.parse(JSON.stringify(answer));
	} finally {
		await engine.release(model);
	}
}

function recordingLogger(lines: string[]): Logger {
	const record = (message: string, error?: unknown) =>
		lines.push(error instanceof Error ? `${message}: ${error.message}` : message);
	return { info: record, warn: record, error: record };
}

/** Lets the event loop turn until `done` holds (no clock involved). */
async function until(done: () => boolean): Promise<void> {
	while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe("HUBKIT_LOCAL_WORKERS", () => {
	it("sets the number of worker threads; unset or 0 leaves the runtime's default", () => {
		expect(loadConfig({}, { HUBKIT_LOCAL_WORKERS: "3" }).localRuntimeWorkers).toBe(3);
		expect(loadConfig({}, { HUBKIT_LOCAL_WORKERS: "0" }).localRuntimeWorkers).toBeUndefined();
		expect(loadConfig({}, {}).localRuntimeWorkers).toBeUndefined();
		expect(() => loadConfig({}, { HUBKIT_LOCAL_WORKERS: "two" })).toThrow(/HUBKIT_LOCAL_WORKERS/);
	});
});

describe.each(ENGINES)("local runtime workers (%s)", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let token: string;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, [tinySentiment()]);
		token = (await createAccessToken(hub.deps.db, "dana")).token;
	});

	afterAll(async () => {
		await hub?.close();
		await testDb?.cleanup();
	});

	function runtimeFor(options: Parameters<typeof createLocalRuntime>[1], logger: Logger = hub.deps.logger) {
		return createLocalRuntime({ db: hub.deps.db, blobStore: hub.deps.blobStore, logger }, options);
	}

	async function post(server: Listening, body: unknown) {
		const response = await fetch(`${server.url}${PATH}`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify(body),
		});
		return { status: response.status, body: (await response.json()) as unknown };
	}

	function taskRequest(body: unknown): LocalTaskRequest {
		return {
			model: LOCAL_SENTIMENT_MODEL,
			user: "dana",
			task: undefined,
			body: new TextEncoder().encode(JSON.stringify(body)),
			contentType: "application/json",
			signal: new AbortController().signal,
		};
	}

	it("answers other requests while a maximum-size call runs, and gives the in-process answer", async () => {
		const runtime = runtimeFor({ workers: 1 });
		let runCalled = false;
		const observed: LocalRuntime = {
			run: (request) => {
				runCalled = true;
				return runtime.run(request);
			},
			chat: (request) => runtime.chat(request),
			complete: (request) => runtime.complete(request),
		};
		const server = await listen(createHubApp(hub.deps, { router: { localRuntime: observed } }));
		try {
			// No worker until the first call.
			expect(runtime.load.workers).toBe(0);
			expect((await post(server, SMALL_BODY)).status).toBe(200);
			const order: string[] = [];
			const big = post(server, MAX_SIZE_BODY).then((answer) => {
				order.push("inference");
				return answer;
			});
			// The call has reached the runtime and a worker is running it.
			await until(() => runCalled && runtime.load.running === 1);
			// Eight cheap requests, each sent once the one before is answered, all before the inference's
			// answer. (In process, the same call left room for at most five: it blocked the event loop
			// while it tokenised and only let go for the model run itself.)
			for (let round = 0; round < 4; round++) {
				const tasks = await fetch(`${server.url}/api/tasks`);
				expect(Object.keys((await tasks.json()) as object)).toContain("text-classification");
				order.push("tasks");
				const info = await fetch(`${server.url}/api/models/${LOCAL_SENTIMENT_MODEL}`);
				expect(((await info.json()) as { id: string }).id).toBe(LOCAL_SENTIMENT_MODEL);
				order.push("model info");
			}
			const answer = await big;
			expect(order.indexOf("inference")).toBe(8);
			expect(answer.status).toBe(200);
			expect(answer.body).toHaveLength(MAX_INPUTS);
			expect(answer.body).toEqual(await inProcessAnswer(MAX_SIZE_BODY));
		} finally {
			await server.close();
			await runtime.close();
		}
	});

	it("fails only the call whose worker died (uncaught error or exit), and keeps serving", async () => {
		const lines: string[] = [];
		const runtime = runtimeFor({ workers: 1, workerScript: CRASHING_WORKER }, recordingLogger(lines));
		const server = await listen(createHubApp(hub.deps, { router: { localRuntime: runtime } }));
		try {
			const expected = await inProcessAnswer(SMALL_BODY);
			for (const crash of [CRASH_THROW, CRASH_EXIT]) {
				const crashed = await post(server, { inputs: crash });
				expect(crashed.status, crash).toBe(500);
				expect(crashed.body, crash).toEqual({ error: expect.stringMatching(/worker stopped while running this call/) });
				expect(await post(server, SMALL_BODY), crash).toEqual({ status: 200, body: expected });
			}
			expect(lines.filter((line) => line.startsWith("Local runtime: a worker stopped"))).toHaveLength(2);
			expect(lines.join("\n")).toContain("the test worker crashed on purpose");
			expect(lines.join("\n")).not.toContain(token);
		} finally {
			await server.close();
			await runtime.close();
		}
	});

	it("gives a call that was waiting behind a crashed one the replacement worker", async () => {
		const runtime = runtimeFor({ workers: 1, workerScript: CRASHING_WORKER });
		try {
			// The first call fills the model look-up, so the next two reach the pool in order.
			expect((await runtime.run(taskRequest(SMALL_BODY))).status).toBe(200);
			const [crashed, waiting] = await Promise.all([
				runtime.run(taskRequest({ inputs: CRASH_THROW })),
				runtime.run(taskRequest(SMALL_BODY)),
			]);
			expect(crashed.status).toBe(500);
			expect(waiting.status).toBe(200);
			expect(await waiting.json()).toEqual(await inProcessAnswer(SMALL_BODY));
		} finally {
			await runtime.close();
		}
	});

	it("answers 429 with Retry-After when every worker is busy and the queue is full", async () => {
		const runtime = runtimeFor({ workers: 1, maxQueued: 1 });
		try {
			expect((await runtime.run(taskRequest(SMALL_BODY))).status).toBe(200);
			// One call runs, one waits, the third finds no room.
			const answers = await Promise.all([1, 2, 3].map(() => runtime.run(taskRequest(MAX_SIZE_BODY))));
			expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
			const busy = answers[2] as Response;
			expect(busy.headers.get("retry-after")).toBe("1");
			expect(busy.headers.get("x-error-code")).toBe("RuntimeBusy");
			expect(busy.headers.get("content-type")).toBe("application/json");
			expect(await busy.json()).toEqual({ error: expect.stringMatching(/^The local runtime is busy/) });
			// The queue drained: the next call runs.
			expect((await runtime.run(taskRequest(SMALL_BODY))).status).toBe(200);
		} finally {
			await runtime.close();
		}
	});

	it("runs as many calls at once as it has workers, and ends them on close (JSON 500s)", async () => {
		const runtime = runtimeFor({ workers: 2 });
		// The first call starts one worker and fills the model look-up, so the next three reach the pool together.
		expect((await runtime.run(taskRequest(SMALL_BODY))).status).toBe(200);
		expect(runtime.load).toEqual({ workers: 1, running: 0, queued: 0 });
		const calls = [1, 2, 3].map(() => runtime.run(taskRequest(MAX_SIZE_BODY)));
		await until(() => runtime.load.running + runtime.load.queued === 3);
		expect(runtime.load).toEqual({ workers: 2, running: 2, queued: 1 });
		await runtime.close();
		expect(runtime.load).toEqual({ workers: 0, running: 0, queued: 0 });
		const answers = await Promise.all(calls);
		expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500]);
		expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
			{ error: "The local runtime shut down while running this call" },
			{ error: "The local runtime shut down while running this call" },
			{ error: "The local runtime is shut down" },
		]);
		const after = await runtime.run(taskRequest(SMALL_BODY));
		expect(after.status).toBe(500);
		expect(await after.json()).toEqual({ error: "The local runtime is shut down" });
	});
});
