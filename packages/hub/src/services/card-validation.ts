/**
 * `POST /api/validate-yaml`: what is wrong with a README's front matter before it is committed.
 * huggingface_hub calls it before every commit that adds a root README.md and reads `errors`
 * (a 400 becomes a ValueError that names them) and `warnings` (each a UserWarning).
 * Errors are what would make the card unreadable or mislabel the repository; warnings are
 * what the hub ignores.
 */
import { PIPELINE_DATA } from "@hubkit/tasks";
import { parseDocument } from "yaml";

export interface CardProblem {
	message: string;
}

export interface CardValidation {
	errors: CardProblem[];
	warnings: CardProblem[];
}

/** As repo-record.ts reads cards: a larger front matter is ignored there, so it is an error here. */
const MAX_FRONT_MATTER_BYTES = 64 * 1024;

type FieldRule = "string" | "strings" | "boolean" | "list" | "task" | "tasks";

const COMMON_FIELDS: Record<string, FieldRule> = {
	license: "strings",
	license_name: "string",
	license_link: "string",
	language: "strings",
	tags: "strings",
	pretty_name: "string",
	thumbnail: "string",
	extra_gated_prompt: "string",
	extra_gated_fields: "list",
};

/** `space` cards are checked for the fields every card shares (this hub hosts no spaces, clients may still ask). */
export type CardType = "model" | "dataset" | "space";

const FIELDS: Record<CardType, Record<string, FieldRule>> = {
	model: {
		...COMMON_FIELDS,
		library_name: "string",
		pipeline_tag: "task",
		datasets: "strings",
		metrics: "strings",
		base_model: "strings",
		base_model_relation: "string",
		new_version: "string",
		widget: "list",
		"model-index": "list",
	},
	dataset: {
		...COMMON_FIELDS,
		task_categories: "tasks",
		task_ids: "strings",
		size_categories: "strings",
		source_datasets: "strings",
		annotations_creators: "strings",
		language_creators: "strings",
		multilinguality: "strings",
		paperswithcode_id: "string",
		configs: "list",
		dataset_info: "list",
		viewer: "boolean",
	},
	space: COMMON_FIELDS,
};

const isTask = (value: unknown) => typeof value === "string" && Object.hasOwn(PIPELINE_DATA, value);

/** Why `value` breaks `rule`, or undefined. */
function fieldProblem(name: string, rule: FieldRule, value: unknown): string | undefined {
	const list = Array.isArray(value) ? value : [value];
	switch (rule) {
		case "string":
			return typeof value === "string" ? undefined : `"${name}" must be a string`;
		case "strings":
			return list.every((item) => typeof item === "string")
				? undefined
				: `"${name}" must be a string or a list of strings`;
		case "boolean":
			return typeof value === "boolean" ? undefined : `"${name}" must be true or false`;
		case "list":
			return Array.isArray(value) || (name === "dataset_info" && typeof value === "object" && value !== null)
				? undefined
				: `"${name}" must be a list`;
		case "task":
			return isTask(value) ? undefined : `"${name}" must be a pipeline task id, such as text-classification`;
		case "tasks":
			return list.every(isTask) ? undefined : `"${name}" must list pipeline task ids, such as text-classification`;
	}
}

/** The errors and warnings of `content` (a whole README.md) as a card of a `repoType` repository. */
export function validateCard(content: string, repoType: CardType): CardValidation {
	const errors: CardProblem[] = [];
	const warnings: CardProblem[] = [];
	const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(content);
	if (!match) {
		warnings.push({ message: "empty or missing yaml metadata in repo card" });
		return { errors, warnings };
	}
	const yaml = match[1] ?? "";
	if (Buffer.byteLength(yaml) > MAX_FRONT_MATTER_BYTES) {
		errors.push({ message: `The YAML metadata is over ${MAX_FRONT_MATTER_BYTES / 1024} KiB` });
		return { errors, warnings };
	}
	const document = parseDocument(yaml, { schema: "core", prettyErrors: false, logLevel: "error" });
	if (document.errors.length > 0) {
		for (const error of document.errors.slice(0, 5)) {
			// The README's line: the front matter starts on line 2, after the opening `---`.
			const line = yaml.slice(0, error.pos[0]).split("\n").length + 1;
			errors.push({ message: `Invalid YAML (line ${line}): ${error.message.split("\n")[0]}` });
		}
		return { errors, warnings };
	}
	const data: unknown = document.toJS({ maxAliasCount: 100 });
	if (data === null || data === undefined) {
		warnings.push({ message: "empty or missing yaml metadata in repo card" });
		return { errors, warnings };
	}
	if (typeof data !== "object" || Array.isArray(data)) {
		errors.push({ message: "The YAML metadata must be a mapping of keys to values" });
		return { errors, warnings };
	}
	const fields = FIELDS[repoType];
	for (const [name, value] of Object.entries(data)) {
		const rule = fields[name];
		if (!rule || value === null) continue;
		const problem = fieldProblem(name, rule, value);
		if (problem) errors.push({ message: problem });
	}
	return { errors, warnings };
}
