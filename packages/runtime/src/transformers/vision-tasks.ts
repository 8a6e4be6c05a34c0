/**
 * Vision tasks on transformers.js pipelines besides image classification
 * (image-tasks.ts), answered in the shapes hf-inference answers and
 * @hubkit/inference reads. The image comes as the raw body (image/*) or as
 * base64 in JSON (`{ "inputs": "<base64>", "parameters": … }`):
 *   object-detection   → [{ label, score, box: { xmin, ymin, xmax, ymax } }] in pixels; `parameters.threshold` (0.5)
 *   depth-estimation   → { depth: <base64 PNG, the prediction scaled to 0–255>, predicted_depth: number[][] },
 *                        both at the image's size (relative-depth models predict nearer as larger)
 *   image-segmentation → [{ label, mask: <base64 PNG, 255 inside> }] (semantic: one per label present)
 *   zero-shot-image-classification → [{ label, score }], best first; `parameters.candidate_labels`,
 *                        `parameters.hypothesis_template` ("This is a photo of {}.")
 * Masks and depth maps are PNG files encoded by sharp (the image decoder transformers.js uses).
 */
import { RuntimeError } from "../errors.js";
import { mediaBytes } from "../packaged/media.js";
import { isRecord, labelList, parametersOf } from "./requests.js";
import type { TransformersTask } from "./types.js";

/** Pixels per image: past this a picture would hold a worker for long (and a depth map answer would be huge). */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
const PREPROCESSOR = "preprocessor_config.json";

/** What transformers.js hands back for an image (its RawImage), as far as it is read here. */
interface Picture {
	data: Uint8Array | Uint8ClampedArray;
	width: number;
	height: number;
	channels: number;
}

/** A 2-D tensor of transformers.js (the depth map), as far as it is read here. */
interface Grid {
	dims: number[];
	data: ArrayLike<number>;
}

const fail = (message: string): never => {
	throw new RuntimeError("input", message);
};

function parameters(body: unknown): Record<string, unknown> {
	return isRecord(body) ? parametersOf(body) : {};
}

/** A number in [0, 1], or undefined when not given. */
function optionalFraction(parameters: Record<string, unknown>, name: string): number | undefined {
	const value = parameters[name];
	if (value === undefined || value === null) return undefined;
	return typeof value === "number" && value >= 0 && value <= 1
		? value
		: fail(`\`parameters.${name}\` must be a number from 0 to 1`);
}

async function decode(bytes: Uint8Array): Promise<Picture> {
	// Imported here, not at the top: transformers-capability.ts (on the hub's main thread) reads this module's task list.
	const { RawImage } = await import("@huggingface/transformers");
	let image: Picture;
	try {
		image = await RawImage.fromBlob(new Blob([bytes as Uint8Array<ArrayBuffer>]));
	} catch {
		throw new RuntimeError("input", "The request body is not an image the local runtime can read");
	}
	if (image.width * image.height > MAX_IMAGE_PIXELS) {
		fail(`The image is too large: at most ${MAX_IMAGE_PIXELS} pixels (${image.width}×${image.height} sent)`);
	}
	return image;
}

/** A picture (one channel for masks and depth maps) as a base64 PNG file. */
async function pngBase64(picture: Picture): Promise<string> {
	const { default: sharp } = await import("sharp");
	const { width, height } = picture;
	const channels = picture.channels as 1 | 2 | 3 | 4;
	const image = sharp(Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength), {
		raw: { width, height, channels },
	});
	// One channel stays one (sharp would write RGB): a greyscale PNG, a third of the size.
	const png = await (channels === 1 ? image.toColourspace("b-w") : image).png().toBuffer();
	return png.toString("base64");
}

interface DetectionRequest {
	bytes: Uint8Array;
	threshold: number;
}

interface Detection {
	label: string;
	score: number;
	box: { xmin: number; ymin: number; xmax: number; ymax: number };
}

