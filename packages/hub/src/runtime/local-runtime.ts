/**
 * The hub's own inference (hf-inference): models held by this hub, run on its
 * CPU with onnxruntime, nothing downloaded. What runs: text-classification
 * models in the transformers.js layout (`onnx/model.onnx` or `model.onnx`,
 * `tokenizer.json` with a WordPiece model, `config.json` with `id2label`).
 * Anything else is refused with the reason (400), never a 503 that clients
 * would retry forever.
 *
 * Loaded models are kept per commit (a push to main loads the new weights on
 * the next call), at most `maxLoadedModels`, least recently used dropped first.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { LocalCompletionRequest, LocalRuntime, LocalTaskRequest } from "../router/deps.js";
import { readStreamLimited } from "../router/http.js";
import { FileService } from "../services/files.js";
import { canSee, resolveRevision } from "../services/repo-access.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { RepoTree } from "../storage/repo-tree.js";
import { RuntimeError } from "./errors.js";
import { createSession } from "./onnx-session.js";
import { type ClassifierModel, classify, parseClassificationRequest } from "./text-classification.js";
import { WordPieceTokenizer } from "./wordpiece.js";

export const LOCAL_TASKS = ["text-classification"] as const;
const ONNX_PATHS = ["onnx/model.onnx", "model.onnx"];
/** Files read into memory whole; larger ones are not for a CPU runtime on one machine. */
const MAX_MODEL_BYTES = 2 * 1024 * 1024 * 1024;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
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
}

export interface LocalRuntimeOptions {
	maxLoadedModels?: number;
}

export interface HubLocalRuntime extends LocalRuntime {
	/** Releases every loaded model. */
	close(): Promise<void>;
}

interface LoadedEntry {
	model: Promise<ClassifierModel>;
	/** Calls running on it now. */
	active: number;
	/** Out of the cache: released once no call uses it. */
	evicted: boolean;
	released?: boolean;
}

function releaseIfIdle(entry: LoadedEntry): void {
	if (!entry.evicted || entry.active > 0 || entry.released) return;
	entry.released = true;
	entry.model.then((model) => model.session.release()).catch(() => undefined);
}

const JSON_HEADERS = { "content-type": "application/json" };

