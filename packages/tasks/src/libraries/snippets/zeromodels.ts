import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** The Auto class that loads a task's head, by pipeline tag. */
const TASK_CLASSES: Record<string, string> = {
	"image-classification": "AutoZMImageClassify",
	"object-detection": "AutoZMDetect",
	"image-segmentation": "AutoZMSemanticSegment",
	"depth-estimation": "AutoZMDepthEstimation",
	"text-generation": "AutoZMTextGenerate",
	"image-text-to-text": "AutoZMConditionalGenerate",
	"fill-mask": "AutoZMMaskedLM",
	"text-classification": "AutoZMSequenceClassify",
	"token-classification": "AutoZMTokenClassify",
	"question-answering": "AutoZMQnA",
	"zero-shot-image-classification": "AutoZMZeroShotClassify",
};

/** ZeroModels (Keras 3): the Auto class for the model's task reads the architecture from the repository. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const task = typeof model.pipeline_tag === "string" ? model.pipeline_tag : "";
	const taskClass = Object.hasOwn(TASK_CLASSES, task) ? TASK_CLASSES[task] : undefined;
	const loader = taskClass ?? "AutoZModel";
	const importLine = taskClass ? `from zeromodels.auto import ${taskClass}` : "from zeromodels import AutoZModel";
	return [
		python(
			`${importLine}

model = ${loader}.from_weights(${pyString(model.id)})
model.summary()`,
		),
	];
}
