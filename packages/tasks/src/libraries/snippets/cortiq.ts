import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sh, shString } from "./common.js";

/** cortiq: download the repository's .cmf file and chat with it on the command line. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const cmf = fileNames(model).find((name) => name.toLowerCase().endsWith(".cmf"));
	const download = cmf
		? `hf download ${shString(model.id)} ${shString(cmf)} --local-dir cortiq-model
cortiq run ${shString(`cortiq-model/${cmf}`)} --prompt 'What is the capital of France?'`
		: `hf download ${shString(model.id)} --include '*.cmf' --local-dir cortiq-model
cortiq run "$(find cortiq-model -name '*.cmf' | head -n 1)" --prompt 'What is the capital of France?'`;
	return [
		sh(
			`# Install the CLI: cargo install cortiq-cli (or a prebuilt binary from github.com/infosave2007/cmf/releases)
${download}`,
			"Run on the command line",
		),
	];
}
