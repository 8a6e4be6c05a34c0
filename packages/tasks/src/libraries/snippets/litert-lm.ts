import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sh, shString } from "./common.js";

/** The model file to run: the first .litertlm file, else the first .task file. */
function modelFile(model: ModelData): string | undefined {
	const files = fileNames(model);
	return files.find((name) => name.endsWith(".litertlm")) ?? files.find((name) => name.endsWith(".task"));
}

/** LiteRT-LM: CLI-first; run the repository's model file with a prompt. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const file = modelFile(model);
	const prompt =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ??
		"Explain in one sentence why the sky is blue.";
	const fileLine = file ? `  ${shString(file)} \\` : `  model.litertlm \\`;
	const note = file ? "" : "# Replace model.litertlm with the name of the .litertlm file in the repository.\n";
	return [
		sh(
			`# uv tool install litert-lm
${note}litert-lm run \\
  ${shString(`--from-huggingface-repo=${model.id}`)} \\
${fileLine}
  ${shString(`--prompt=${prompt}`)}`,
		),
	];
}
