/**
 * The files of a sample repository, by layout: transformers (config, tokenizer
 * files, safetensors, sharded with an index when large), sentence-transformers
 * (plus its module files), diffusers (one folder per pipeline component), and
 * the small JSON files some libraries read besides config.json. Weights and
 * tokenizers are placeholders (a path and a size); only small JSON files have
 * content.
 */
import type { PipelineType } from "@hubkit/tasks";
import { PIPELINE_DATA } from "@hubkit/tasks";
import { LFS_EXTENSIONS } from "../../storage/lfs.js";
import type { SeedFile } from "../types.js";
import { near } from "./numbers.js";
import type { Dtype, Spec } from "./spec.js";
import { isPlainObject, json } from "./values.js";

/** How weights are stored: bytes per parameter. */
export const BYTES_PER_PARAM: Record<Dtype, number> = { f32: 4, f16: 2, bf16: 2, fp8: 1, mxfp4: 0.53 };

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

export function transformersFiles(spec: Spec, config: Record<string, unknown>, bytes: number): SeedFile[] {
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

export function sentenceTransformersFiles(spec: Spec, config: Record<string, unknown>, bytes: number): SeedFile[] {
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
export function diffusersFiles(spec: Spec, bytes: number): SeedFile[] {
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
export function configFile(config: Record<string, unknown>): Record<string, unknown> {
	const { tokenizer_config: _t, peft: _p, gguf: _g, diffusers: _d, ...rest } = config;
	return rest;
}

/** The small JSON files a library reads besides config.json: peft's and the adapters library's. */
export function libraryFiles(config: Record<string, unknown>): SeedFile[] {
	const files: SeedFile[] = [];
	const peft = config.peft as { base_model_name_or_path?: string; task_type?: string } | undefined;
	if (peft) {
		files.push({
			path: "adapter_config.json",
			content: json({
				peft_type: "LORA",
				task_type: peft.task_type,
				base_model_name_or_path: peft.base_model_name_or_path,
				r: 16,
				lora_alpha: 32,
				lora_dropout: 0.05,
				target_modules: ["q_proj", "k_proj", "v_proj", "o_proj"],
			}),
		});
	}
	const adapter = config.adapter_transformers as { model_name?: string } | undefined;
	if (adapter) {
		files.push({
			path: "adapter_config.json",
			content: json({ config: { architecture: "seq_bn", reduction_factor: 16 }, model_name: adapter.model_name }),
		});
		files.push({ path: "head_config.json", content: json({ config: { head_type: "classification", num_labels: 6 } }) });
	}
	return files;
}

/** .gitattributes as a new repository gets it: the weight and archive formats go to Git LFS (storage/lfs.ts). */
export function gitattributes(): SeedFile {
	const patterns = [...[...LFS_EXTENSIONS].map((extension) => `*.${extension}`), "*tfevents*"];
	return {
		path: ".gitattributes",
		content: patterns.map((pattern) => `${pattern} filter=lfs diff=lfs merge=lfs -text\n`).join(""),
	};
}
