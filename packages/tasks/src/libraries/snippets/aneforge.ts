import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, pyString, python, pyValue, sampleSentences, sampleText } from "./common.js";

/** ANEForge: run Hub models directly on the Apple Neural Engine (Apple Silicon, macOS 14+). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	switch (model.pipeline_tag) {
		case "sentence-similarity":
		case "feature-extraction":
			return [
				python(
					`# pip install "aneforge[models]"
from aneforge.sentence_transformers import SentenceTransformer

model = SentenceTransformer(${id})
sentences = ${pyValue(sampleSentences(model))}
embeddings = model.encode(sentences, normalize_embeddings=True)
print(embeddings.shape)`,
				),
			];
		case "text-generation":
			if (model.config?.model_type === "gpt2") {
				return [
					python(
						`# pip install aneforge
import aneforge as af

model = af.load_gpt2(${id})
print(model.generate_text(${pyString(sampleText(model))}, max_new_tokens=20))`,
					),
				];
			}
			return [
				python(
					`# pip install aneforge
import aneforge.llm as llm
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id})
model = llm.from_pretrained(${id})

prompt = ${pyString(sampleText(model))}
ids = tokenizer(prompt)["input_ids"]
out = model.generate(ids, max_new_tokens=32, eos_id=tokenizer.eos_token_id)
print(prompt + tokenizer.decode(out))`,
				),
			];
		default:
			return [explain("Type of model unknown")];
	}
}
