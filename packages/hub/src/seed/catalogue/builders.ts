/**
 * Small builders that turn a few lines of facts about a model (a `Spec`) into a
 * full `SeedModel`: tags, config, card metadata, widget examples, a written card,
 * a plausible file list and provider mappings. The data files next to this one
 * (text.ts, vision.ts …) hold one short spec per model.
 *
 * Everything here is deterministic: numbers and times that vary between models
 * are derived from a hash of the model id, never from a clock or Math.random.
 */
import type { ModelLibraryKey, PipelineType, WidgetExample } from "@hubkit/tasks";
import { PIPELINE_DATA } from "@hubkit/tasks";
import type { SeedFile, SeedModel, SeedProviderMapping } from "../types.js";

/** How weights are stored: bytes per parameter. */
export type Dtype = "f32" | "f16" | "bf16" | "fp8" | "mxfp4";
const BYTES_PER_PARAM: Record<Dtype, number> = { f32: 4, f16: 2, bf16: 2, fp8: 1, mxfp4: 0.53 };

/** Chat template families; each has a short template of our own (see CHAT_FORMATS). */
export type ChatFamily = "chatml" | "gemma" | "mistral" | "llama3" | "deepseek" | "glm" | "harmony" | "smol";

/** How the repository's files are laid out. */
export type Layout =
	/** config.json, tokenizer files, safetensors (sharded with an index when large). */
	| "transformers"
	/** Like transformers, plus the older pytorch_model.bin / tf_model.h5 copies. */
	| "legacy"
	| "sentence-transformers"
	/** model_index.json and one folder per pipeline component. */
	| "diffusers"
	/** README, an optional config.json and the files listed in `files`. */
	| "files";

export interface Spec {
	id: string;
	task: PipelineType;
	library?: ModelLibraryKey;
	/** `config.architectures[0]`. */
	arch?: string;
	/** `config.model_type`. */
	type?: string;
	/** Parameter count: "86M", "2.6B". Sizes the weight files. */
	params: string;
	dtype?: Dtype;
	license: string;
	languages?: string[];
	datasets?: string[];
	base?: string;
	/** How this model relates to `base`; tags `base_model:<relation>:<base>`. */
	relation?: "finetune" | "quantized" | "adapter" | "merge";
	tags?: string[];
	chat?: ChatFamily;
	/** Popularity tier, 1 (niche) … 5 (very well known): scales the sample downloads and likes. */
	pop: 1 | 2 | 3 | 4 | 5;
	/** Creation day, YYYY-MM-DD. */
	created: string;
	/** The body of the model card: a few sentences, our own words. */
	card: string;
	/** Widget examples; the task's default examples when absent. */
	widget?: WidgetExample[];
	/**
	 * Providers that serve the model, in preference order: `"together"`,
	 * `"novita:staging"`, `"fal-ai=fal-ai/flux/dev"` (explicit provider id).
	 */
	providers?: string[];
	/** Defaults: transformers → "transformers", sentence-transformers → its own, diffusers → "diffusers", else "files". */
	layout?: Layout;
	/** Weight or other files, [path, size in bytes]; for "files" layout, or added to any layout. */
	files?: [string, number][];
	/** Merged into the generated config. */
	config?: Record<string, unknown>;
	/** transformersInfo overrides. */
	autoModel?: string;
	processor?: string;
	/** Ships its own modelling code (tags `custom_code`, adds a modeling file). */
	custom?: boolean;
	/** Also ships ONNX exports (tags `onnx`, `transformers.js`). */
	onnx?: boolean;
	/** Diffusers: pipeline class, and the folder of the denoiser. */
	pipeline?: string;
	denoiser?: "transformer" | "unet";
	/** Card's `instance_prompt` (LoRA trigger words). */
	instancePrompt?: string;
	/** A LoRA adapter: the weights file providers load on top of the base model (must be in `files`). */
	loraWeights?: string;
	private?: boolean;
	gated?: false | "auto" | "manual";
}

// ---------------------------------------------------------------------------
// Deterministic numbers

/** FNV-1a, 32 bits: a stable number per string. */
export function hash(text: string, salt = 0): number {
	let h = (0x811c9dc5 ^ salt) >>> 0;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h;
}

/** A number in [0, 1) per string and salt. */
const unit = (text: string, salt: number) => hash(text, salt) / 2 ** 32;