function answer(status: number, body: unknown): Response {
	return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

function failure(error: unknown, logger: Logger): Response {
	if (error instanceof RuntimeError) {
		if (error.kind === "failed") logger.error(`Local runtime: ${error.message}`);
		return answer(error.status, { error: error.message });
	}
	logger.error("Local runtime: unexpected failure", error);
	return answer(500, { error: "The local runtime failed to run the model" });
}

export function createLocalRuntime(deps: LocalRuntimeDeps, options: LocalRuntimeOptions = {}): HubLocalRuntime {
	const files = new FileService(deps.db);
	const maxLoaded = options.maxLoadedModels ?? 4;
	/** `{commit}` → the loading or loaded model; insertion order is recency. */
	const loaded = new Map<string, LoadedEntry>();

	async function fileBytes(id: string, tree: RepoTree, path: string, limit: number): Promise<Uint8Array> {
		const file = tree.revisionFile(path);
		if (!file) throw new RuntimeError("unsupported", `Model ${id} has no ${path}`);
		if (file.storedSize !== undefined && file.storedSize !== file.size) {
			throw new RuntimeError("unsupported", `Model ${id}: ${path} is a sample placeholder, not the real file`);
		}
		const stream = await deps.blobStore.read(file.blobSha256);
		if (!stream) throw new RuntimeError("failed", `Model ${id}: the stored bytes of ${path} are missing`);
		const bytes = await readStreamLimited(stream, limit);
		if (bytes === "too-large")
			throw new RuntimeError("unsupported", `Model ${id}'s ${path} is larger than the local runtime loads`);
		return bytes;
	}

	async function jsonFile(id: string, tree: RepoTree, path: string): Promise<unknown> {
		const text = new TextDecoder().decode(await fileBytes(id, tree, path, MAX_JSON_BYTES));
		try {
			return JSON.parse(text);
		} catch {
			throw new RuntimeError("unsupported", `Model ${id}: ${path} is not valid JSON`);
		}
	}

	async function load(id: string, commit: string): Promise<ClassifierModel> {
		const tree = await files.tree(commit);
		const onnxPath = ONNX_PATHS.find((path) => tree.revisionFile(path));
		if (!onnxPath)
			throw new RuntimeError("unsupported", `Model ${id} has no ONNX weights (onnx/model.onnx or model.onnx)`);
		const config = (await jsonFile(id, tree, "config.json")) as Record<string, unknown>;
		const maxPositions = typeof config?.max_position_embeddings === "number" ? config.max_position_embeddings : 512;
		const tokenizer = new WordPieceTokenizer(await jsonFile(id, tree, "tokenizer.json"), maxPositions);
		const id2label = config?.id2label;
		const labels =
			id2label && typeof id2label === "object"
				? Object.entries(id2label as Record<string, unknown>)
						.sort(([a], [b]) => Number(a) - Number(b))
						.map(([, label]) => String(label))
				: [];
		if (labels.length === 0) throw new RuntimeError("unsupported", `Model ${id}: config.json has no id2label`);
		const session = await createSession(
			await fileBytes(id, tree, onnxPath, MAX_MODEL_BYTES),
			`Model ${id}'s ${onnxPath}`,
		);
		deps.logger.info(`Local runtime: loaded ${id} (${onnxPath}, ${labels.length} labels)`);
		return { id, session, tokenizer, labels, multiLabel: config?.problem_type === "multi_label_classification" };
	}

	function entryFor(id: string, commit: string): LoadedEntry {
		let entry = loaded.get(commit);
		if (entry) {
			loaded.delete(commit);
		} else {
			const created: LoadedEntry = { model: load(id, commit), active: 0, evicted: false };
			created.model.catch(() => {
				if (loaded.get(commit) === created) loaded.delete(commit);
			});
			entry = created;
		}
		loaded.set(commit, entry);
		for (const [oldest, dropped] of loaded) {
			if (loaded.size <= maxLoaded) break;
			loaded.delete(oldest);
			dropped.evicted = true;
			releaseIfIdle(dropped);
		}
		return entry;
	}

	/** Runs `work` on the model, which is not released (even if evicted meanwhile) until the work is done. */
	async function withModel<T>(id: string, commit: string, work: (model: ClassifierModel) => Promise<T>): Promise<T> {
		const entry = entryFor(id, commit);
		entry.active++;
		try {
			return await work(await entry.model);
		} finally {
			entry.active--;
			releaseIfIdle(entry);
		}
	}

	/**
	 * The model's row and `main` commit, kept for LOOKUP_LIFETIME_MS: every call needs both, and
	 * on a busy hub these two queries, not the model, were the limit. A model made private or
	 * pushed to is seen within that second. Who may see the row is still decided per call.
	 */
	const lookups = new Map<string, { row: ModelLookup; commit: string | undefined; expires: number }>();

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
			if (task !== "text-classification") {
				throw new RuntimeError(
					"unsupported",
					`Model ${request.model} cannot run on this hub: the local runtime runs ${LOCAL_TASKS.join(", ")} models, not ${task ?? "models without a task"}`,
				);
			}
			let body: unknown;
			try {
				body = JSON.parse(new TextDecoder().decode(request.body));
			} catch {
				throw new RuntimeError("input", "The request body is not valid JSON");
			}
			const parsed = parseClassificationRequest(body);
			if (!commit) throw new RuntimeError("unsupported", `Model ${row.id} has no main branch`);
			return answer(200, await withModel(row.id, commit, (classifier) => classify(classifier, parsed)));
		} catch (error) {
			return failure(error, deps.logger);
		}
	}

	async function completion(request: LocalCompletionRequest): Promise<Response> {
		try {
			await visibleModel(request.model, request.user);
			throw new RuntimeError(
				"unsupported",
				`Model ${request.model} cannot run on this hub: the local runtime runs ${LOCAL_TASKS.join(", ")} models, not chat or text completion`,
			);
		} catch (error) {
			return failure(error, deps.logger);
		}
	}

	return {
		run,
		chat: completion,
		complete: completion,
		async close() {
			const all = [...loaded.values()];
			loaded.clear();
			for (const entry of all) {
				entry.evicted = true;
				releaseIfIdle(entry);
			}
			await Promise.all(all.map((entry) => entry.model.catch(() => undefined)));
		},
	};
}
