import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** Mamba: a language model sampled with nucleus sampling (the released checkpoints use the GPT-NeoX tokenizer). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const prompt = sampleText(model, "text-generation");
	return [
		python(
			`import torch
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("EleutherAI/gpt-neox-20b")
model = MambaLMHeadModel.from_pretrained(${pyString(model.id)}, device="cuda", dtype=torch.float16)
input_ids = tokenizer(${pyString(prompt)}, return_tensors="pt").input_ids.to("cuda")
output = model.generate(input_ids=input_ids, max_length=50, top_k=0, top_p=0.99, temperature=1.0)
print(tokenizer.decode(output[0]))`,
		),
	];
}