const DOWNLOAD_RANGES: Record<Spec["pop"], [number, number]> = {
	1: [40, 2_500],
	2: [2_500, 40_000],
	3: [40_000, 400_000],
	4: [400_000, 3_000_000],
	5: [3_000_000, 40_000_000],
};

/** Sample download and like counts: log-uniform inside the tier's range. */
export function sampleCounts(id: string, pop: Spec["pop"]): { downloads: number; likes: number } {
	const [low, high] = DOWNLOAD_RANGES[pop];
	const downloads = Math.round(low * (high / low) ** unit(id, 1));
	// Likes grow much slower than downloads; well-known models collect more per download.
	const likes = Math.max(1, Math.round(downloads ** 0.55 * (0.4 + unit(id, 2)) * (1 + pop / 2)));
	return { downloads, likes };
}

/** The day the catalogue is dated at: no lastModified goes past it. */
export const CATALOGUE_DATE = "2025-12-01T00:00:00.000Z";
const DAY = 86_400_000;

/** createdAt at a deterministic time of that day; lastModified some weeks or months later. */
export function sampleDates(id: string, created: string): { createdAt: string; lastModified: string } {
	const start = Date.parse(`${created}T00:00:00.000Z`) + Math.floor(unit(id, 3) * DAY);
	if (Number.isNaN(start)) throw new Error(`${id}: bad creation day ${created}`);
	const end = Math.min(start + Math.floor(unit(id, 4) * 240 * DAY), Date.parse(CATALOGUE_DATE) - 1000);
	const createdAt = new Date(Math.floor(start / 1000) * 1000).toISOString();
	const lastModified = new Date(Math.max(Math.floor(end / 1000) * 1000, Date.parse(createdAt))).toISOString();
	return { createdAt, lastModified };
}

/** "86M" → 86e6, "2.6B" → 2.6e9. */
export function parseParams(params: string): number {
	const match = /^(\d+(?:\.\d+)?)([KMB])$/.exec(params);
	if (!match) throw new Error(`bad parameter count ${params}`);
	const scale = { K: 1e3, M: 1e6, B: 1e9 }[match[2] as "K" | "M" | "B"];
	return Math.round(Number(match[1]) * scale);
}

/** A size near `bytes`, varied a little per file so sizes do not look computed. */
const near = (bytes: number, key: string) => Math.max(1, Math.round(bytes * (0.97 + 0.06 * unit(key, 5))));

// ---------------------------------------------------------------------------
// Chat templates (our own, short)

interface ChatFormat {
	template: string;
	bos: string;
	eos: string;
}

/**
 * Joins template lines. Every tag trims the whitespace around it (`{%- … -%}`),
 * so the line breaks between these lines never reach the prompt; the breaks a
 * format needs are written inside string expressions (`'\n'`).
 */
const jinja = (...lines: string[]) => lines.join("\n");

/** The message's text: a string, or the parts of a multimodal message with `<image>` for pictures. */
const CONTENT = jinja(
	"{%- if m.content is string -%}{{ m.content }}",
	"{%- else -%}{%- for part in m.content -%}",
	"{%- if part.type == 'text' -%}{{ part.text }}{%- else -%}{{ '<image>' }}{%- endif -%}",
	"{%- endfor -%}{%- endif -%}",
);

