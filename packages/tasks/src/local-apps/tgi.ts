import type { ModelData } from "../model-data.js";
import { curlChat, hasTag, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

function snippet(model: ModelData): LocalAppSnippet[] {
	return [
		sh(
			"Run with Docker",
			[
				"# Serve the model on port 8080 (weights are cached in ./data)",
				'docker run --gpus all --shm-size 1g -p 8080:80 -v "$PWD/data:/data" \\',
				`  ghcr.io/huggingface/text-generation-inference:latest --model-id ${shString(modelId(model))}`,
				"",
				"# Then, from another terminal:",
				curlChat("http://localhost:8080/v1", "tgi"),
			].join("\n"),
		),
	];
}

export const tgi = {
	prettyLabel: "TGI",
	docsUrl: "https://huggingface.co/docs/text-generation-inference/",
	mainTask: "text-generation",
	displayOnModelPage: (model: ModelData) => hasTag(model, "text-generation-inference"),
	snippet,
} satisfies SnippetLocalApp;
