/**
 * Model records arrive as parsed JSON written by model authors: a field typed
 * `string[]` may hold a number, an object or null. `toModelData` returns a record
 * in which every field has the type `ModelData` promises (wrong-typed fields are
 * dropped), so generators can trust the types instead of each guarding itself.
 * Results are cached per record object: a model page runs many generators on one.
 */
import type {
	CardData,
	ModelConfig,
	ModelData,
	TokenizerConfig,
	TransformersInfo,
	WidgetExample,
} from "./model-data.js";
import type { PipelineType } from "./pipelines.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
	typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const num = (value: unknown): number | undefined =>
	typeof value === "number" && Number.isFinite(value) ? value : undefined;
const strings = (value: unknown): string[] | undefined =>
	Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;

/** Copies `source`'s own keys that `pick` keeps, dropping undefined results. */
function defined<T>(entries: [string, unknown][]): T {
	return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as T;
}

function objectOf(value: unknown, fields: Record<string, (item: unknown) => unknown>): Json | undefined {
	if (!isObject(value)) return undefined;
	return defined(Object.entries(fields).map(([key, check]) => [key, check(value[key])]));
}

const token = (value: unknown) => str(value) ?? objectOf(value, { content: str });

function tokenizerConfig(value: unknown): TokenizerConfig | undefined {
	if (!isObject(value)) return undefined;
	const template = value.chat_template;
	return defined([
		...["bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token"].map(
			(key): [string, unknown] => [key, token(value[key])],
		),
		[
			"chat_template",
			str(template) ??
				(Array.isArray(template)
					? template.filter(
							(item): item is { name: string; template: string } =>
								isObject(item) && typeof item.name === "string" && typeof item.template === "string",
						)
					: undefined),
		],
		[
			"use_default_system_prompt",
			typeof value.use_default_system_prompt === "boolean" ? value.use_default_system_prompt : undefined,
		],
	]);
}

function config(value: unknown): ModelConfig | undefined {
	if (!isObject(value)) return undefined;
	const checked: Record<string, (item: unknown) => unknown> = {
		architectures: strings,
		model_type: str,
		adapter_transformers: (item) => objectOf(item, { model_class: str, model_name: str }),
		diffusers: (item) => objectOf(item, { _class_name: str }),
		keras_hub: (item) => objectOf(item, { tasks: strings }),
		peft: (item) => objectOf(item, { base_model_name_or_path: str, task_type: str }),
		sklearn: (item) =>
			objectOf(item, { model: (model) => objectOf(model, { file: str }), model_format: str, filename: str }),
		speechbrain: (item) => objectOf(item, { interface: str }),
		tokenizer_config: tokenizerConfig,
		gguf: (item) => objectOf(item, { architecture: str, context_length: num, chat_template: str, total: num }),
	};
	// Keys we do not know are passed through untouched: nothing reads them typed.
	return defined(Object.entries(value).map(([key, item]) => [key, key in checked ? checked[key]?.(item) : item]));
}

const message = (item: unknown) => (isObject(item) && typeof item.role === "string" ? item : undefined);
const columns = (item: unknown) =>
	isObject(item) && Object.values(item).every((column) => Array.isArray(column)) ? item : undefined;

function widgetExample(value: unknown): WidgetExample | undefined {
	if (!isObject(value)) return undefined;
	return defined([
		...[
			"text",
			"context",
			"source_sentence",
			"candidate_labels",
			"query",
			"src",
			"prompt",
			"example_title",
			"group",
		].map((key): [string, unknown] => [key, str(value[key])]),
		["sentences", strings(value.sentences)],
		["multi_class", typeof value.multi_class === "boolean" ? value.multi_class : undefined],
		["table", columns(value.table)],
		["structured_data", columns(value.structured_data)],
		["messages", Array.isArray(value.messages) ? value.messages.filter(message) : undefined],
		["output", value.output],
	]);
}

function cardData(value: unknown): CardData | undefined {
	if (!isObject(value)) return undefined;
	const base = value.base_model;
	return {
		...value,
		base_model: str(base) ?? strings(base),
		instance_prompt: value.instance_prompt === null ? null : str(value.instance_prompt),
		license: str(value.license),
		language: str(value.language) ?? strings(value.language),
		tags: strings(value.tags),
	};
}

function transformersInfo(value: unknown): TransformersInfo | undefined {
	if (!isObject(value) || typeof value.auto_model !== "string") return undefined;
	return objectOf(value, {
		auto_model: str,
		custom_class: str,
		processor: str,
		pipeline_tag: str,
	}) as unknown as TransformersInfo;
}

function normalise(record: Json): ModelData {
	const widgets = Array.isArray(record.widgetData)
		? record.widgetData.map(widgetExample).filter((item): item is WidgetExample => item !== undefined)
		: undefined;
	const siblings = Array.isArray(record.siblings)
		? record.siblings.filter(
				(item): item is { rfilename: string } => isObject(item) && typeof item.rfilename === "string",
			)
		: undefined;
	return defined([
		["id", typeof record.id === "string" ? record.id : String(record.id ?? "")],
		["tags", strings(record.tags)],
		["pipeline_tag", str(record.pipeline_tag) as PipelineType | undefined],
		["library_name", str(record.library_name)],
		["cardData", cardData(record.cardData)],
		["widgetData", widgets],
		["transformersInfo", transformersInfo(record.transformersInfo)],
		["config", config(record.config)],
		["siblings", siblings],
		["private", typeof record.private === "boolean" ? record.private : undefined],
		[
			"gated",
			record.gated === "auto" || record.gated === "manual" || record.gated === false ? record.gated : undefined,
		],
	]);
}

const cache = new WeakMap<object, ModelData>();
// A page asks every library about the same record in a row: remember the last one.
let lastRecord: object | undefined;
let lastModel: ModelData | undefined;

/** A record with every field of the type `ModelData` promises. */
export function toModelData(record: unknown): ModelData {
	if (record === lastRecord && lastModel) return lastModel;
	if (!isObject(record)) return { id: String(record ?? "") };
	let model = cache.get(record);
	if (!model) {
		model = normalise(record);
		cache.set(record, model);
	}
	lastRecord = record;
	lastModel = model;
	return model;
}
