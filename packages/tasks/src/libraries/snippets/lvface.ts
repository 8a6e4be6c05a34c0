import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** LVFace: the `lvface` package runs a downloaded ONNX file (face detection, alignment, embedding). */
export function snippets(model: ModelData): LibrarySnippet[] {
	const onnx = fileNames(model).filter((name) => name.endsWith(".onnx"));
	const file = onnx.find((name) => /LVFace-T/i.test(name)) ?? onnx[0];
	const weights = file
		? `from huggingface_hub import hf_hub_download
from lvface import FaceRecognizer

weights = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(file)})`
		: `from pathlib import Path

from huggingface_hub import snapshot_download
from lvface import FaceRecognizer

local_dir = snapshot_download(repo_id=${pyString(model.id)}, allow_patterns=["*.onnx"])
weights = str(sorted(Path(local_dir).rglob("*.onnx"))[0])`;
	return [
		python(
			`# pip install "lvface[cpu,detect]"
${weights}
recognizer = FaceRecognizer(weights)

result = recognizer.compare("first.jpg", "second.jpg")
print(result.is_match, result.cosine)`,
		),
	];
}
