/**
 * @hubkit/runtime: local inference on the CPU, nothing downloaded. The engines run in
 * worker threads (WorkerPool, started on RUNTIME_WORKER_SCRIPT); whoever holds the models'
 * files (the hub) answers the workers' file requests and asks `canRunLocally` before it
 * promises a model. Nothing here reads a database or a blob store.
 */
export {
	type CandidateFile,
	type CandidateFiles,
	CHECKS,
	canRunLocally,
	type LocalCandidate,
	type LocalCapability,
} from "./capability.js";
export { BinaryAnswer, type LocalEngine, MediaBody, type ModelFiles } from "./engine.js";
export { ModelLostError, RuntimeBusyError, RuntimeError, type RuntimeErrorKind } from "./errors.js";
export { type GgufHeader, type GgufMetadataValue, type GgufTensorInfo, readGgufHeader } from "./llama/gguf-header.js";
export { GGUF_TASK } from "./llama-capability.js";
export { type AnyEngine, LOCAL_ENGINES, LOCAL_TASKS, type LocalEngineEntry, type TaskCheck } from "./local-engines.js";
export { APERTIUM_ENGINE, apertiumMissing } from "./packaged/apertium.js";
export { ESPEAK_ENGINE } from "./packaged/espeak.js";
export { installedVersion, MANIFEST_PATH, packageFile, packageInstalled } from "./packaged/manifest.js";
export { decodeWav, encodeWav, type Recording } from "./packaged/media.js";
export { MEDIA_ENGINES } from "./packaged/media-engines.js";
export { NSFWJS_CLASSES, NSFWJS_ENGINE } from "./packaged/nsfw.js";
export { POCKETSPHINX_ENGINE, pocketsphinxMissing } from "./packaged/pocketsphinx.js";
export { SILERO_VAD_ENGINE, SILERO_VAD_PACKAGE } from "./packaged/silero-vad.js";
export { STATIC_RANKING_ENGINE } from "./packaged/static-ranking.js";
export { STATIC_ZERO_SHOT_ENGINE, VECTORS_PATH, VOCABULARY_PATH } from "./packaged/static-zero-shot.js";
export { TESSERACT_DATA_PACKAGE, TESSERACT_ENGINE } from "./packaged/tesseract.js";
export { packagedModel } from "./packaged/text-packages.js";
export { MAX_NEW_TOKENS as MAX_COMPLETION_TOKENS } from "./transformers/generation-task.js";
export { MAX_INPUT_CHARACTERS, MAX_INPUTS } from "./transformers/requests.js";
export { MAX_NEW_TOKENS as MAX_SEQ2SEQ_TOKENS } from "./transformers/seq2seq-tasks.js";
export { MAX_SPEECH_TEXT } from "./transformers/speech-task.js";
export { transformersEngine } from "./transformers-engine.js";
export { type PoolAnswer, WorkerPool, type WorkerPoolLoad, type WorkerPoolOptions } from "./worker-pool.js";
export type { FileReply, FileRequest, WorkerAnswer, WorkerCall } from "./worker-protocol.js";

/**
 * The workers' entry, always the built file: from `dist/` the file beside this one; from
 * `src/` (tests run the sources) the build of the same sources, which `npm test` makes first.
 */
export const RUNTIME_WORKER_SCRIPT = new URL("../dist/runtime-worker.js", import.meta.url);
