import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, hasTag, pyString, python, sampleText } from "./common.js";

/** The GGUF file to load: a Q4_K_M one when present, else the first, else a glob. */
function ggufFile(model: ModelData): string {
	const ggufs = fileNames(model).filter((name) => name.toLowerCase().endsWith(".gguf"));
	return ggufs.find((name) => /q4_k_m/i.test(name)) ?? ggufs[0] ?? "*.gguf";
}

function isConversational(model: ModelData): boolean {
	return Boolean(
		hasTag(model, "conversational") ||
			model.config?.tokenizer_config?.chat_template ||
			model.config?.gguf?.chat_template,
	);
}

/** llama-cpp-python: download one GGUF file of the repository and run it. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const load = `from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${pyString(model.id)},
    filename=${pyString(ggufFile(model))},
)`;
	const text = pyString(sampleText(model));
	if (isConversational(model)) {
		return [
			python(
				`${load}

response = llm.create_chat_completion(
    messages=[{"role": "user", "content": ${text}}],
)
print(response["choices"][0]["message"]["content"])`,
				"Chat completion",
			),
		];
	}
	return [
		python(
			`${load}

output = llm(${text}, max_tokens=512)
print(output["choices"][0]["text"])`,
			"Text completion",
		),
	];
}
