/**
 * Predicates, file picking and quoting helpers shared by the local apps.
 *
 * Every string in a `ModelData` is author-controlled. Snippets only ever let
 * such a value in through `shString`/`jsString` (a whole shell word or JS string
 * literal); deeplinks only through the percent-encoders below. Nothing here
 * throws, whatever shape the record has.
 */
import { findNearestQuantType, GGMLFileQuantizationType, parseGGUFQuantLabel } from "../gguf.js";
import type { ModelData } from "../model-data.js";
import { jsString, shString } from "../snippets/quote.js";
import type { LocalAppSnippet } from "./types.js";

export { jsString, shString };

// ---------------------------------------------------------------------------
// Record access (defensive: records come from JSON and may be malformed)
// ---------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The model's tags, or [] when missing or malformed. */
export function tagsOf(model: ModelData): string[] {
	return Array.isArray(model.tags) ? model.tags.filter((tag): tag is string => typeof tag === "string") : [];
}

export function hasTag(model: ModelData, tag: string): boolean {
	return tagsOf(model).includes(tag);
}

/** The repository id as a string ("" when missing), for quoting. */
export function modelId(model: ModelData): string {
	return typeof model.id === "string" ? model.id : "";
}

/** File names listed in `siblings`, in the record's order. */
export function fileNames(model: ModelData): string[] {
	if (!Array.isArray(model.siblings)) return [];
	return model.siblings.flatMap((sibling) =>
		isRecord(sibling) && typeof sibling.rfilename === "string" ? [sibling.rfilename] : [],
	);
}

// ---------------------------------------------------------------------------
// What kind of model is it?
// ---------------------------------------------------------------------------

/** A GGUF model: the hub read GGUF metadata (`config.gguf.context_length` is set), or it is tagged `gguf`. */
export function isGgufModel(model: ModelData): boolean {
	const gguf = isRecord(model.config) ? model.config.gguf : undefined;
	return (isRecord(gguf) && gguf.context_length !== undefined && gguf.context_length !== null) || hasTag(model, "gguf");
}

/** An MLX model: tagged `mlx`. */
export function isMlxModel(model: ModelData): boolean {
	return hasTag(model, "mlx");
}

/** Text generation, or image+text to text (the chat-style pipelines LLM servers serve). */
export function isTextGenerationPipeline(model: ModelData): boolean {
	return model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text";
}

/** Weight-quantisation methods that GPU inference servers load natively. */
const SERVER_QUANT_METHODS = ["awq", "gptq", "aqlm", "marlin"] as const;

/** The `quantization_config.quant_method` of the repository's config, lower-cased, when it has one. */
function quantMethod(model: ModelData): string | undefined {
	const quantization = isRecord(model.config) ? model.config.quantization_config : undefined;
	const method = isRecord(quantization) ? quantization.quant_method : undefined;
	return typeof method === "string" ? method.toLowerCase() : undefined;
}

/** AWQ, GPTQ, AQLM or Marlin quantised, by config (`quantization_config.quant_method`) or by tag. */
export function isServerQuantizedModel(model: ModelData): boolean {
	const method = quantMethod(model);
	return SERVER_QUANT_METHODS.some((name) => method === name || hasTag(model, name));
}

/** Tagged `transformers`. */
export function isTransformersModel(model: ModelData): boolean {
	return hasTag(model, "transformers");
}

/**
 * A text(-and-image) generation model in a format GPU servers such as SGLang
 * load: AWQ/GPTQ/AQLM/Marlin quantised, or tagged transformers.
 */
export function isTransformersTextModel(model: ModelData): boolean {
	return isTextGenerationPipeline(model) && (isServerQuantizedModel(model) || isTransformersModel(model));
}

/** vLLM's rule: like `isTransformersTextModel`, plus GGUF text generation models. */
export function isVllmModel(model: ModelData): boolean {
	return (
		isTextGenerationPipeline(model) &&
		(isServerQuantizedModel(model) || isGgufModel(model) || isTransformersModel(model))
	);
}

/** A diffusers repository (by library). */
export function isDiffusersModel(model: ModelData): boolean {
	return model.library_name === "diffusers";
}

/** AMD Ryzen AI (hybrid or NPU) ONNX builds. */
export function isRyzenAiModel(model: ModelData): boolean {
	return hasTag(model, "ryzenai-hybrid") || hasTag(model, "ryzenai-npu");
}

