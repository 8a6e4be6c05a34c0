import type { ModelData } from "../model-data.js";
import { isGgufModel, modelId, pickGguf, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

/**
 * LocalAI starts models given as `huggingface://<id>/<file>` URIs. Returns the
 * URI as shell text: one quoted word, or (when the repository lists no .gguf
 * file) a variable the reader fills in.
 */
function modelUri(model: ModelData, filepath?: string): { prelude: string[]; uri: string } {
	const { file } = pickGguf(model, filepath);
	if (file === undefined) {
		return {
			prelude: ["# Set this to one of the .gguf files in the repository:", "GGUF_FILE=model.gguf"],
			uri: `${shString(`huggingface://${modelId(model)}/`)}"$GGUF_FILE"`,
		};
	}
	return { prelude: [], uri: shString(`huggingface://${modelId(model)}/${file}`) };
}

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	const { prelude, uri } = modelUri(model, filepath);
	return [
		sh(
			"Install the binary",
			[
				...prelude,
				"# Start LocalAI with the model; the API and web UI listen on http://localhost:8080",
				`local-ai run ${uri}`,
			].join("\n"),
			"curl -fsSL https://localai.io/install.sh | sh",
		),
		sh(
			"Run with Docker",
			[
				...prelude,
				"# CPU image; LocalAI also publishes images for GPUs",
				`docker run -ti -p 8080:8080 localai/localai:latest-cpu ${uri}`,
			].join("\n"),
		),
	];
}

export const localai = {
	prettyLabel: "LocalAI",
	docsUrl: "https://github.com/mudler/LocalAI",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	snippet,
} satisfies SnippetLocalApp;
