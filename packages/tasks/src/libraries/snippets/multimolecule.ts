import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** A short RNA sequence (human miR-21) used when the card has no example. */
const DEFAULT_SEQUENCE = "UAGCUUAUCAGACUGAUGUUGA";

function maskToken(model: ModelData): string {
	const token = model.config?.tokenizer_config?.mask_token;
	if (typeof token === "string" && token.length > 0) return token;
	if (token && typeof token === "object" && typeof token.content === "string" && token.content.length > 0) {
		return token.content;
	}
	return "<mask>";
}

function widgetText(model: ModelData): string | undefined {
	return model.widgetData?.find((example) => typeof example?.text === "string" && example.text.length > 0)?.text;
}

/**
 * MultiMolecule: importing the package registers its models, tokenizers and
 * pipelines with transformers; then the usual transformers calls work.
 */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	const out: LibrarySnippet[] = [];
	if (model.pipeline_tag === "fill-mask") {
		const mask = maskToken(model);
		const fromWidget = widgetText(model);
		const sample = fromWidget?.includes(mask) === true ? fromWidget : `UAGCUUAUC${mask}GACUGAUGUUGA`;
		out.push(
			python(
				`import multimolecule  # noqa: F401  (registers the MultiMolecule models)
from transformers import pipeline

predictor = pipeline("fill-mask", model=${id})
print(predictor(${pyString(sample)}))`,
				"Use a pipeline",
			),
		);
	}
	const sequence = model.pipeline_tag === "fill-mask" ? DEFAULT_SEQUENCE : (widgetText(model) ?? DEFAULT_SEQUENCE);
	out.push(
		python(
			`import multimolecule  # noqa: F401  (registers the MultiMolecule models)
from transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id})
model = AutoModel.from_pretrained(${id})
inputs = tokenizer(${pyString(sequence)}, return_tensors="pt")
outputs = model(**inputs)
print(outputs.last_hidden_state.shape)`,
			"Load model directly",
		),
	);
	return out;
}
