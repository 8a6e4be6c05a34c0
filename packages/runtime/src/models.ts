/**
 * Small real models written in code (ONNX graphs with their tokenizers, GGUF files):
 * the sample catalogue's local models, and the models tests and benches run.
 */
export { entailmentFiles, NLI_LABELS } from "./entailment-model.js";
export { colourClassifierFiles } from "./image-models.js";
export { type GgufTensor, type GgufValue, writeGguf } from "./llama/gguf-writer.js";
export { CHATML_TEMPLATE, type TinyLlamaOptions, writeTinyLlama } from "./llama/tiny-llama.js";
export { memoryModelFiles } from "./memory-files.js";
export {
	encodeOnnxModel,
	ONNX_OPSET,
	type OnnxAttribute,
	type OnnxElementType,
	type OnnxGraph,
	type OnnxNode,
	type OnnxTensor,
	type OnnxValue,
} from "./onnx-writer.js";
export {
	type ModelFile,
	type PooledClassifierSpec,
	pooledClassifierFiles,
	SPECIAL_TOKENS,
	specialToken,
	wordPieceTokenizer,
} from "./pooled-classifier.js";
export {
	bertFolder,
	bpeClassifierFiles,
	embedderFiles,
	fillMaskFiles,
	questionAnsweringFiles,
	tokenClassifierFiles,
} from "./text-models.js";
