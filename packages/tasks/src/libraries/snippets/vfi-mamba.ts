import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

/** VFIMamba: the repository's Model class with a checkpoint from this repository; interpolates the middle frame. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const files = fileNames(model).filter((name) => name.endsWith(".pkl"));
	const checkpoint = files.find((name) => /(^|\/)VFIMamba_S\.pkl$/.test(name)) ?? files[0] ?? "ckpt/VFIMamba_S.pkl";
	// The full-size checkpoint needs the larger architecture set before the model is built.
	const large = /(^|\/)VFIMamba\.pkl$/.test(checkpoint);
	const config = large
		? `cfg.MODEL_CONFIG["LOGNAME"] = "VFIMamba"
cfg.MODEL_CONFIG["MODEL_ARCH"] = cfg.init_model_config(F=32, depth=[2, 2, 2, 3, 3])
`
		: "";
	return [
		python(
			`# Run from a clone of https://github.com/MCG-NJU/VFIMamba
import cv2
import torch
from huggingface_hub import hf_hub_download

import config as cfg
from Trainer_finetune import Model, convert
from benchmark.utils.padder import InputPadder

${config}model = Model(-1)
checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(checkpoint)})
model.net.load_state_dict(convert(torch.load(checkpoint, map_location="cpu")), strict=True)
model.eval()
model.device()

frame0 = (torch.tensor(cv2.imread("frame0.png").transpose(2, 0, 1)).cuda() / 255.0).unsqueeze(0)
frame1 = (torch.tensor(cv2.imread("frame1.png").transpose(2, 0, 1)).cuda() / 255.0).unsqueeze(0)
padder = InputPadder(frame0.shape, divisor=32)
frame0, frame1 = padder.pad(frame0, frame1)
middle = padder.unpad(model.inference(frame0, frame1, True))[0]`,
		),
	];
}
