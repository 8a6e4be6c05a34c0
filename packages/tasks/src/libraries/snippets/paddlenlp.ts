import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** PaddleNLP: load tokenizer and model from the Hugging Face Hub and run one input. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const repo = pyString(model.id);
	return [
		python(
			`from paddlenlp.transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${repo}, from_hf_hub=True)
model = AutoModel.from_pretrained(${repo}, from_hf_hub=True)

inputs = tokenizer(${pyString(sampleText(model))}, return_tensors="pd")
outputs = model(**inputs)`,
		),
	];
}
