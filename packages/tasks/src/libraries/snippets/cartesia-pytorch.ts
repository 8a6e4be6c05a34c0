import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, sampleText } from "./common.js";

/** The Llama tokenizer a Llamba model was distilled with, by its size. */
function llambaTokenizer(id: string): string {
	if (/8b/i.test(id)) return "meta-llama/Llama-3.1-8B";
	if (/3b/i.test(id)) return "meta-llama/Llama-3.2-3B";
	return "meta-llama/Llama-3.2-1B";
}

/** Cartesia PyTorch: Llamba and Rene language models. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const prompt = pyString(sampleText(model));
	if (/llamba/i.test(model.id)) {
		return [
			python(
				`# pip install cartesia-pytorch
from cartesia_pytorch.Llamba.llamba import LlambaLMHeadModel
from transformers import AutoTokenizer

model = LlambaLMHeadModel.from_pretrained(${pyString(model.id)}, strict=True).to("cuda")
tokenizer = AutoTokenizer.from_pretrained(${pyString(llambaTokenizer(model.id))})

input_ids = tokenizer([${prompt}], return_tensors="pt").input_ids.to("cuda")
output = model.generate(input_ids, max_length=100, top_k=1)
print(tokenizer.batch_decode(output, skip_special_tokens=True)[0])`,
			),
		];
	}
	return [
		python(
			`# pip install cartesia-pytorch
from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${pyString(model.id)}).half().cuda()
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

inputs = tokenizer([${prompt}], return_tensors="pt")
outputs = model.generate(inputs.input_ids.cuda(), max_length=50, top_k=100, top_p=0.99)
print(tokenizer.batch_decode(outputs, skip_special_tokens=True)[0])`,
		),
	];
}
