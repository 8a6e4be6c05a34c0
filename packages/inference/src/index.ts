export { clearMappingCache } from "./call/mapping.js";
export { type BuiltRequest, buildRequest, type RequestOptions } from "./call/request.js";
export { streamingRequest } from "./call/stream.js";
export { request } from "./call/task.js";
export { InferenceClient } from "./client.js";
export {
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientHubApiError,
	InferenceClientInputError,
	InferenceClientProviderApiError,
	InferenceClientProviderOutputError,
	type RecordedResponse,
	type RedactedRequest,
} from "./errors.js";
export { readServerSentEvents, type ServerSentEvent } from "./lib/sse.js";
export { providerTasks } from "./providers/index.js";
export * from "./routes.js";
export * from "./snippets/index.js";
export * from "./tasks/index.js";
export {
	type BaseArgs,
	INFERENCE_PROVIDERS,
	type InferenceProvider,
	type InferenceProviderMappingEntry,
	type InferenceProviderOrPolicy,
	type InferenceTask,
	type Options,
	type OutputType,
	type RequestArgs,
} from "./types.js";
export { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";
