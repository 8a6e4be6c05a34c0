export * from "./functions.js";
export type {
	ChatCompletionInput,
	ChatCompletionStreamOutput,
	ChatMessage,
	TextGenerationStreamOutput,
} from "./types.js";
