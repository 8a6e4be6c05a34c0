import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python, safeIdentifier, sampleText } from "./common.js";

/** KerasHub task classes a preset can be loaded into, with a line that uses the loaded task. */
const TASKS: Record<string, ((model: ModelData) => string) | null> = {
	CausalLM: (model) => `print(task.generate(${pyString(sampleText(model))}, max_length=64))`,
	Seq2SeqLM: (model) => `print(task.generate(${pyString(sampleText(model))}, max_length=64))`,
	TextClassifier: (model) => `print(task.predict([${pyString(sampleText(model))}]))`,
	MaskedLM: null,
	TextToImage: (model) => `image = task.generate(${pyString(sampleText(model))})`,
	ImageToImage: null,
	Inpaint: null,
	ImageClassifier: null,
	ImageSegmenter: null,
	ObjectDetector: null,
	DepthEstimator: null,
	AudioToText: null,
};

/** KerasHub: load the preset from the Hub into each task class its config lists, or as a bare backbone. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const preset = pyString(`hf://${model.id}`);
	const listed = model.config?.keras_hub?.tasks;
	const tasks = (Array.isArray(listed) ? listed : []).filter(
		(task, index, all): task is string =>
			typeof task === "string" && Object.hasOwn(TASKS, task) && all.indexOf(task) === index,
	);
	if (tasks.length === 0) {
		return [
			python(
				`import keras_hub

backbone = keras_hub.models.Backbone.from_preset(${preset})`,
			),
		];
	}
	return tasks.map((task) => {
		const name = safeIdentifier(task, "Backbone");
		const use = TASKS[task]?.(model);
		return python(
			`import keras_hub

task = keras_hub.models.${name}.from_preset(${preset})${use ? `\n${use}` : ""}`,
			name,
		);
	});
}
