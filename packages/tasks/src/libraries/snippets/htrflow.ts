import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python } from "./common.js";

/** Which HTRflow pipeline step (and model class) runs this model, from its task and tags. */
function step(model: ModelData): { step: string; modelClass: string } | undefined {
	const isYolo = hasTag(model, "yolo") || hasTag(model, "ultralytics") || hasTag(model, "yolov8");
	if (model.pipeline_tag === "image-to-text" || hasTag(model, "trocr")) {
		return { step: "TextRecognition", modelClass: "TrOCR" };
	}
	if (model.pipeline_tag === "object-detection" || model.pipeline_tag === "image-segmentation" || isYolo) {
		return { step: "Segmentation", modelClass: "yolo" };
	}
	return undefined;
}

/** HTRflow: handwritten text recognition pipelines configured by steps. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const modelStep = step(model);
	if (!modelStep) {
		return [explain("Type of model unknown")];
	}
	const config = `config = {
    "steps": [
        {"step": "${modelStep.step}", "settings": {"model": "${modelStep.modelClass}", "model_settings": {"model": ${pyString(model.id)}}}},
        {"step": "Export", "settings": {"format": "txt", "dest": "outputs"}},
    ],
}`;
	return [
		python(
			`# pip install "htrflow[huggingface]"
from htrflow.pipeline.pipeline import Pipeline
from htrflow.volume.volume import Collection

${config}
pipeline = Pipeline.from_config(config)

collection = Collection(["page.jpg"])
collection = pipeline.run(collection)`,
			"Run a pipeline in Python",
		),
		python(
			`# pip install "htrflow[huggingface]" pyyaml
import yaml

${config}
with open("pipeline.yaml", "w") as file:
    yaml.safe_dump(config, file)

# Then, in a terminal: htrflow pipeline pipeline.yaml page.jpg`,
			"Write a pipeline file for the htrflow CLI",
		),
	];
}
