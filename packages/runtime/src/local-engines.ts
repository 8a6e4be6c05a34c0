/**
 * LOCAL_ENGINES: every engine of the local runtime, in the order a model is offered to them.
 * Both sides walk this one list: the worker host (engine-host.ts) picks the engine that runs a
 * call, and `canRunLocally` (capability.ts) decides on the hub's event loop, from the files
 * alone, whether a model can run here. An engine claims models either
 *   - by their files ("files"): a hubkit.json naming it, a .gguf file …; every such engine is
 *     asked, in list order, before any task engine, and the first that claims a model has it;
 *   - by task ("task"): the engine for every model of its tasks that no "files" engine claimed.
 * Adding an engine: write its module (a LocalEngine per task, and its capability check) and add
 * one entry here (docs/how-to/add-a-local-engine.md).
 */
import type { LocalCandidate, LocalCapability } from "./capability.js";
import type { LocalEngine } from "./engine.js";
import { ggufCapability } from "./llama-capability.js";
import { llamaEngine } from "./llama-engine.js";
import { PACKAGED_MEDIA_ENGINES, packagedMediaCapability } from "./packaged/media-engines.js";
import { packagedTextCapability } from "./packaged/text-capability.js";
import { PACKAGED_TEXT_ENGINES } from "./packaged/text-engines.js";
import { type TaskCheck, TRANSFORMERS_CHECKS } from "./transformers-capability.js";
import { transformersEngines } from "./transformers-engine.js";

export type { TaskCheck } from "./transformers-capability.js";

// biome-ignore lint/suspicious/noExplicitAny: engines differ in model and request types; the host uses each consistently.
export type AnyEngine = LocalEngine<any, any>;

interface EntryBase {
	/** For messages and documentation. */
	name: string;
	/** Its LocalEngines: one per task it runs, or one that answers chat and completion calls (`calls`). */
	engines: readonly AnyEngine[];
}

/** Claims a model by its files; asked before the task engines. */
export interface FilesEntry extends EntryBase {
	claims: "files";
	/**
	 * The verdict on a model one of `engines` accepts (canRunLocally asks their `accepts` first,
	 * as the worker host does); undefined leaves it to the next entry. Runs on the hub's event
	 * loop: reads small files only, imports nothing heavy.
	 */
	capability(model: LocalCandidate): Promise<LocalCapability | undefined>;
}

/** The engine for its tasks: takes every model of a task no FilesEntry claimed. */
export interface TaskEntry extends EntryBase {
	claims: "task";
	/** By task: the reason a model of that task cannot run, or undefined when it can. */
	checks: Readonly<Record<string, TaskCheck>>;
}

export type LocalEngineEntry = FilesEntry | TaskEntry;

export const LOCAL_ENGINES: readonly LocalEngineEntry[] = [
	// Models whose weights ship in npm packages (a hubkit.json in the repo): wink-nlp, lande, compromise.
	{ name: "packaged text models", claims: "files", engines: PACKAGED_TEXT_ENGINES, capability: packagedTextCapability },
	// … and on images and recordings: nsfwjs, tesseract.js, espeak-ng, silero VAD, PocketSphinx, Apertium.
	{
		name: "packaged media models",
		claims: "files",
		engines: PACKAGED_MEDIA_ENGINES,
		capability: packagedMediaCapability,
	},
	// A .gguf file: chat and completion through llama.cpp (node-llama-cpp), one warm model per worker.
	{ name: "llama.cpp", claims: "files", engines: [llamaEngine], capability: ggufCapability },
	// ONNX model folders through transformers.js: text classification, token classification, fill-mask, embeddings …
	{ name: "transformers.js", claims: "task", engines: transformersEngines, checks: TRANSFORMERS_CHECKS },
];

/** The engines that claim models by their files for `run` calls, in the order they are asked. */
export const FIRST_CHOICES: readonly AnyEngine[] = LOCAL_ENGINES.flatMap((entry) =>
	entry.claims === "files" ? entry.engines.filter((engine) => !engine.calls) : [],
);

/** The engines that answer chat and completion calls, in the order they are asked (by their files). */
export const COMPLETION_ENGINES: readonly AnyEngine[] = LOCAL_ENGINES.flatMap((entry) =>
	entry.engines.filter((engine) => engine.calls),
);

/** The engine of each task, for a model no FIRST_CHOICES engine claimed. */
export const TASK_ENGINES: Readonly<Record<string, AnyEngine>> = Object.fromEntries(
	LOCAL_ENGINES.flatMap((entry) =>
		entry.claims === "task" ? entry.engines.map((engine) => [engine.task, engine]) : [],
	),
);

/** Every task a `run` call can ask for. */
export const LOCAL_TASKS = [...new Set([...Object.keys(TASK_ENGINES), ...FIRST_CHOICES.map((engine) => engine.task)])];

/** Why a chat or completion call found no engine: what COMPLETION_ENGINES take. */
export const noCompletionEngine = (model: string) =>
	`Model ${model} has no .gguf file to run: chat and text completion on this hub run GGUF models with llama.cpp, and none ships with the hub. Import one (a .gguf file in a model repository) to chat with it`;
