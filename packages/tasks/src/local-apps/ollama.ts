import type { ModelData } from "../model-data.js";
import { idWithQuant, isGgufModel, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	// The whole `hf.co/<id>:<quant>` reference is one single-quoted word.
	return [sh("Run with Ollama", `ollama run ${shString(`hf.co/${idWithQuant(model, filepath)}`)}`)];
}

export const ollama = {
	prettyLabel: "Ollama",
	docsUrl: "https://ollama.com",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	snippet,
} satisfies SnippetLocalApp;