export const CHAT_FORMATS: Record<ChatFamily, ChatFormat> = {
	chatml: {
		bos: "<|endoftext|>",
		eos: "<|im_end|>",
		template: jinja(
			"{%- for m in messages -%}",
			"{{ '<|im_start|>' + m.role + '\\n' }}",
			CONTENT,
			"{{ '<|im_end|>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}",
		),
	},
	gemma: {
		bos: "<bos>",
		eos: "<eos>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- set role = 'model' if m.role == 'assistant' else 'user' -%}",
			"{{ '<start_of_turn>' + role + '\\n' }}",
			CONTENT,
			"{{ '<end_of_turn>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<start_of_turn>model\\n' }}{%- endif -%}",
		),
	},
	mistral: {
		bos: "<s>",
		eos: "</s>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- if m.role == 'assistant' -%}",
			CONTENT,
			"{{ eos_token }}",
			"{%- else -%}",
			"{{ '[INST] ' }}",
			CONTENT,
			"{{ ' [/INST]' }}",
			"{%- endif -%}",
			"{%- endfor -%}",
		),
	},
	llama3: {
		bos: "<|begin_of_text|>",
		eos: "<|eot_id|>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{{ '<|start_header_id|>' + m.role + '<|end_header_id|>\\n\\n' }}",
			CONTENT,
			"{{ '<|eot_id|>' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|start_header_id|>assistant<|end_header_id|>\\n\\n' }}{%- endif -%}",
		),
	},
	deepseek: {
		bos: "<｜begin▁of▁sentence｜>",
		eos: "<｜end▁of▁sentence｜>",
		template: jinja(
			"{{ bos_token }}",
			"{%- for m in messages -%}",
			"{%- if m.role == 'user' -%}{{ '<｜User｜>' }}{%- elif m.role == 'assistant' -%}{{ '<｜Assistant｜>' }}{%- endif -%}",
			CONTENT,
			"{%- if m.role == 'assistant' -%}{{ eos_token }}{%- endif -%}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<｜Assistant｜><think>\\n' }}{%- endif -%}",
		),
	},
	glm: {
		bos: "[gMASK]<sop>",
		eos: "<|endoftext|>",
		template: jinja(
			"{{ '[gMASK]<sop>' }}",
			"{%- for m in messages -%}",
			"{{ '<|' + m.role + '|>\\n' }}",
			CONTENT,
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|assistant|>\\n' }}{%- endif -%}",
		),
	},
	harmony: {
		bos: "<|startoftext|>",
		eos: "<|return|>",
		template: jinja(
			"{%- for m in messages -%}",
			"{{ '<|start|>' + m.role + '<|message|>' }}",
			CONTENT,
			"{{ '<|end|>' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ '<|start|>assistant' }}{%- endif -%}",
		),
	},
	smol: {
		bos: "<|im_start|>",
		eos: "<end_of_utterance>",
		template: jinja(
			"{{ '<|im_start|>' }}",
			"{%- for m in messages -%}",
			"{{ (m.role | capitalize) + ': ' }}",
			CONTENT,
			"{{ '<end_of_utterance>\\n' }}",
			"{%- endfor -%}",
			"{%- if add_generation_prompt -%}{{ 'Assistant:' }}{%- endif -%}",
		),
	},
};

// ---------------------------------------------------------------------------
// Widget examples (our own sample inputs)

/** Demo media shipped with @hubkit/tasks (packages/tasks/assets/demo), as the hub serves them. */
export const DEMO_MEDIA_BASE = "/assets/demo/";
export const media = (file: string) => `${DEMO_MEDIA_BASE}${file}`;

const CHAT_WIDGET: WidgetExample[] = [
	{ messages: [{ role: "user", content: "Suggest three names for a bakery that opens at dawn." }] },
];

/** Chat widgets: a picture and a question for models that see, a plain request otherwise. */
function chatWidget(task: PipelineType): WidgetExample[] {
	return PIPELINE_DATA[task].modality === "nlp" ? CHAT_WIDGET : (DEFAULT_WIDGETS["image-text-to-text"] ?? CHAT_WIDGET);
}

