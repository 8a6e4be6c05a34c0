/**
 * The hub's own inference (hf-inference): models held by this hub, run on its
 * CPU, nothing downloaded. Which models run is up to the engines (engine-host.ts;
 * today text-classification with onnxruntime). Anything else is refused with the
 * reason (400), never a 503 that clients would retry forever.
 *
 * The work runs in worker threads (worker-pool.ts), so tokenising a megabyte of
 * text or running a model never stalls the hub's other requests. This thread
 * keeps what needs the database and the blob store: finding the model, deciding
 * whether the caller may see it, and reading the files a worker asks for.
 */
import { availableParallelism } from "node:os";
import {
	type FileReply,
	type FileRequest,
	RUNTIME_WORKER_SCRIPT,
	RuntimeBusyError,
	RuntimeError,
	type WorkerCall,
	WorkerPool,
	type WorkerPoolLoad,
	type WorkerPoolOptions,
} from "@hubkit/runtime";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { readStreamLimited } from "../lib/streams.js";
import type { Logger } from "../logger.js";
import type { LocalCompletionRequest, LocalRuntime, LocalTaskRequest } from "../router/deps.js";
import { FileService } from "../services/files.js";
import type { AbsentFile } from "../services/mirrored-blobs.js";
import { onModelForgotten } from "../services/model-info-cache.js";
import { canSee, resolveRevision } from "../services/repo-access.js";
import type { BlobStore } from "../storage/blob-store.js";

export { LOCAL_TASKS } from "@hubkit/runtime";

const LOOKUP_LIFETIME_MS = 1_000;
const MAX_LOOKUPS = 1_000;

interface ModelLookup {
	id: string;
	pipeline_tag: string | null;
	private: number;
	author: string;
	owner: string | null;
}

export interface LocalRuntimeDeps {
	db: Kysely<Database>;
	blobStore: BlobStore;
	logger: Logger;
	/**
	 * Brings a file's absent bytes into the store when its repository is a mirror whose files are
	 * fetched on first use (services/mirrored-blobs.ts); false when there is nothing to fetch.
	 */
	fetchAbsent?: (file: AbsentFile) => Promise<boolean>;
}

export interface LocalRuntimeOptions {
	/** Models each worker keeps loaded. Default 4. */
	maxLoadedModels?: number;
	/** Worker threads. Default: 2, or 1 on a one-core machine. */
	workers?: number;
	/** Calls that may wait for a worker; one more gets a 429. Default 64. */
	maxQueued?: number;
	/** The worker's entry module. Default RUNTIME_WORKER_SCRIPT; tests wrap it. */
	workerScript?: URL;
	/** Chat and completion calls that may wait for the completion worker; one more gets a 429. Default 8. */
	maxQueuedCompletions?: number;
	/** The warm GGUF model is released after this long without calls. Default 5 minutes. */
	completionIdleMs?: number;
	/**
	 * CPU threads llama.cpp computes with. Default: node-llama-cpp's (the machine's math cores).
	 * On a machine busy with other work, fewer threads are faster: llama.cpp's threads wait for
	 * each other by spinning, and a descheduled thread stalls the rest.
	 */
	completionThreads?: number;
}

export interface HubLocalRuntime extends LocalRuntime {
	/** Ends every worker (and so releases every loaded model). */
	close(): Promise<void>;
	/** Workers started, calls running and calls waiting, now. */
	readonly load: WorkerPoolLoad;
	/** The same for chat and completion calls (GGUF models), which have a worker of their own. */
	readonly completionLoad: WorkerPoolLoad;
}

const defaultWorkerCount = (): number => Math.min(2, availableParallelism());

const JSON_HEADERS = { "content-type": "application/json" };
const EVENT_STREAM_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };
/** What a caller refused by the full completion queue is told to wait: a few short generations. */
const COMPLETION_RETRY_AFTER_SECONDS = 5;

