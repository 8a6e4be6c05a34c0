/**
 * The model tree: which models a model is made from (`base_model` in its card)
 * and how (`base_model_relation`, or worked out from its files as huggingface.co
 * does: an adapter's config → adapter, GGUF weights → quantized, several bases →
 * merge, else finetune). The record keeps it as tags, `base_model:<id>` and
 * `base_model:<relation>:<id>` (repo-record.ts, and the seed catalogue the same
 * way), so `filter=base_model:…` lists a model's children, `baseModels` is read
 * from the tags, and `childrenModelCount` is one indexed count over them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export const BASE_MODEL_RELATIONS = ["adapter", "merge", "quantized", "finetune"] as const;
export type BaseModelRelation = (typeof BASE_MODEL_RELATIONS)[number];

const isRelation = (value: unknown): value is BaseModelRelation =>
	typeof value === "string" && (BASE_MODEL_RELATIONS as readonly string[]).includes(value);

/** The card's relation when it names a known one, else the one the files and the number of bases imply. */
export function baseModelRelation(
	statedRelation: unknown,
	bases: readonly string[],
	paths: readonly string[],
): BaseModelRelation {
	if (isRelation(statedRelation)) return statedRelation;
	if (paths.some((path) => path === "adapter_config.json" || path.endsWith("/adapter_config.json"))) return "adapter";
	if (paths.some((path) => path.toLowerCase().endsWith(".gguf"))) return "quantized";
	if (bases.length > 1) return "merge";
	return "finetune";
}

/** The tags a model's bases give it. */
export function baseModelTags(bases: readonly string[], relation: BaseModelRelation): string[] {
	return bases.flatMap((base) => [`base_model:${base}`, `base_model:${relation}:${base}`]);
}

/** `baseModels` of a model answer, from its tags: `{relation, models: [{id}]}`, or undefined without a base. */
export function baseModelsOf(
	tags: readonly string[],
): { relation: BaseModelRelation; models: { id: string }[] } | undefined {
	let relation: BaseModelRelation | undefined;
	const models: { id: string }[] = [];
	for (const tag of tags) {
		const match = /^base_model:([a-z]+):(.+)$/.exec(tag);
		if (!match || !isRelation(match[1])) continue;
		relation ??= match[1];
		if (match[1] === relation) models.push({ id: match[2] as string });
	}
	return relation === undefined ? undefined : { relation, models };
}

export type ChildrenCount = Partial<Record<BaseModelRelation, number>>;

/**
 * `childrenModelCount` of each model: how many public models name it as a base, by relation
 * (only the relations that occur). Public only, so the answer is the same for every caller
 * and can be cached.
 */
export async function childrenModelCounts(
	db: Kysely<Database>,
	ids: readonly string[],
): Promise<Map<string, ChildrenCount>> {
	const counts = new Map<string, ChildrenCount>(ids.map((id) => [id, {}]));
	if (ids.length === 0) return counts;
	const tags = ids.flatMap((id) => BASE_MODEL_RELATIONS.map((relation) => `base_model:${relation}:${id}`));
	const rows = await db
		.selectFrom("model_tags")
		.innerJoin("models", "models.id", "model_tags.model_id")
		.select(["model_tags.tag", (eb) => eb.fn.countAll<number>().as("count")])
		.where("model_tags.tag", "in", tags)
		.where("models.private", "=", 0)
		.groupBy("model_tags.tag")
		.execute();
	for (const row of rows) {
		const match = /^base_model:([a-z]+):(.+)$/.exec(row.tag);
		const count = match && isRelation(match[1]) ? counts.get(match[2] as string) : undefined;
		if (count && match) count[match[1] as BaseModelRelation] = Number(row.count);
	}
	return counts;
}