/** Every chat template the record carries: the tokenizer config's (string or named list) and the GGUF metadata's. */
export function chatTemplates(model: ModelData): string[] {
	const config = isRecord(model.config) ? model.config : undefined;
	const templates: string[] = [];
	const tokenizerConfig = config?.tokenizer_config;
	const fromTokenizer = isRecord(tokenizerConfig) ? tokenizerConfig.chat_template : undefined;
	if (typeof fromTokenizer === "string") {
		templates.push(fromTokenizer);
	} else if (Array.isArray(fromTokenizer)) {
		for (const entry of fromTokenizer) {
			if (isRecord(entry) && typeof entry.template === "string") templates.push(entry.template);
		}
	}
	const gguf = config?.gguf;
	if (isRecord(gguf) && typeof gguf.chat_template === "string") templates.push(gguf.chat_template);
	return templates;
}

/** Tagged conversational, with a chat template that mentions tools (so it can drive an agent). */
export function isToolCallingChatModel(model: ModelData): boolean {
	return hasTag(model, "conversational") && chatTemplates(model).some((template) => template.includes("tools"));
}

/** The agent apps' rule: a GGUF or MLX model that can call tools in chat. */
export function isLocalAgentModel(model: ModelData): boolean {
	return (isGgufModel(model) || isMlxModel(model)) && isToolCallingChatModel(model);
}

// ---------------------------------------------------------------------------
// GGUF files
// ---------------------------------------------------------------------------

/** The repository's .gguf files, in the record's order. */
export function ggufFiles(model: ModelData): string[] {
	return fileNames(model).filter((name) => name.toLowerCase().endsWith(".gguf"));
}

/** Multimodal projector files sit next to the weights but are never the model to run. */
function isProjectorFile(name: string): boolean {
	const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
	return base.startsWith("mmproj") || base.includes("-mmproj") || base.includes(".mmproj");
}

/** A quantisation label from a file name as an enum value ("UD-Q4_K_XL" → Q4_K_XL), when it is one. */
export function quantTypeOfLabel(label: string): GGMLFileQuantizationType | undefined {
	const bare = label.startsWith("UD-") ? label.slice(3) : label;
	const candidates = [bare, bare.replace(/_[A-Z]+$/, "")];
	for (const candidate of candidates) {
		if (Object.hasOwn(GGMLFileQuantizationType, candidate)) {
			const value = GGMLFileQuantizationType[candidate as keyof typeof GGMLFileQuantizationType];
			if (typeof value === "number") return value;
		}
	}
	return undefined;
}

/**
 * The quantisation we aim for when nobody chose a file: Q4_K_M, the usual
 * balance of size and quality for running on a laptop or a single GPU (and the
 * quant llama.cpp's own `-hf` picks when no tag is given).
 */
export const DEFAULT_QUANT = GGMLFileQuantizationType.Q4_K_M;

/**
 * The GGUF file an app should load: `filepath` when the caller chose one;
 * otherwise, among the repository's .gguf files (projector files set aside),
 * a Q4_K_M file; else the file of the quantisation nearest to Q4_K_M as
 * `findNearestQuantType` ranks them (the best one smaller than Q4_K_M, else the
 * smallest larger one); else the first .gguf file. Within one quantisation
 * the first shard ("-00001-of-") or first listed file wins.
 */
export function pickGgufFile(model: ModelData, filepath?: string): string | undefined {
	if (typeof filepath === "string" && filepath.length > 0) return filepath;
	const all = ggufFiles(model);
	const weights = all.filter((name) => !isProjectorFile(name));
	const pool = weights.length > 0 ? weights : all;
	if (pool.length === 0) return undefined;

	const typed = pool.flatMap((name) => {
		const label = parseGGUFQuantLabel(name);
		const type = label === undefined ? undefined : quantTypeOfLabel(label);
		return type === undefined ? [] : [{ name, type }];
	});
	const firstOf = (type: GGMLFileQuantizationType): string | undefined => {
		const names = typed.filter((entry) => entry.type === type).map((entry) => entry.name);
		return names.find((name) => /-0*1-of-\d+\.gguf$/i.test(name)) ?? names[0];
	};
	const nearest = findNearestQuantType(
		DEFAULT_QUANT,
		typed.map((entry) => entry.type),
	);
	return (nearest === undefined ? undefined : firstOf(nearest)) ?? pool[0];
}

/** The GGUF file an app will load (see `pickGgufFile`) and its quantisation label as written in its name. */
export function pickGguf(model: ModelData, filepath?: string): { file?: string; quant?: string } {
	const file = pickGgufFile(model, filepath);
	const quant = file === undefined ? undefined : parseGGUFQuantLabel(file);
	return { file, quant };
}

