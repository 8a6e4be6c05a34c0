import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Cartesia MLX: load the model and stream a completion. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const prompt =
		model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text ??
		"The best way to learn a new language is";
	return [
		python(
			`import mlx.core as mx
import cartesia_mlx as cmx

model = cmx.from_pretrained(${pyString(model.id)})
model.set_dtype(mx.float32)

prompt = ${pyString(prompt)}
for text in model.generate(prompt, max_tokens=500, eval_every_n=5, verbose=True, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`,
		),
	];
}
