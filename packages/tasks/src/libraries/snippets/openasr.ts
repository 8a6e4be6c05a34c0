import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sh, shString } from "./common.js";

/** OpenASR: download the repository's .oasr pack and transcribe a file with it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const pack = fileNames(model).find((name) => name.toLowerCase().endsWith(".oasr"));
	const commands = pack
		? `hf download ${shString(model.id)} ${shString(pack)} --local-dir openasr-model
openasr transcribe --model-pack ${shString(`openasr-model/${pack}`)} audio.wav`
		: `hf download ${shString(model.id)} --include '*.oasr' --local-dir openasr-model
openasr transcribe --model-pack "$(find openasr-model -name '*.oasr' | head -n 1)" audio.wav`;
	return [
		sh(
			`# Build the CLI: see github.com/QuintinShaw/openasr (cargo build --release -p openasr-cli)
${commands}`,
			"Transcribe on the command line",
		),
	];
}
