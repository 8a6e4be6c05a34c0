/** A record's tags, worked out the way the public hub derives them: library, file formats, task, languages, base model, licence. */
import type { PipelineType } from "@hubkit/tasks";
import type { SeedFile } from "../types.js";
import type { Spec } from "./spec.js";

const TGI_TASKS = new Set<PipelineType>(["text-generation", "image-text-to-text"]);

export function buildTags(spec: Spec, files: SeedFile[]): string[] {
	const tags: string[] = [];
	if (spec.library) tags.push(spec.library);
	const paths = files.map((file) => file.path);
	if (paths.some((path) => path.endsWith(".safetensors"))) tags.push("safetensors");
	if (paths.some((path) => path.endsWith(".bin") || path.endsWith(".pt") || path.endsWith(".ckpt")))
		tags.push("pytorch");
	if (paths.some((path) => path.endsWith(".h5"))) tags.push("tf");
	if (paths.some((path) => path.endsWith(".onnx"))) tags.push("onnx");
	if (paths.some((path) => path.endsWith(".gguf"))) tags.push("gguf");
	if (spec.onnx) tags.push("transformers.js");
	if (spec.type && (spec.library === "transformers" || spec.library === "sentence-transformers")) tags.push(spec.type);
	tags.push(spec.task);
	if (spec.library === "diffusers" && spec.pipeline) tags.push(`diffusers:${spec.pipeline}`);
	tags.push(...(spec.tags ?? []));
	if (spec.chat) tags.push("conversational");
	if (spec.custom) tags.push("custom_code");
	const hosted =
		spec.library === "transformers" || spec.library === "sentence-transformers" || spec.library === "diffusers";
	if (spec.library === "transformers" && TGI_TASKS.has(spec.task) && !spec.custom)
		tags.push("text-generation-inference");
	if (hosted && !spec.private) tags.push("endpoints_compatible");
	for (const dataset of spec.datasets ?? []) tags.push(`dataset:${dataset}`);
	for (const language of spec.languages ?? []) tags.push(language);
	if (spec.base) {
		tags.push(`base_model:${spec.base}`);
		tags.push(`base_model:${spec.relation ?? "finetune"}:${spec.base}`);
	}
	tags.push(`license:${spec.license}`);
	return [...new Set(tags)];
}
