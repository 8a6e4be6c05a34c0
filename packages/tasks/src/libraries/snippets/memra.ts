import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { sh, shString } from "./common.js";

/** memra: serve the checkpoint (an hf: model spec) behind an OpenAI-compatible API. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		sh(
			`# Linux + NVIDIA GPU. Install: curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh
MEMRA_MODELS=${shString(`model=hf:${model.id}`)} memra-server`,
			"Start the server",
		),
		sh(
			`curl -sS http://127.0.0.1:8080/v1/chat/completions \\
  -H 'Content-Type: application/json' \\
  -d '{"model": "model", "messages": [{"role": "user", "content": "Explain KV caching in one sentence."}], "max_tokens": 128}'`,
			"Query it",
		),
	];
}
