export * from "./gguf.js";
export * from "./libraries/index.js";
export * from "./local-apps/index.js";
export type * from "./local-apps/types.js";
export type * from "./model-data.js";
export { toModelData } from "./model-record.js";
export * from "./pipelines.js";
export {
	DEFAULT_CANDIDATE_LABELS,
	DEFAULT_SENTENCES,
	DEFAULT_TEXT,
	getCandidateLabels,
	getModelInputExample,
	getModelInputPayload,
	getModelInputSnippet,
} from "./snippets/inputs.js";
export { jsString, jsValue, pyString, pyValue, safeIdentifier, safeNumber, shString } from "./snippets/quote.js";
export * from "./tasks/index.js";
export type * from "./tasks/types.js";
