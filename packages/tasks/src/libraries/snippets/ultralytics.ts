import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python } from "./common.js";

const VERSION_TAG = /^yolov(\d+)$/;

/** The YOLO version named by a `yolov<digits>` tag, as digits only. */
function yoloVersion(model: ModelData): string | undefined {
	const tags = [...(model.tags ?? []), ...(model.cardData?.tags ?? [])];
	for (const tag of tags) {
		const digits = typeof tag === "string" ? VERSION_TAG.exec(tag)?.[1] : undefined;
		if (digits) return String(Number.parseInt(digits, 10));
	}
	return undefined;
}

/** Ultralytics: download the weights and load them with the YOLO class, which reads every YOLO version it supports. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const version = yoloVersion(model);
	const weights = fileNames(model).filter((name) => name.endsWith(".pt"));
	const file = weights.find((name) => /(^|\/)best\.pt$/.test(name)) ?? weights[0];
	const versionLine = version
		? `# YOLOv${version} weights: the ultralytics YOLO class loads them.`
		: "# Add the YOLO version number (for example 8) from the model card, and check that your ultralytics release supports it.";
	const fileLine = file
		? `weights = hf_hub_download(repo_id=${pyString(model.id)}, filename=${pyString(file)})`
		: `# Put the name of the repository's .pt weights file here.\nweights = hf_hub_download(repo_id=${pyString(model.id)}, filename="best.pt")`;
	return [
		python(
			`from huggingface_hub import hf_hub_download
from ultralytics import YOLO

${versionLine}
${fileLine}
model = YOLO(weights)
results = model.predict("https://ultralytics.com/images/bus.jpg", save=True)`,
		),
	];
}
