import type { ModelData } from "../model-data.js";
import { idWithQuant, isGgufModel, isVllmModel, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	// GGUF models are pulled by quantisation tag; safetensors models (run with vLLM) by repository.
	const ref = isGgufModel(model) ? idWithQuant(model, filepath) : modelId(model);
	return [sh("Run with Docker Model Runner", `docker model run ${shString(`hf.co/${ref}`)}`)];
}

export const dockerModelRunner = {
	prettyLabel: "Docker Model Runner",
	docsUrl: "https://docs.docker.com/ai/model-runner/",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => isGgufModel(model) || isVllmModel(model),
	snippet,
} satisfies SnippetLocalApp;
