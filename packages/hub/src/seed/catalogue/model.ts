/**
 * Builds the full `SeedModel` for one record of the data files (a `Spec`):
 * config, files by layout, card and card metadata, widget examples, tags,
 * sample counts and dates, provider mappings and the transformers integration.
 * Each concern lives in its own module beside this one.
 */

import { PLACEHOLDER_TAG } from "../../services/repos.js";
import { AUTO_MODEL, defaultProcessor } from "../../services/transformers-info.js";
import type { SeedFile, SeedModel } from "../types.js";
import { readmeOf } from "./card.js";
import { CHAT_FORMATS } from "./chat-formats.js";
import { mappings } from "./mappings.js";
import { near, parseParams, sampleCounts, sampleDates } from "./numbers.js";
import {
	BYTES_PER_PARAM,
	configFile,
	diffusersFiles,
	gitattributes,
	libraryFiles,
	sentenceTransformersFiles,
	transformersFiles,
} from "./repo-files.js";
import type { Spec } from "./spec.js";
import { buildTags } from "./tags.js";
import { isPlainObject, json } from "./values.js";
import { chatWidget, DEFAULT_WIDGETS } from "./widgets.js";

function buildConfig(spec: Spec): Record<string, unknown> | undefined {
	const config: Record<string, unknown> = {};
	if (spec.arch) config.architectures = [spec.arch];
	if (spec.type) config.model_type = spec.type;
	if (spec.chat) {
		const format = CHAT_FORMATS[spec.chat];
		config.tokenizer_config = {
			bos_token: format.bos,
			eos_token: format.eos,
			pad_token: format.eos,
			chat_template: format.template,
		};
	}
	if (spec.library === "diffusers" && spec.pipeline) config.diffusers = { _class_name: spec.pipeline };
	Object.assign(config, spec.config);
	// A GGUF file carries its chat template in its own metadata.
	if (spec.chat && isPlainObject(config.gguf) && config.gguf.chat_template === undefined) {
		config.gguf = { ...config.gguf, chat_template: CHAT_FORMATS[spec.chat].template };
	}
	return Object.keys(config).length > 0 ? config : undefined;
}

/**
 * The full record for one spec. `generated` are files with real content written by code (a
 * demo model's weights and tokenizer); each replaces the layout's file at its path.
 */
export function model(spec: Spec, generated: SeedFile[] = []): SeedModel {
	const slash = spec.id.indexOf("/");
	const author = spec.id.slice(0, slash);
	const config = buildConfig(spec);
	const bytes = parseParams(spec.params) * BYTES_PER_PARAM[spec.dtype ?? "bf16"];
	const layout =
		spec.layout ??
		(spec.library === "transformers"
			? "transformers"
			: spec.library === "sentence-transformers"
				? "sentence-transformers"
				: spec.library === "diffusers"
					? "diffusers"
					: "files");
	const files: SeedFile[] = [];
	switch (layout) {
		case "transformers":
		case "legacy":
			files.push(...transformersFiles({ ...spec, layout }, config ?? {}, bytes));
			break;
		case "sentence-transformers":
			files.push(...sentenceTransformersFiles(spec, config ?? {}, bytes));
			break;
		case "diffusers":
			files.push(...diffusersFiles(spec, bytes));
			break;
		case "files":
			if (config && Object.keys(configFile(config)).length > 0) {
				files.push({ path: "config.json", content: json(configFile(config)) });
			}
			break;
	}
	if (spec.onnx) {
		files.push({ path: "onnx/model.onnx", size: near(bytes * 2, `${spec.id}onnx`) });
		files.push({ path: "onnx/model_quantized.onnx", size: near(bytes / 2, `${spec.id}q8`) });
	}
	for (const [path, size] of spec.files ?? []) files.push({ path, size });
	files.push(...libraryFiles(config ?? {}));
	for (const file of generated) {
		const index = files.findIndex((existing) => existing.path === file.path);
		if (index >= 0) files[index] = file;
		else files.push(file);
	}
	files.push(gitattributes());
	const placeholder = files.some((file) => file.content === undefined);
	const labelled = placeholder ? { ...spec, tags: [...(spec.tags ?? []), PLACEHOLDER_TAG] } : spec;

	const widget = spec.widget ?? (spec.chat ? chatWidget(spec.task) : (DEFAULT_WIDGETS[spec.task] ?? []));
	const cardData: Record<string, unknown> = {
		license: spec.license,
		language: spec.languages,
		library_name: spec.library,
		pipeline_tag: spec.task,
		tags: labelled.tags,
		datasets: spec.datasets,
		base_model: spec.base,
		instance_prompt: spec.instancePrompt,
		widget: widget.length > 0 ? widget : undefined,
	};
	for (const key of Object.keys(cardData)) if (cardData[key] === undefined) delete cardData[key];
	const readme = readmeOf(spec, cardData, placeholder);
	files.unshift({ path: "README.md", content: readme });

	const record: SeedModel = {
		id: spec.id,
		author,
		pipeline_tag: spec.task,
		library_name: spec.library,
		tags: buildTags(labelled, files),
		...sampleCounts(spec.id, spec.pop),
		...sampleDates(spec.id, spec.created),
		config,
		cardData,
		widgetData: widget.map((example) => ({ ...example })),
		readme,
		files,
		inferenceProviderMapping: mappings(spec),
	};
	if (spec.library === "transformers") {
		record.transformersInfo = {
			auto_model: spec.autoModel ?? AUTO_MODEL[spec.task] ?? "AutoModel",
			pipeline_tag: spec.task,
			processor: spec.processor ?? defaultProcessor(spec.task),
			...(spec.custom && spec.arch ? { custom_class: spec.arch } : {}),
		};
	}
	if (spec.private) record.private = true;
	if (spec.gated) record.gated = spec.gated;
	if (!spec.library) delete record.library_name;
	if (!config) delete record.config;
	return record;
}