export const DEFAULT_WIDGETS: Partial<Record<PipelineType, WidgetExample[]>> = {
	"text-classification": [{ text: "The delivery was late, but the support team sorted it out quickly." }],
	"token-classification": [{ text: "Ingrid Larsen moved from Bergen to Toronto to work for Hydro-Québec." }],
	"zero-shot-classification": [
		{ text: "The battery drains in two hours.", candidate_labels: "hardware, billing, shipping", multi_class: false },
	],
	"question-answering": [
		{
			text: "When was the lighthouse built?",
			context: "The lighthouse on the northern cape was built in 1874 and automated a century later.",
		},
	],
	"table-question-answering": [
		{
			text: "Which team scored the most goals?",
			table: { Team: ["Harbour FC", "Valley United", "Northside"], Goals: ["41", "37", "52"] },
		},
	],
	"fill-mask": [{ text: "The capital of Kenya is <mask>." }],
	translation: [{ text: "The museum is closed on Mondays." }],
	summarization: [
		{
			text: "The city library will extend its opening hours from next month. Reading rooms will stay open until ten in the evening on weekdays, and a new study area with forty desks will open on the second floor. Staff said the change follows a survey in which most students asked for later hours.",
		},
	],
	"text2text-generation": [{ text: "Answer the question: what do bees make?" }],
	"text-generation": [{ text: "A good habit to start this year is" }],
	"feature-extraction": [{ text: "Tea plantations cover the hills around the town." }],
	"sentence-similarity": [
		{
			source_sentence: "The meeting has been moved to Thursday.",
			sentences: [
				"We will meet on Thursday instead.",
				"The cafeteria serves soup on Thursdays.",
				"The meeting is cancelled.",
			],
		},
	],
	"text-ranking": [
		{
			source_sentence: "how long do tortoises live",
			sentences: [
				"Many tortoise species live well over a hundred years.",
				"Tortoises eat grasses, leaves and flowers.",
			],
		},
	],
	"text-retrieval": [{ text: "How do I reset my router to factory settings?" }],
	"audio-classification": [{ src: media("audio-classification-input.wav"), example_title: "Short clip" }],
	"automatic-speech-recognition": [{ src: media("automatic-speech-recognition-input.wav"), example_title: "Speech" }],
	"audio-to-audio": [{ src: media("audio-to-audio-input.wav"), example_title: "Noisy mixture" }],
	"voice-activity-detection": [{ src: media("voice-activity-detection-input.wav") }],
	"text-to-speech": [{ text: "The kettle has boiled; would you like some tea?" }],
	"text-to-audio": [{ text: "Upbeat acoustic guitar with light hand claps" }],
	"image-classification": [{ src: media("image-classification-input.png"), example_title: "Photo" }],
	"zero-shot-image-classification": [
		{ src: media("zero-shot-image-classification-input.png"), candidate_labels: "bicycle, tram, horse" },
	],
	"object-detection": [{ src: media("object-detection-input.png") }],
	"zero-shot-object-detection": [
		{ src: media("zero-shot-object-detection-input.png"), candidate_labels: "cup, laptop" },
	],
	"image-segmentation": [{ src: media("image-segmentation-input.png") }],
	"mask-generation": [{ src: media("mask-generation-input.png") }],
	"keypoint-detection": [{ src: media("keypoint-detection-input.png") }],
	"depth-estimation": [{ src: media("depth-estimation-input.png") }],
	"image-to-text": [{ src: media("image-to-text-input.png") }],
	"text-to-image": [{ text: "A red fox reading a map in a snowy forest, storybook style" }],
	"image-to-image": [{ src: media("image-to-image-input.png"), prompt: "Turn it into a pencil sketch" }],
	"unconditional-image-generation": [],
	"image-feature-extraction": [{ src: media("image-feature-extraction-input.png") }],
	"video-classification": [{ src: media("video-classification-input.png") }],
	"text-to-video": [{ text: "A hot-air balloon rising over green hills at sunrise" }],
	"image-to-video": [{ src: media("image-to-video-input.png"), prompt: "Leaves sway gently in the wind" }],
	"video-to-video": [{ src: media("video-to-video-input.png"), prompt: "Make the scene look like winter" }],
	"text-to-3d": [{ text: "A small wooden rocking chair" }],
	"image-to-3d": [{ src: media("image-to-3d-input.png") }],
	"document-question-answering": [
		{ src: media("document-question-answering-input.png"), text: "What is the due date?" },
	],
	"visual-question-answering": [
		{ src: media("visual-question-answering-input.png"), text: "What colour is the door?" },
	],
	"image-text-to-image": [{ src: media("image-text-to-image-input.png"), prompt: "Add a rainbow over the hills" }],
	"image-text-to-video": [{ src: media("image-text-to-video-input.png"), prompt: "The waves roll onto the beach" }],
	"image-text-to-text": [
		{
			messages: [
				{
					role: "user",
					content: [
						{ type: "image_url", image_url: { url: media("image-text-to-text-input.png") } },
						{ type: "text", text: "What is happening in this picture?" },
					],
				},
			],
		},
	],
	"video-text-to-text": [{ src: media("video-text-to-text-input.png"), text: "What happens in this clip?" }],
	"any-to-any": [{ src: media("any-to-any-input.png"), text: "Describe the picture, then read it aloud." }],
	"tabular-classification": [{ structured_data: { age: [52, 38], income: [41000, 67000], tenure_months: [14, 60] } }],
	"tabular-regression": [
		{
			structured_data: {
				Species: ["Bream", "Perch"],
				Length1: [23.2, 19.0],
				Height: [11.52, 5.22],
				Width: [4.02, 3.32],
			},
		},
	],
	"time-series-forecasting": [],
	"reinforcement-learning": [],
};

// ---------------------------------------------------------------------------
// transformers integration

