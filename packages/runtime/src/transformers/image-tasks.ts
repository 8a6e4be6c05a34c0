/**
 * Image tasks on transformers.js pipelines; the image comes as the raw body
 * (image/*) or as base64 in JSON (`{ "inputs": "<base64>", "parameters": … }`),
 * and is decoded by transformers.js (sharp, from its prebuilt npm package).
 *   image-classification  → [{ label, score }], best first; `parameters.top_k` (5)
 */
import { RuntimeError } from "../errors.js";
import { mediaBytes } from "../packaged/media.js";
import { isRecord, optionalPositiveInteger } from "./requests.js";
import type { TransformersTask } from "./types.js";

interface ImageRequest {
	bytes: Uint8Array;
	topK: number;
}

async function decode(bytes: Uint8Array): Promise<unknown> {
	// Imported here, not at the top: transformers-capability.ts (on the hub's main thread) reads this module's task list.
	const { RawImage } = await import("@huggingface/transformers");
	try {
		return await RawImage.fromBlob(new Blob([bytes as Uint8Array<ArrayBuffer>]));
	} catch {
		throw new RuntimeError("input", "The request body is not an image the local runtime can read");
	}
}

const imageClassification: TransformersTask<ImageRequest> = {
	task: "image-classification",
	pipeline: "image-classification",
	architecture: /ForImageClassification$/,
	media: "image",
	parseRequest(body) {
		const parameters = isRecord(body) && isRecord(body.parameters) ? body.parameters : {};
		return { bytes: mediaBytes(body, "an image"), topK: optionalPositiveInteger(parameters, "top_k") ?? 5 };
	},
	async run(pipe, request) {
		return pipe(await decode(request.bytes), { top_k: request.topK });
	},
};

export const IMAGE_TASKS = [imageClassification] as TransformersTask<unknown>[];
