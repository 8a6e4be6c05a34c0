import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** UniWorld (univa): the Qwen2.5-VL based model class from the UniWorld-V1 code repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const id = pyString(model.id);
	return [
		python(
			`# Run from a clone of https://github.com/PKU-YuanGroup/UniWorld-V1 (pip install -r requirements.txt)
import torch
from transformers import AutoProcessor
from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration

model = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(${id}, torch_dtype=torch.bfloat16).to("cuda")
processor = AutoProcessor.from_pretrained(${id})`,
		),
	];
}
