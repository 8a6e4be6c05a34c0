import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sampleText, sh, shString } from "./common.js";

const SETUP = `git clone https://github.com/Lightricks/LTX-2.git
cd LTX-2
uv sync --frozen`;

/** LTX-2: clone the pipelines, download this repository's weights and generate a video. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const weights = fileNames(model).filter((name) => name.toLowerCase().endsWith(".safetensors"));
	const checkpoint = weights.find((name) => /distilled/i.test(name) && !/lora|upscaler/i.test(name));
	const upsampler = weights.find((name) => /spatial-upscaler/i.test(name));
	const download = `hf download ${shString(model.id)} --local-dir models/checkpoint`;
	if (checkpoint && upsampler) {
		return [
			sh(
				`${SETUP}
${download}
hf download google/gemma-3-12b-it-qat-q4_0-unquantized --local-dir models/gemma-3-12b

uv run python -m ltx_pipelines.distilled \\
    --distilled-checkpoint-path ${shString(`models/checkpoint/${checkpoint}`)} \\
    --spatial-upsampler-path ${shString(`models/checkpoint/${upsampler}`)} \\
    --gemma-root models/gemma-3-12b \\
    --output-path output.mp4 \\
    --prompt ${shString(sampleText(model))}`,
				"Generate a video",
			),
		];
	}
	return [
		sh(
			`${SETUP}
${download}
# Pass the downloaded weights to one of the ltx_pipelines entry points
# (for example: uv run python -m ltx_pipelines.distilled --help).`,
			"Download the weights",
		),
	];
}
