import type { ModelData } from "../model-data.js";
import { curlChat, isMlxModel, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData): LocalAppSnippet[] {
	const id = shString(modelId(model));
	return [
		sh(
			"Generate or chat in the terminal",
			[
				"# One answer to one prompt",
				`mlx_lm.generate --model ${id} --prompt ${shString("Explain what a black hole is in two sentences.")}`,
				"",
				"# Or an interactive chat",
				`mlx_lm.chat --model ${id}`,
			].join("\n"),
			"pip install mlx-lm",
		),
		sh(
			"Serve an OpenAI-compatible API",
			[
				"# Start the server on port 8080",
				`mlx_lm.server --model ${id} --port 8080`,
				"",
				"# Then, from another terminal:",
				curlChat("http://localhost:8080/v1", modelId(model)),
			].join("\n"),
			"pip install mlx-lm",
		),
	];
}

export const mlxLm = {
	prettyLabel: "MLX LM",
	docsUrl: "https://github.com/ml-explore/mlx-lm",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => model.pipeline_tag === "text-generation" && isMlxModel(model),
	snippet,
} satisfies SnippetLocalApp;
