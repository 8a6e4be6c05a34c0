/**
 * The shape of one record in the sample catalogue's data files (data/*.json): a
 * few lines of facts about a model, which the builders (model.ts) turn into a
 * full `SeedModel`. The schema is the type: every field is checked when a file
 * is read (read-specs.ts), unknown fields included, so a typo fails loudly with
 * the file and the field's path instead of quietly building a different record.
 */
import {
	isModelLibraryKey,
	isPipelineType,
	type ModelLibraryKey,
	type PipelineType,
	type WidgetExample,
} from "@hubkit/tasks";
import { z } from "zod";
import { CHAT_FORMATS, type ChatFamily } from "./chat-formats.js";

const CHAT_FAMILIES = Object.keys(CHAT_FORMATS) as [ChatFamily, ...ChatFamily[]];

const pipelineType = z.custom<PipelineType>(
	(value) => typeof value === "string" && isPipelineType(value),
	"not a pipeline tag of @hubkit/tasks",
);
const libraryKey = z.custom<ModelLibraryKey>(
	(value) => typeof value === "string" && isModelLibraryKey(value),
	"not a library key of @hubkit/tasks",
);
const text = z.string().min(1);

/** The widget example fields @hubkit/tasks knows; any other key is a typo. */
const widgetFields = z
	.strictObject({
		text: z.string(),
		context: z.string(),
		source_sentence: z.string(),
		sentences: z.array(z.string()),
		candidate_labels: z.string(),
		multi_class: z.boolean(),
		table: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
		structured_data: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
		query: z.string(),
		src: z.string(),
		prompt: z.string(),
		messages: z.array(z.object({ role: z.string(), content: z.unknown() })),
		example_title: z.string(),
		group: z.string(),
		output: z.unknown(),
	})
	.partial();

/** Checked against widgetFields, but kept as written: its keys' order is the card's. */
const widgetExample = z.record(z.string(), z.unknown()).superRefine((value, context) => {
	const checked = widgetFields.safeParse(value);
	for (const issue of checked.error?.issues ?? []) {
		context.addIssue({ code: "custom", message: issue.message, path: issue.path });
	}
});

/** `together`, `novita:staging`, `wavespeed>image-to-image`, `fal-ai=fal-ai/flux/dev` (see mappings.ts). */
const PROVIDER_ENTRY = /^[a-z0-9-]+(:staging)?(>[a-z0-9-]+)?(=.+)?$/;

export const specSchema = z.strictObject({
	/** `author/name`. */
	id: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be author/name"),
	task: pipelineType,
	library: libraryKey.optional(),
	/** `config.architectures[0]`. */
	arch: text.optional(),
	/** `config.model_type`. */
	type: text.optional(),
	/** Parameter count: "86M", "2.6B". Sizes the weight files. */
	params: z.string().regex(/^\d+(\.\d+)?[KMB]$/, 'must be a count like "86M" or "2.6B"'),
	/** How weights are stored; bf16 when absent. */
	dtype: z.enum(["f32", "f16", "bf16", "fp8", "mxfp4"]).optional(),
	license: text,
	languages: z.array(text).optional(),
	datasets: z.array(text).optional(),
	base: text.optional(),
	/** How this model relates to `base`; tags `base_model:<relation>:<base>`. */
	relation: z.enum(["finetune", "quantized", "adapter", "merge"]).optional(),
	tags: z.array(text).optional(),
	/** Chat template family (chat-formats.ts): makes it a chat model. */
	chat: z.enum(CHAT_FAMILIES).optional(),
	/** Popularity tier, 1 (niche) … 5 (very well known): scales the sample downloads and likes. */
	pop: z.literal([1, 2, 3, 4, 5]),
	/** Creation day, YYYY-MM-DD. */
	created: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day, YYYY-MM-DD"),
	/** The body of the model card: a few sentences, our own words. */
	card: text,
	/** Widget examples; the task's default examples when absent. */
	widget: z.array(widgetExample).optional(),
	/**
	 * Third-party providers that serve the model, in preference order (see mappings.ts for the
	 * forms). Never hf-inference: that is this hub's own runtime, and the loader maps a model to it
	 * exactly when the runtime can run it (seed/seed-capability.ts).
	 */
	providers: z
		.array(
			z
				.string()
				.regex(PROVIDER_ENTRY, "must be provider[:staging][>task][=provider id]")
				.refine(
					(entry) => !/^hf-inference(?![\w-])/.test(entry),
					"hf-inference is this hub's own runtime: the loader adds it when the runtime can run the model",
				),
		)
		.optional(),
	/**
	 * How the files are laid out. Default: transformers → "transformers", sentence-transformers
	 * → its own, diffusers → "diffusers", else "files" (README, config.json, `files`).
	 * "legacy" adds pytorch_model.bin and tf_model.h5 to the transformers layout.
	 */
	layout: z.enum(["transformers", "legacy", "sentence-transformers", "diffusers", "files"]).optional(),
	/** Weight or other files, [path, size in bytes]: placeholders of that size, added to any layout. */
	files: z.array(z.tuple([text, z.number().int().positive()])).optional(),
	/** Merged into the generated config. */
	config: z.record(z.string(), z.unknown()).optional(),
	/** transformersInfo overrides. */
	autoModel: text.optional(),
	processor: text.optional(),
	/** Ships its own modelling code (tags `custom_code`, adds a modeling file). */
	custom: z.boolean().optional(),
	/** Also ships ONNX exports (tags `onnx`, `transformers.js`). */
	onnx: z.boolean().optional(),
	/** Diffusers: pipeline class, and the folder of the denoiser. */
	pipeline: text.optional(),
	denoiser: z.enum(["transformer", "unet"]).optional(),
	/** Card's `instance_prompt` (LoRA trigger words). */
	instancePrompt: text.optional(),
	/** A LoRA adapter: the weights file providers load on top of the base model (must be in `files`). */
	loraWeights: text.optional(),
	private: z.boolean().optional(),
	gated: z.union([z.literal(false), z.enum(["auto", "manual"])]).optional(),
});

/** One data file: what its records are, and the records. */
export const specFileSchema = z.strictObject({
	description: text,
	models: z.array(specSchema),
});

type ParsedSpec = z.infer<typeof specSchema>;

/** A record as the builders take it; widget examples typed as @hubkit/tasks types them. */
export type Spec = Omit<ParsedSpec, "widget"> & { widget?: WidgetExample[] };
export type Dtype = NonNullable<Spec["dtype"]>;
export type Layout = NonNullable<Spec["layout"]>;
export type Popularity = Spec["pop"];
