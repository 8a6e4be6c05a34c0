import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { hasTag, pyString, python, sampleText, sh, shString } from "./common.js";

function isConversational(model: ModelData): boolean {
	const template = model.config?.tokenizer_config?.chat_template;
	const hasTemplate =
		typeof template === "string" ? template.length > 0 : Array.isArray(template) && template.length > 0;
	return hasTag(model, "conversational") || hasTemplate;
}

/** MLX: text-generation models run with mlx-lm; anything else is downloaded for the matching MLX tool. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (model.pipeline_tag === "text-generation" && hasTag(model, "mlx")) {
		const prompt = pyString(sampleText(model));
		const promptLines = isConversational(model)
			? `messages = [{"role": "user", "content": ${prompt}}]
prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)`
			: `prompt = ${prompt}`;
		return [
			python(
				`from mlx_lm import generate, load
from mlx_lm.sample_utils import make_sampler

model, tokenizer = load(${pyString(model.id)})
${promptLines}
sampler = make_sampler(temp=0.7, top_p=0.99)
text = generate(model, tokenizer, prompt=prompt, max_tokens=50, sampler=sampler, verbose=True)`,
			),
		];
	}
	return [sh(`huggingface-cli download ${shString(model.id)}`, "Download the model")];
}
