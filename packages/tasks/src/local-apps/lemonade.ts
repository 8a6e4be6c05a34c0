import type { ModelData } from "../model-data.js";
import { hasTag, idWithQuant, isGgufModel, isRyzenAiModel, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

/** Where Lemonade Server is downloaded from (an installer per system). */
const INSTALL = "# Install Lemonade Server from https://lemonade-server.ai";

/**
 * Lemonade's recipe for the model: the Ryzen AI ONNX builds run with the
 * OGA hybrid (NPU + iGPU) or NPU-only recipe, GGUF files with llama.cpp.
 */
function recipeOf(model: ModelData): { recipe: string; checkpoint: string; note?: string } {
	if (isRyzenAiModel(model)) {
		return {
			recipe: hasTag(model, "ryzenai-npu") ? "oga-npu" : "oga-hybrid",
			checkpoint: modelId(model),
			note: "# Needs a Ryzen AI 300 series processor",
		};
	}
	return { recipe: "llamacpp", checkpoint: "" };
}

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	const id = modelId(model);
	const { recipe, checkpoint, note } = recipeOf(model);
	const name = `user.${id.slice(id.lastIndexOf("/") + 1)}`;
	const source = checkpoint || idWithQuant(model, filepath);
	return [
		sh(
			"Register and download the model",
			[
				...(note ? [note] : []),
				`lemonade-server pull ${shString(name)} --checkpoint ${shString(source)} --recipe ${recipe}`,
			].join("\n"),
			INSTALL,
		),
		sh("Chat with it", `lemonade-server run ${shString(name)}`, INSTALL),
		sh("List the models Lemonade knows", "lemonade-server list", INSTALL),
	];
}

export const lemonade = {
	prettyLabel: "Lemonade",
	docsUrl: "https://lemonade-server.ai",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => isGgufModel(model) || isRyzenAiModel(model),
	snippet,
} satisfies SnippetLocalApp;
