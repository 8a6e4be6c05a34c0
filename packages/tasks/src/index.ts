export * from "./pipelines.js";
export * from "./tasks/index.js";
export type * from "./tasks/types.js";
export * from "./gguf.js";
