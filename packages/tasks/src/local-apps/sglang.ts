import type { ModelData } from "../model-data.js";
import { curlChat, isTransformersTextModel, modelId, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

const PORT = 30000;

function snippet(model: ModelData): LocalAppSnippet[] {
	const id = modelId(model);
	const launch = `python3 -m sglang.launch_server --model-path ${shString(id)} --host 0.0.0.0 --port ${PORT}`;
	const request = ["# Then, from another terminal:", curlChat(`http://localhost:${PORT}/v1`, id)].join("\n");
	return [
		sh(
			"Install from pip and serve",
			[`# Start an OpenAI-compatible server on port ${PORT}`, launch, "", request].join("\n"),
			["pip install --upgrade pip", "pip install uv", "uv pip install sglang"].join("\n"),
		),
		sh(
			"Run with Docker",
			[
				`docker run --gpus all --shm-size 32g --ipc=host -p ${PORT}:${PORT} \\`,
				"  -v ~/.cache/huggingface:/root/.cache/huggingface \\",
				"  lmsysorg/sglang:latest \\",
				`  ${launch}`,
				"",
				request,
			].join("\n"),
		),
	];
}

export const sglang = {
	prettyLabel: "SGLang",
	docsUrl: "https://docs.sglang.io",
	mainTask: "text-generation",
	displayOnModelPage: isTransformersTextModel,
	snippet,
} satisfies SnippetLocalApp;
