import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sh, shString } from "./common.js";

/**
 * The folder holding a compiled model (the parent of its first `.mlmodelc`
 * bundle): "" when the bundles sit at the repository root, undefined when the
 * file list shows none.
 */
function variantFolder(model: ModelData): string | undefined {
	for (const name of fileNames(model)) {
		const parts = name.split("/");
		const bundle = parts.findIndex((part) => part.endsWith(".mlmodelc"));
		if (bundle >= 0) return parts.slice(0, bundle).join("/");
	}
	return undefined;
}

/** WhisperKit: CLI-first; download the Core ML model and transcribe a file with whisperkit-cli. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const folder = variantFolder(model);
	const download = folder
		? `hf download ${shString(model.id)} ${shString(`--include=${folder}/*`)} --local-dir whisperkit-models`
		: `hf download ${shString(model.id)} --local-dir whisperkit-models`;
	const modelPath = folder ? shString(`whisperkit-models/${folder}`) : "whisperkit-models";
	return [
		sh(
			`# brew install whisperkit-cli
${download}
whisperkit-cli transcribe --model-path ${modelPath} --audio-path audio.wav`,
		),
	];
}
