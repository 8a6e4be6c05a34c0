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
export { clearMappingCache } from "./lib/mapping.js";
export { type BuiltRequest, buildRequest, type RequestOptions } from "./lib/request.js";
export { readServerSentEvents, type ServerSentEvent } from "./lib/sse.js";
export { PROVIDERS } from "./providers/index.js";
export * from "./routes.js";
export * from "./snippets/index.js";
export * from "./tasks/index.js";
export * from "./types.js";
export { PACKAGE_NAME, PACKAGE_VERSION } from "./version.js";