export const AUTO_MODEL: Partial<Record<PipelineType, string>> = {
	"text-classification": "AutoModelForSequenceClassification",
	"token-classification": "AutoModelForTokenClassification",
	"zero-shot-classification": "AutoModelForSequenceClassification",
	"question-answering": "AutoModelForQuestionAnswering",
	"table-question-answering": "AutoModelForTableQuestionAnswering",
	"fill-mask": "AutoModelForMaskedLM",
	translation: "AutoModelForSeq2SeqLM",
	summarization: "AutoModelForSeq2SeqLM",
	"text2text-generation": "AutoModelForSeq2SeqLM",
	"text-generation": "AutoModelForCausalLM",
	"text-ranking": "AutoModelForSequenceClassification",
	"audio-classification": "AutoModelForAudioClassification",
	"automatic-speech-recognition": "AutoModelForSpeechSeq2Seq",
	"text-to-speech": "AutoModelForTextToWaveform",
	"text-to-audio": "AutoModelForTextToWaveform",
	"image-classification": "AutoModelForImageClassification",
	"zero-shot-image-classification": "AutoModelForZeroShotImageClassification",
	"object-detection": "AutoModelForObjectDetection",
	"zero-shot-object-detection": "AutoModelForZeroShotObjectDetection",
	"image-segmentation": "AutoModelForImageSegmentation",
	"mask-generation": "AutoModelForMaskGeneration",
	"keypoint-detection": "AutoModelForKeypointDetection",
	"depth-estimation": "AutoModelForDepthEstimation",
	"image-to-text": "AutoModelForVision2Seq",
	"video-classification": "AutoModelForVideoClassification",
	"document-question-answering": "AutoModelForDocumentQuestionAnswering",
	"visual-question-answering": "AutoModelForVisualQuestionAnswering",
	"image-text-to-text": "AutoModelForImageTextToText",
	"video-text-to-text": "AutoModelForImageTextToText",
};

export function defaultProcessor(task: PipelineType): string {
	const modality = PIPELINE_DATA[task].modality;
	if (task === "audio-classification") return "AutoFeatureExtractor";
	if (modality === "nlp") return "AutoTokenizer";
	if (modality === "cv") return "AutoImageProcessor";
	return "AutoProcessor";
}

// ---------------------------------------------------------------------------
// Front matter

const PLAIN = /^[A-Za-z0-9][A-Za-z0-9 ._/()+-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|~|[-+]?[\d.]+(e[-+]?\d+)?)$/i;

