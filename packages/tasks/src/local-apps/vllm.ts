import type { ModelData } from "../model-data.js";
import { curlChat, isGgufModel, isVllmModel, modelId, pickGguf, sh, shString } from "./common.js";
import type { LocalAppSnippet, SnippetLocalApp } from "./types.js";

const BASE_URL = "http://localhost:8000/v1";

/** The name GGUF models are served under, so the request doesn't depend on the file's path. */
const SERVED_NAME = "local-model";

/**
 * vLLM loads a GGUF model from one local file, so for GGUF repositories the
 * chosen file is downloaded first (with the `hf` CLI that comes with vLLM's
 * dependencies). Returns the download step and the file's path as shell words,
 * relative to the current folder and inside the container.
 */
function ggufFile(model: ModelData, filepath?: string): { download: string; local: string; container: string } {
	const id = modelId(model);
	const { file } = pickGguf(model, filepath);
	if (file === undefined) {
		return {
			download: [
				"# Set this to one of the .gguf files in the repository:",
				"GGUF_FILE=model.gguf",
				`hf download ${shString(id)} "$GGUF_FILE" --local-dir models`,
			].join("\n"),
			local: '"models/$GGUF_FILE"',
			container: '"/models/$GGUF_FILE"',
		};
	}
	return {
		download: `hf download ${shString(id)} ${shString(file)} --local-dir models`,
		local: shString(`models/${file}`),
		container: shString(`/models/${file}`),
	};
}

function snippet(model: ModelData, filepath?: string): LocalAppSnippet[] {
	const id = modelId(model);
	const gguf = isGgufModel(model) ? ggufFile(model, filepath) : undefined;
	const request = ["# Then, from another terminal:", curlChat(BASE_URL, gguf ? SERVED_NAME : id)].join("\n");
	const prelude = gguf ? [gguf.download, ""] : [];
	const serve = gguf ? `vllm serve ${gguf.local} --served-model-name ${SERVED_NAME}` : `vllm serve ${shString(id)}`;
	const docker = [
		"docker run --gpus all --ipc=host -p 8000:8000 \\",
		"  -v ~/.cache/huggingface:/root/.cache/huggingface \\",
		...(gguf ? ['  -v "$PWD/models:/models" \\'] : []),
		gguf
			? `  vllm/vllm-openai:latest --model ${gguf.container} --served-model-name ${SERVED_NAME}`
			: `  vllm/vllm-openai:latest --model ${shString(id)}`,
	];
	return [
		sh(
			"Install from pip and serve",
			[...prelude, "# Start an OpenAI-compatible server on port 8000", serve, "", request].join("\n"),
			"pip install vllm",
		),
		sh(
			"Run with Docker",
			[...prelude, ...docker, "", request].join("\n"),
			// The GGUF file is fetched on the host, with the hub's CLI.
			gguf ? "pip install -U huggingface_hub" : undefined,
		),
	];
}

export const vllm = {
	prettyLabel: "vLLM",
	docsUrl: "https://docs.vllm.ai",
	mainTask: "text-generation",
	displayOnModelPage: isVllmModel,
	snippet,
} satisfies SnippetLocalApp;