/** "<id>:<quant>" (the form llama.cpp, Ollama, Docker and node-llama-cpp accept), or the bare id. */
export function idWithQuant(model: ModelData, filepath?: string): string {
	const { quant } = pickGguf(model, filepath);
	return quant ? `${modelId(model)}:${quant}` : modelId(model);
}

// ---------------------------------------------------------------------------
// Snippets
// ---------------------------------------------------------------------------

export function sh(title: string, content: string, setup?: string): LocalAppSnippet {
	return setup === undefined ? { title, content, language: "sh" } : { title, setup, content, language: "sh" };
}

/** A JSON document (built with JSON.stringify, never by hand) as one single-quoted shell word. */
export function shJson(value: unknown): string {
	return shString(JSON.stringify(value, null, 2));
}

/** A `curl` request to an OpenAI-compatible chat endpoint; the body is JSON.stringify'd, then quoted. */
export function curlChat(baseUrl: string, model: string, prompt = "Write a haiku about the sea."): string {
	const body = { model, messages: [{ role: "user", content: prompt }] };
	return [
		`curl ${baseUrl}/chat/completions \\`,
		`  -H "Content-Type: application/json" \\`,
		`  -d ${shJson(body)}`,
	].join("\n");
}

/** How llama.cpp's tools are told which model to fetch from the hub: `-hf <id>:<quant>`, or the file itself. */
export function llamaCppModelArgs(model: ModelData, filepath?: string): string {
	const { file, quant } = pickGguf(model, filepath);
	if (quant) return `-hf ${shString(`${modelId(model)}:${quant}`)}`;
	if (file) return `--hf-repo ${shString(modelId(model))} --hf-file ${shString(file)}`;
	return `-hf ${shString(modelId(model))}`;
}

/** Where the agent apps find the local model server started by `localServerSnippet`. */
export const LOCAL_SERVER_URL = "http://127.0.0.1:8080/v1";

/**
 * First step of the agent apps: serve the model locally behind an
 * OpenAI-compatible API on port 8080, under its repository id as model name.
 * GGUF models run in llama.cpp's server (with its Jinja chat templates, which
 * tool calling needs), MLX models in MLX LM's.
 */
export function localServerSnippet(model: ModelData, filepath?: string): LocalAppSnippet {
	const name = shString(modelId(model));
	if (isGgufModel(model)) {
		return sh(
			"Start a local llama.cpp server",
			[
				"# Serves an OpenAI-compatible API on port 8080; keep it running",
				`llama-server ${llamaCppModelArgs(model, filepath)} --jinja --alias ${name} --port 8080`,
			].join("\n"),
			"brew install llama.cpp",
		);
	}
	return sh(
		"Start a local MLX LM server",
		[
			"# Serves an OpenAI-compatible API on port 8080; keep it running",
			`mlx_lm.server --model ${name} --port 8080`,
		].join("\n"),
		"pip install mlx-lm",
	);
}

// ---------------------------------------------------------------------------
// Deeplinks
// ---------------------------------------------------------------------------

/** Lone UTF-16 surrogates would make encodeURIComponent throw; they become U+FFFD. */
function wellFormed(value: string): string {
	return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/**
 * A value for a query parameter: percent-encoded with encodeURIComponent (so
 * "&", "=", "#", "+" and spaces can't end the value or start a new one), with
 * "/" left readable since it has no meaning inside a query.
 */
export function encodeQueryValue(value: string): string {
	return encodeURIComponent(wellFormed(value)).replace(/%2F/g, "/");
}

/** Dot segments ("." / ".." in any percent-encoded spelling) are resolved away by URL parsers. */
function isDotSegment(segment: string): boolean {
	return /^(?:\.|%2e){1,2}$/i.test(segment);
}

/**
 * A repository id for a path position: each "/"-separated segment
 * percent-encoded (so "?", "#", "\\" and the like stay inside the segment). When
 * a segment is "." or "..", which URL parsers would resolve away, the whole id
 * is encoded as one segment ("/" as %2F) instead.
 */
export function encodePathSegments(value: string): string {
	const segments = wellFormed(value).split("/");
	if (segments.some(isDotSegment)) return encodeURIComponent(wellFormed(value));
	return segments.map((segment) => encodeURIComponent(segment)).join("/");
}

/** `application/x-www-form-urlencoded`, as URLSearchParams writes it (the reference's `:urlencoded`). */
export function formEncode(params: Record<string, string>): string {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(params)) search.append(key, wellFormed(value));
	return search.toString();
}