function scalar(value: unknown): string {
	if (typeof value === "string") return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
	if (value === null || value === undefined) return "null";
	return String(value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** A small YAML writer for card metadata: scalars, lists and maps, block style. */
export function toYaml(value: Record<string, unknown>, indent = ""): string {
	const lines: string[] = [];
	for (const [key, item] of Object.entries(value)) {
		if (item === undefined) continue;
		if (Array.isArray(item)) {
			if (item.length === 0) {
				lines.push(`${indent}${key}: []`);
				continue;
			}
			lines.push(`${indent}${key}:`);
			for (const element of item) {
				if (isPlainObject(element)) {
					const block = toYaml(element, `${indent}  `);
					lines.push(`${indent}- ${block.slice(indent.length + 2)}`);
				} else if (Array.isArray(element)) {
					lines.push(`${indent}- ${JSON.stringify(element)}`);
				} else {
					lines.push(`${indent}- ${scalar(element)}`);
				}
			}
		} else if (isPlainObject(item)) {
			lines.push(`${indent}${key}:`);
			lines.push(toYaml(item, `${indent}  `));
		} else {
			lines.push(`${indent}${key}: ${scalar(item)}`);
		}
	}
	return lines.join("\n");
}

// ---------------------------------------------------------------------------
// Files

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const GB = 1e9;
/** Shard size used by the safetensors writers: large checkpoints are split near this. */
const SHARD_BYTES = 4.9 * GB;

/** `prefix-00001-of-00004.safetensors` … plus the index, or a single file when small. */
function safetensors(stem: string, bytes: number, id: string, folder = ""): SeedFile[] {
	if (bytes <= SHARD_BYTES) return [{ path: `${folder}${stem}.safetensors`, size: near(bytes, id + folder + stem) }];
	const count = Math.ceil(bytes / SHARD_BYTES);
	const pad = (n: number) => String(n).padStart(5, "0");
	const names = Array.from({ length: count }, (_, i) => `${stem}-${pad(i + 1)}-of-${pad(count)}.safetensors`);
	const files: SeedFile[] = names.map((name, i) => ({
		path: `${folder}${name}`,
		size: i === count - 1 ? Math.max(1, Math.round(bytes - SHARD_BYTES * (count - 1))) : Math.round(SHARD_BYTES),
	}));
	const weightMap: Record<string, string> = {};
	names.forEach((name, i) => {
		weightMap[`layers.${i}.weight`] = name;
	});
	files.push({
		path: `${folder}${stem}.safetensors.index.json`,
		content: json({ metadata: { total_size: Math.round(bytes) }, weight_map: weightMap }),
	});
	return files;
}

/** Tokenizer files, by the kind of vocabulary the model type uses. */
function tokenizerFiles(spec: Spec, tokenizerConfig: Record<string, unknown>, folder = ""): SeedFile[] {
	const type = spec.type ?? "";
	const large = /qwen|gemma|llama|mistral|glm|deepseek|gpt_oss|smolvlm|idefics|mllama|llava|omni|minicpm/.test(type);
	const files: SeedFile[] = [
		{ path: `${folder}tokenizer_config.json`, content: json(tokenizerConfig) },
		{ path: `${folder}tokenizer.json`, size: near(large ? 9_500_000 : 1_400_000, `${spec.id}tok`) },
		{
			path: `${folder}special_tokens_map.json`,
			content: json(Object.fromEntries(Object.entries(tokenizerConfig).filter(([key]) => key.endsWith("_token")))),
		},
	];
	if (/^(bert|distilbert|layoutlm|tapas|vilt|mpnet|new)$/.test(type)) {
		files.push({ path: `${folder}vocab.txt`, size: near(231_508, spec.id) });
	} else if (/^(roberta|bart|whisper|clip|x_clip|deberta|modernbert|gpt2|speecht5|musicgen|bark)$/.test(type)) {
		files.push({ path: `${folder}vocab.json`, size: near(898_823, spec.id) });
		files.push({ path: `${folder}merges.txt`, size: near(456_318, spec.id) });
	} else if (/^(t5|xlm-roberta|mbart|m2m_100|pix2struct|udop|deberta-v2|seamless_m4t_v2|siglip|gemma2)$/.test(type)) {
		files.push({
			path: `${folder}${/xlm|mbart|m2m/.test(type) ? "sentencepiece.bpe.model" : "spiece.model"}`,
			size: near(4_309_802, spec.id),
		});
	}
	return files;
}

function tokenizerConfigOf(spec: Spec, config: Record<string, unknown>): Record<string, unknown> {
	const fromConfig = config.tokenizer_config;
	if (isPlainObject(fromConfig)) return fromConfig;
	const type = spec.type ?? "";
	if (/bert|tapas|layoutlm|vilt|new/.test(type) && !/roberta|deberta|modernbert/.test(type))
		return { cls_token: "[CLS]", sep_token: "[SEP]", pad_token: "[PAD]", unk_token: "[UNK]", mask_token: "[MASK]" };
	if (/t5|pix2struct|udop/.test(type)) return { eos_token: "</s>", pad_token: "<pad>", unk_token: "<unk>" };
	return { bos_token: "<s>", eos_token: "</s>", pad_token: "<pad>", unk_token: "<unk>", mask_token: "<mask>" };
}

const GENERATIVE = new Set<PipelineType>([
	"text-generation",
	"text2text-generation",
	"translation",
	"summarization",
	"image-text-to-text",
	"video-text-to-text",
	"image-to-text",
	"any-to-any",
	"automatic-speech-recognition",
	"text-to-audio",
]);

const VISION_INPUT = new Set(["cv", "multimodal"]);

function transformersFiles(spec: Spec, config: Record<string, unknown>, bytes: number): SeedFile[] {
	const files: SeedFile[] = [{ path: "config.json", content: json(configFile(config)) }];
	if (GENERATIVE.has(spec.task)) {
		const tokenizer = config.tokenizer_config;
		const eos = isPlainObject(tokenizer) ? tokenizer.eos_token : undefined;
		files.push({
			path: "generation_config.json",
			content: json({ _from_model_config: true, ...(eos ? { eos_token: eos } : {}), transformers_version: "4.56.1" }),
		});
	}
	const modality = PIPELINE_DATA[spec.task].modality;
	if (modality !== "cv" || spec.task.includes("text") || spec.task.includes("zero-shot")) {
		files.push(...tokenizerFiles(spec, tokenizerConfigOf(spec, config)));
	}
	if (VISION_INPUT.has(modality) || spec.task === "video-classification") {
		files.push({
			path: "preprocessor_config.json",
			content: json({ do_resize: true, do_normalize: true, image_mean: [0.5, 0.5, 0.5], image_std: [0.5, 0.5, 0.5] }),
		});
	}
	if (modality === "audio") {
		files.push({
			path: "preprocessor_config.json",
			content: json({ feature_size: 80, sampling_rate: 16000, padding_value: 0.0, return_attention_mask: true }),
		});
	}
	files.push(...safetensors("model", bytes, spec.id));
	if (spec.layout === "legacy") {
		const f32 = bytes * (4 / BYTES_PER_PARAM[spec.dtype ?? "f32"]);
		files.push({ path: "pytorch_model.bin", size: near(f32, `${spec.id}bin`) });
		files.push({ path: "tf_model.h5", size: near(f32, `${spec.id}h5`) });
	}
	if (spec.custom) {
		const name = (spec.type ?? "custom").replace(/[^a-z0-9]+/gi, "_").toLowerCase();
		files.push({ path: `configuration_${name}.py`, size: near(9_000, `${spec.id}cfg`) });
		files.push({ path: `modeling_${name}.py`, size: near(48_000, `${spec.id}mod`) });
	}
	return files;
}

function sentenceTransformersFiles(spec: Spec, config: Record<string, unknown>, bytes: number): SeedFile[] {
	return [
		...transformersFiles({ ...spec, layout: "transformers" }, config, bytes),
		{
			path: "modules.json",
			content: json([
				{ idx: 0, name: "0", path: "", type: "sentence_transformers.models.Transformer" },
				{ idx: 1, name: "1", path: "1_Pooling", type: "sentence_transformers.models.Pooling" },
				{ idx: 2, name: "2", path: "2_Normalize", type: "sentence_transformers.models.Normalize" },
			]),
		},
		{ path: "sentence_bert_config.json", content: json({ max_seq_length: 512, do_lower_case: false }) },
		{
			path: "config_sentence_transformers.json",
			content: json({ __version__: { sentence_transformers: "5.1.0" }, prompts: {}, similarity_fn_name: "cosine" }),
		},
		{
			path: "1_Pooling/config.json",
			content: json({ word_embedding_dimension: config.hidden_size ?? 768, pooling_mode_mean_tokens: true }),
		},
	];
}

/** Component folders of a diffusers pipeline, with rough sizes. */
function diffusersFiles(spec: Spec, bytes: number): SeedFile[] {
	const denoiser = spec.denoiser ?? "transformer";
	const component = (name: string, className: string, weights: number): SeedFile[] => [
		{ path: `${name}/config.json`, content: json({ _class_name: className, _diffusers_version: "0.35.1" }) },
		...safetensors("diffusion_pytorch_model", weights, spec.id, `${name}/`),
	];
	const small = bytes < 2 * GB;
	const index: Record<string, unknown> = {
		_class_name: spec.pipeline ?? "DiffusionPipeline",
		_diffusers_version: "0.35.1",
		scheduler: ["diffusers", small ? "DDPMScheduler" : "FlowMatchEulerDiscreteScheduler"],
		[denoiser]: ["diffusers", denoiser === "unet" ? "UNet2DModel" : "Transformer2DModel"],
	};
	const files: SeedFile[] = [
		{
			path: "scheduler/scheduler_config.json",
			content: json({ _class_name: index.scheduler, num_train_timesteps: 1000 }),
		},
		...component(denoiser, denoiser === "unet" ? "UNet2DConditionModel" : "Transformer2DModel", bytes),
	];
	if (!small) {
		index.vae = ["diffusers", "AutoencoderKL"];
		index.text_encoder = ["transformers", "T5EncoderModel"];
		index.tokenizer = ["transformers", "T5TokenizerFast"];
		files.push(...component("vae", "AutoencoderKL", near(167_666_902, spec.id)));
		files.push({
			path: "text_encoder/config.json",
			content: json({ architectures: ["T5EncoderModel"], model_type: "t5" }),
		});
		files.push(...safetensors("model", 9.52 * GB, spec.id, "text_encoder/"));
		files.push({ path: "tokenizer/tokenizer_config.json", content: json({ eos_token: "</s>", pad_token: "<pad>" }) });
		files.push({ path: "tokenizer/spiece.model", size: near(791_656, spec.id) });
	}
	files.unshift({ path: "model_index.json", content: json(index) });
	return files;
}

/** config.json: the config without what the hub gathers from other files. */
function configFile(config: Record<string, unknown>): Record<string, unknown> {
	const { tokenizer_config: _t, peft: _p, gguf: _g, diffusers: _d, ...rest } = config;
	return rest;
}

// ---------------------------------------------------------------------------
// Provider mappings

/** The id a provider gives the model, by each provider's naming habits. */
function providerIdFor(provider: string, id: string): string {
	const name = id.slice(id.indexOf("/") + 1);
	const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
	switch (provider) {
		case "hf-inference":
		case "together":
		case "nebius":
		case "featherless-ai":
		case "hyperbolic":
		case "nscale":
		case "deepinfra":
		case "scaleway":
		case "ovhcloud":
		case "publicai":
		case "baseten":
			return id;
		case "fal-ai":
			return `fal-ai/${slug}`;
		case "wavespeed":
			return `wavespeed-ai/${slug}`;
		case "fireworks-ai":
			return `accounts/fireworks/models/${slug.replace(/-(\d)-(\d)/g, "-$1p$2")}`;
		case "replicate":
		case "novita":
			return id.toLowerCase();
		default:
			return slug;
	}
}

/**
 * `"together"`, `"novita:staging"`, `"fal-ai=fal-ai/flux/dev"`, `"wavespeed>image-to-image=…"`:
 * provider, `:staging`, `>task` when the provider serves the model for another task
 * than its own (a page lists it as that task's widget model), `=` the provider's id.
 */
export function mappings(spec: Spec): SeedProviderMapping[] {
	return (spec.providers ?? []).map((entry) => {
		const [head = "", explicit] = entry.split("=", 2);
		const [providerAndStatus = "", otherTask] = head.split(">", 2);
		const [provider = "", status] = providerAndStatus.split(":", 2);
		const task = otherTask ?? (spec.chat ? "conversational" : spec.task);
		const mapping: SeedProviderMapping = {
			provider,
			providerId: explicit ?? providerIdFor(provider, spec.id),
			task,
			status: status === "staging" ? "staging" : "live",
		};
		if (spec.loraWeights) {
			mapping.adapter = "lora";
			mapping.adapterWeightsPath = spec.loraWeights;
		}
		return mapping;
	});
}

// ---------------------------------------------------------------------------
// The record

const TGI_TASKS = new Set<PipelineType>(["text-generation", "image-text-to-text"]);

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
	return Object.keys(config).length > 0 ? config : undefined;
}

function buildTags(spec: Spec, files: SeedFile[]): string[] {
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

function readmeOf(spec: Spec, cardData: Record<string, unknown>): string {
	const name = spec.id.slice(spec.id.indexOf("/") + 1);
	const task = PIPELINE_DATA[spec.task].name.toLowerCase();
	return [
		"---",
		toYaml(cardData),
		"---",
		"",
		`# ${name}`,
		"",
		spec.card.trim(),
		"",
		`Task: ${task}${spec.library ? ` · Library: ${spec.library}` : ""} · License: ${spec.license}`,
		"",
		"_Sample catalogue entry: the download and like counts shown for it on this hub are sample numbers._",
		"",
	].join("\n");
}

/** The full record for one spec. */
export function model(spec: Spec): SeedModel {
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
	files.push({ path: ".gitattributes", size: near(1_519, spec.id) });

	const widget = spec.widget ?? (spec.chat ? chatWidget(spec.task) : (DEFAULT_WIDGETS[spec.task] ?? []));
	const cardData: Record<string, unknown> = {
		license: spec.license,
		language: spec.languages,
		library_name: spec.library,
		pipeline_tag: spec.task,
		tags: spec.tags,
		datasets: spec.datasets,
		base_model: spec.base,
		instance_prompt: spec.instancePrompt,
		widget: widget.length > 0 ? widget : undefined,
	};
	for (const key of Object.keys(cardData)) if (cardData[key] === undefined) delete cardData[key];
	const readme = readmeOf(spec, cardData);
	files.unshift({ path: "README.md", content: readme });

	const record: SeedModel = {
		id: spec.id,
		author,
		pipeline_tag: spec.task,
		library_name: spec.library,
		tags: buildTags(spec, files),
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

export { json };
