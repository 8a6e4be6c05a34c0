import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** Encoder settings of the released checkpoints, keyed by encoder name. */
const ENCODERS = {
	vits: { features: 64, outChannels: [48, 96, 192, 384] },
	vitb: { features: 128, outChannels: [96, 192, 384, 768] },
	vitl: { features: 256, outChannels: [256, 512, 1024, 1024] },
	vitg: { features: 384, outChannels: [1536, 1536, 1536, 1536] },
} as const;

type Encoder = keyof typeof ENCODERS;

function encoderOf(model: ModelData, checkpoint: string | undefined): Encoder {
	const text = `${checkpoint ?? ""} ${model.id}`.toLowerCase();
	if (/vitg|giant/.test(text)) return "vitg";
	if (/vitl|large/.test(text)) return "vitl";
	if (/vitb|base/.test(text)) return "vitb";
	return "vits";
}

/** Depth Anything V2: the repository's model class, with this repository's checkpoint. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const checkpoint = fileNames(model).find((name) => name.endsWith(".pth"));
	const encoder = encoderOf(model, checkpoint);
	const settings = ENCODERS[encoder];
	const filename = checkpoint ?? `depth_anything_v2_${encoder}.pth`;
	return [
		python(
			`# Run from a clone of https://github.com/DepthAnything/Depth-Anything-V2
import cv2
import torch
from huggingface_hub import hf_hub_download
from depth_anything_v2.dpt import DepthAnythingV2

model = DepthAnythingV2(encoder="${encoder}", features=${settings.features}, out_channels=[${settings.outChannels.join(", ")}])
checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(filename)})
model.load_state_dict(torch.load(checkpoint, map_location="cpu"))
model.eval()

image = cv2.imread("image.jpg")
depth = model.infer_image(image)  # H x W depth map as a numpy array`,
		),
	];
}