function failure(error: unknown, logger: Logger): Response {
	if (error instanceof RuntimeBusyError) {
		return new Response(JSON.stringify({ error: error.message }), {
			status: error.status,
			headers: { ...JSON_HEADERS, "retry-after": String(error.retryAfterSeconds), "x-error-code": "RuntimeBusy" },
		});
	}
	if (error instanceof RuntimeError) {
		if (error.kind === "failed") logger.error(`Local runtime: ${error.message}`);
		return new Response(JSON.stringify({ error: error.message }), { status: error.status, headers: JSON_HEADERS });
	}
	logger.error("Local runtime: unexpected failure", error);
	return new Response(JSON.stringify({ error: "The local runtime failed to run the model" }), {
		status: 500,
		headers: JSON_HEADERS,
	});
}

export function createLocalRuntime(deps: LocalRuntimeDeps, options: LocalRuntimeOptions = {}): HubLocalRuntime {
	const files = new FileService(deps.db);

	/** A worker's file request: the bytes (handed over, not copied), whether it exists, or why not. */
	async function readFile(request: FileRequest): Promise<{ reply: FileReply; transfer: ArrayBuffer[] }> {
		const { id, model, commit, path, limit } = request;
		try {
			const file = (await files.tree(commit)).revisionFile(path);
			if (limit === undefined || !file) return { reply: { type: "file", id, exists: !!file }, transfer: [] };
			if (file.storedSize !== undefined && file.storedSize !== file.size) {
				throw new RuntimeError("unsupported", `Model ${model}: ${path} is a sample placeholder, not the real file`);
			}
			const absent = {
				type: "model" as const,
				id: model,
				commitSha: commit,
				path,
				sha256: file.blobSha256,
				size: file.size,
			};
			const stream =
				(await deps.blobStore.read(file.blobSha256)) ??
				((await deps.fetchAbsent?.(absent)) ? await deps.blobStore.read(file.blobSha256) : undefined);
			if (!stream) throw new RuntimeError("failed", `Model ${model}: the stored bytes of ${path} are missing`);
			const bytes = await readStreamLimited(stream, limit);
			if (bytes === "too-large")
				throw new RuntimeError("unsupported", `Model ${model}'s ${path} is larger than the local runtime loads`);
			return { reply: { type: "file", id, exists: true, bytes }, transfer: [bytes.buffer] };
		} catch (error) {
			if (!(error instanceof RuntimeError)) deps.logger.error(`Local runtime: reading ${model}'s ${path}`, error);
			const known = error instanceof RuntimeError ? error : undefined;
			const message = known?.message ?? `Model ${model}: ${path} could not be read`;
			return { reply: { type: "file", id, error: { kind: known?.kind ?? "failed", message } }, transfer: [] };
		}
	}

	const handlers: Pick<WorkerPoolOptions, "onMessage" | "onCrash"> = {
		onMessage(message, reply) {
			if (message.type === "log") {
				if (message.level === "info") deps.logger.info(message.message);
				else deps.logger.error(message.message);
				return;
			}
			readFile(message).then(({ reply: answer, transfer }) => reply(answer, transfer));
		},
		onCrash(error) {
			deps.logger.error("Local runtime: a worker stopped", error);
		},
	};

	const pool = new WorkerPool({
		script: options.workerScript ?? RUNTIME_WORKER_SCRIPT,
		size: Math.max(1, options.workers ?? defaultWorkerCount()),
		maxQueued: Math.max(0, options.maxQueued ?? 64),
		workerOptions: { maxLoadedModels: options.maxLoadedModels ?? 4 },
		...handlers,
	});

	/**
	 * Chat and completion (GGUF through llama.cpp; text completion of an ONNX folder through
	 * transformers.js, transformers/generation-task.ts) run in one worker of their own: one warm model
	 * serves every call, calls wait their turn in a short queue (a generation takes seconds, so a
	 * long queue would only time out), and they never hold up the other tasks' workers.
	 */
	const completionPool = new WorkerPool({
		script: options.workerScript ?? RUNTIME_WORKER_SCRIPT,
		size: 1,
		maxQueued: Math.max(0, options.maxQueuedCompletions ?? 8),
		retryAfterSeconds: COMPLETION_RETRY_AFTER_SECONDS,
		workerOptions: {
			maxLoadedModels: 1,
			completionIdleMs: options.completionIdleMs,
			completionThreads: options.completionThreads,
		},
		...handlers,
	});

	async function inWorker(call: WorkerCall, lane = pool): Promise<Response> {
		const answer = await lane.call(call);
		if ("stream" in answer)
			return new Response(answer.stream, { status: answer.status, headers: EVENT_STREAM_HEADERS });
		const { status, body, contentType } = answer;
		return new Response(body as string | Uint8Array<ArrayBuffer>, {
			status,
			headers: contentType ? { "content-type": contentType } : JSON_HEADERS,
		});
	}

	/**
	 * The model's row and `main` commit, kept for LOOKUP_LIFETIME_MS: every call needs both, and
	 * on a busy hub these two queries, not the model, were the limit. A model made private or
	 * pushed to is seen within that second. Who may see the row is still decided per call.
	 */
	const lookups = new Map<string, { row: ModelLookup; commit: string | undefined; expires: number }>();
	// This process's own writes (a commit) are seen at once, not a second later.
	const stopForgetting = onModelForgotten(deps.db, (id) => lookups.delete(id));

	async function lookUp(id: string): Promise<{ row: ModelLookup; commit: string | undefined } | undefined> {
		const kept = lookups.get(id);
		if (kept && kept.expires > performance.now()) return kept;
		const row = await deps.db
			.selectFrom("models")
			.select(["id", "pipeline_tag", "private", "author", "owner"])
			.where("id", "=", id)
			.executeTakeFirst();
		if (!row) return undefined;
		const commit = await resolveRevision(deps.db, row.id, "main").catch(() => undefined);
		lookups.delete(id);
		if (lookups.size >= MAX_LOOKUPS) lookups.delete(lookups.keys().next().value as string);
		const entry = { row, commit, expires: performance.now() + LOOKUP_LIFETIME_MS };
		lookups.set(id, entry);
		return entry;
	}

	/** The model, if `user` (undefined: anonymous) may see it: a private model is as missing as an unknown one. */
	async function visibleModel(id: string, user: string | undefined) {
		const found = await lookUp(id);
		if (!found || !canSee(found.row, user === undefined ? undefined : { userName: user })) {
			throw new RuntimeError("not-found", `Model ${id} does not exist`);
		}
		return found;
	}

	async function run(request: LocalTaskRequest): Promise<Response> {
		try {
			const { row, commit } = await visibleModel(request.model, request.user);
			const task = request.task ?? row.pipeline_tag ?? undefined;
			const { body, contentType } = request;
			const answer = await inWorker({ kind: "run", model: row.id, commit, task, body, contentType });
			if (task) request.ranTask?.(task);
			return answer;
		} catch (error) {
			return failure(error, deps.logger);
		}
	}

	/** The revision's file paths (the completion engine picks its .gguf among them). */
	async function filePaths(commit: string): Promise<string[]> {
		const tree = await files.tree(commit);
		return tree.list("", true).flatMap((entry) => (entry.type === "file" ? [entry.path] : []));
	}

	function completion(kind: "chat" | "complete") {
		return async (request: LocalCompletionRequest): Promise<Response> => {
			try {
				const { row, commit } = await visibleModel(request.model, request.user);
				const paths = commit === undefined ? [] : await filePaths(commit);
				return await inWorker({ kind, model: row.id, commit, body: request.body, paths }, completionPool);
			} catch (error) {
				return failure(error, deps.logger);
			}
		};
	}

	return {
		run,
		chat: completion("chat"),
		complete: completion("complete"),
		close: async () => {
			stopForgetting();
			await Promise.all([pool.close(), completionPool.close()]);
		},
		get load() {
			return pool.load;
		},
		get completionLoad() {
			return completionPool.load;
		},
	};
}
