import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { baseModel, hasTag, pyString, python, sampleText } from "./common.js";

const DEVICE_LINES = `device = "cuda" if torch.cuda.is_available() else "cpu"
dtype = torch.float16 if device == "cuda" else torch.float32`;

/** A sample input image of our choosing for image-to-image examples. */
const SAMPLE_IMAGE_URL =
	"https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png";

/** The prompt to show: the card's instance prompt, the widget text, or a sample. */
function prompt(model: ModelData, useInstancePrompt: boolean): string {
	const instance = model.cardData?.instance_prompt;
	if (useInstancePrompt && typeof instance === "string" && instance.trim().length > 0) {
		return instance;
	}
	const fromWidget = model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text;
	return fromWidget ?? sampleText({ id: model.id, pipeline_tag: "text-to-image" });
}

function textToImage(model: ModelData): LibrarySnippet {
	return python(
		`import torch
from diffusers import DiffusionPipeline

${DEVICE_LINES}

pipe = DiffusionPipeline.from_pretrained(${pyString(model.id)}, torch_dtype=dtype).to(device)

prompt = ${pyString(prompt(model, false))}
image = pipe(prompt).images[0]
image.save("image.png")`,
		"Text to image",
	);
}

/** Pipelines that already take an input image (edit, img2img …); others are wrapped by AutoPipelineForImage2Image. */
const IMAGE_INPUT_PIPELINE = /Img2Img|Image2Image|Pix2Pix|Inpaint|Edit|Kontext|Refiner/i;

function imageToImage(model: ModelData): LibrarySnippet {
	const text = model.widgetData?.find((example) => typeof example.text === "string" && example.text)?.text;
	const className = model.config?.diffusers?._class_name;
	const native = typeof className === "string" && IMAGE_INPUT_PIPELINE.test(className);
	const pipelineClass = native ? "DiffusionPipeline" : "AutoPipelineForImage2Image";
	return python(
		`import torch
from diffusers import ${pipelineClass}
from diffusers.utils import load_image

${DEVICE_LINES}

pipe = ${pipelineClass}.from_pretrained(${pyString(model.id)}, torch_dtype=dtype).to(device)

init_image = load_image(${pyString(SAMPLE_IMAGE_URL)})
prompt = ${pyString(text ?? "The same cat as a watercolor painting")}
image = pipe(prompt, image=init_image).images[0]
image.save("image.png")`,
		"Image to image",
	);
}

function textToVideo(model: ModelData): LibrarySnippet {
	return python(
		`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import export_to_video

${DEVICE_LINES}

pipe = DiffusionPipeline.from_pretrained(${pyString(model.id)}, torch_dtype=dtype).to(device)

prompt = ${pyString(prompt(model, false))}
frames = pipe(prompt).frames[0]
export_to_video(frames, "video.mp4")`,
		"Text to video",
	);
}

function loadOnly(model: ModelData): LibrarySnippet {
	return python(
		`import torch
from diffusers import DiffusionPipeline

${DEVICE_LINES}

pipe = DiffusionPipeline.from_pretrained(${pyString(model.id)}, torch_dtype=dtype).to(device)`,
		"Load the pipeline",
	);
}

/** The base pipeline line for adapters (LoRA, textual inversion): from the card, or a placeholder. */
function loadBase(model: ModelData): string {
	const base = baseModel(model);
	return base
		? `pipe = DiffusionPipeline.from_pretrained(${pyString(base)}, torch_dtype=dtype).to(device)`
		: `# The card names no base model: put the pipeline this adapter was trained for here.
pipe = DiffusionPipeline.from_pretrained("stabilityai/stable-diffusion-xl-base-1.0", torch_dtype=dtype).to(device)`;
}

function lora(model: ModelData): LibrarySnippet {
	return python(
		`import torch
from diffusers import DiffusionPipeline

${DEVICE_LINES}

${loadBase(model)}
pipe.load_lora_weights(${pyString(model.id)})

prompt = ${pyString(prompt(model, true))}
image = pipe(prompt).images[0]
image.save("image.png")`,
		"Load the base pipeline with this LoRA",
	);
}

function textualInversion(model: ModelData): LibrarySnippet {
	return python(
		`import torch
from diffusers import DiffusionPipeline

${DEVICE_LINES}

${loadBase(model)}
pipe.load_textual_inversion(${pyString(model.id)})

prompt = ${pyString(prompt(model, true))}
image = pipe(prompt).images[0]
image.save("image.png")`,
		"Load the base pipeline with this embedding",
	);
}

/** Diffusers: plain pipelines by task, LoRA and textual-inversion adapters on their base model. */
export function snippets(model: ModelData): LibrarySnippet[] {
	if (hasTag(model, "lora")) {
		return [lora(model)];
	}
	if (hasTag(model, "textual_inversion")) {
		return [textualInversion(model)];
	}
	switch (model.pipeline_tag) {
		case "text-to-image":
			return [textToImage(model)];
		case "image-to-image":
			return [imageToImage(model)];
		case "text-to-video":
			return [textToVideo(model)];
		default:
			return [loadOnly(model)];
	}
}