const objectDetection: TransformersTask<DetectionRequest> = {
	task: "object-detection",
	pipeline: "object-detection",
	// DETR's kin; not the zero-shot detectors (OWL-ViT, Grounding DINO), which need the labels as text.
	architecture: /^(?!OwlViT|Owlv2|GroundingDino).*ForObjectDetection$/,
	media: "image",
	needs: [PREPROCESSOR],
	parseRequest(body) {
		return { bytes: mediaBytes(body, "an image"), threshold: optionalFraction(parameters(body), "threshold") ?? 0.5 };
	},
	async run(pipe, request) {
		const image = await decode(request.bytes);
		// Boxes as fractions of the picture, made pixels here: transformers.js would truncate, not round.
		const found = (await pipe(image, { threshold: request.threshold, percentage: true })) as Detection[];
		const pixels = (fraction: number, size: number) => Math.min(size, Math.max(0, Math.round(fraction * size)));
		return found
			.map(({ label, score, box }) => ({
				label,
				score,
				box: {
					xmin: pixels(box.xmin, image.width),
					ymin: pixels(box.ymin, image.height),
					xmax: pixels(box.xmax, image.width),
					ymax: pixels(box.ymax, image.height),
				},
			}))
			.sort((a, b) => b.score - a.score);
	},
};

const depthEstimation: TransformersTask<Uint8Array> = {
	task: "depth-estimation",
	pipeline: "depth-estimation",
	architecture: /ForDepthEstimation$/,
	media: "image",
	needs: [PREPROCESSOR],
	parseRequest: (body) => mediaBytes(body, "an image"),
	async run(pipe, bytes) {
		const { depth, predicted_depth } = (await pipe(await decode(bytes))) as { depth: Picture; predicted_depth: Grid };
		const [height = 0, width = 0] = predicted_depth.dims.slice(-2);
		const values = Array.from(predicted_depth.data);
		const rows: number[][] = [];
		for (let y = 0; y < height; y++) rows.push(values.slice(y * width, (y + 1) * width));
		return { depth: await pngBase64(depth), predicted_depth: rows };
	},
};

const imageSegmentation: TransformersTask<Uint8Array> = {
	task: "image-segmentation",
	pipeline: "image-segmentation",
	// Semantic heads (SegFormer and the like): one mask per label, from the logits' argmax.
	architecture: /ForSemanticSegmentation$/,
	media: "image",
	needs: [PREPROCESSOR],
	parseRequest(body) {
		const bytes = mediaBytes(body, "an image");
		const subtask = parameters(body).subtask;
		if (subtask !== undefined && subtask !== null && subtask !== "semantic") {
			fail("`parameters.subtask` must be semantic: the local runtime runs semantic segmentation models");
		}
		return bytes;
	},
	async run(pipe, bytes) {
		// The pipeline picks the post-processing its image processor has (asked for by name, it fails).
		const processor = (pipe as unknown as { processor?: { image_processor?: Record<string, unknown> } }).processor;
		if (typeof processor?.image_processor?.post_process_semantic_segmentation !== "function") {
			throw new RuntimeError("unsupported", "The model's image processor does no semantic segmentation");
		}
		const segments = (await pipe(await decode(bytes))) as { label: string; mask: Picture }[];
		const answer: { label: string; mask: string }[] = [];
		for (const { label, mask } of segments) answer.push({ label, mask: await pngBase64(mask) });
		return answer;
	},
};

interface ZeroShotImageRequest {
	bytes: Uint8Array;
	labels: string[];
	template: string;
}

const zeroShotImageClassification: TransformersTask<ZeroShotImageRequest> = {
	task: "zero-shot-image-classification",
	pipeline: "zero-shot-image-classification",
	// CLIP and its kin: one model with a text tower and an image tower, compared in `logits_per_image`.
	architecture: /^(CLIP|ChineseCLIP|SigLIP|Siglip)Model$/,
	media: "image",
	needs: [PREPROCESSOR, "tokenizer.json"],
	parseRequest(body) {
		const bytes = mediaBytes(body, "an image");
		const given = parameters(body);
		const labels = labelList(given.candidate_labels, "`parameters.candidate_labels`");
		const template = given.hypothesis_template ?? "This is a photo of {}.";
		if (typeof template !== "string" || !template.includes("{}")) {
			fail("`parameters.hypothesis_template` must be a string with {} where the label goes");
		}
		return { bytes, labels, template: template as string };
	},
	async run(pipe, request) {
		return pipe(await decode(request.bytes), request.labels, { hypothesis_template: request.template });
	},
};

export const VISION_TASKS = [
	objectDetection,
	depthEstimation,
	imageSegmentation,
	zeroShotImageClassification,
] as TransformersTask<unknown>[];
