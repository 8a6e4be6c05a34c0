import type { ModelData } from "../model-data.js";
import { isGgufModel, jsString, modelId, pickGguf, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

/**
 * node-llama-cpp's model URI: `hf:<id>:<quant>` picks the file by quantisation,
 * `hf:<id>/<file>` names it; a bare `hf:<id>` lets the tool choose.
 */
function modelUri(model: ModelData, filepath?: string): string {
	const { file, quant } = pickGguf(model, filepath);
	if (quant) return `hf:${modelId(model)}:${quant}`;
	if (file) return `hf:${modelId(model)}/${file}`;
	return `hf:${modelId(model)}`;
}

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	const uri = modelUri(model, filepath);
	return [
		sh("Chat in the terminal", `npx -y node-llama-cpp chat ${shString(uri)}`),
		{
			title: "Use from Node.js",
			setup: "npm install node-llama-cpp",
			language: "js",
			content: [
				`import { getLlama, LlamaChatSession, resolveModelFile } from "node-llama-cpp";`,
				"",
				"// Downloads the file on first use (to ~/.node-llama-cpp/models) and returns its path",
				`const modelPath = await resolveModelFile(${jsString(uri)});`,
				"",
				"const llama = await getLlama();",
				"const model = await llama.loadModel({ modelPath });",
				"const context = await model.createContext();",
				"const session = new LlamaChatSession({ contextSequence: context.getSequence() });",
				"",
				`const answer = await session.prompt(${jsString("Give me three names for a pet turtle.")});`,
				"console.log(answer);",
			].join("\n"),
		},
	];
}

export const nodeLlamaCpp = {
	prettyLabel: "node-llama-cpp",
	docsUrl: "https://node-llama-cpp.withcat.ai",
	mainTask: "text-generation",
	displayOnModelPage: isGgufModel,
	snippet,
} satisfies SnippetLocalApp;
