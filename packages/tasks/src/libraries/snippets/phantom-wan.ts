import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, sampleText, sh, shString } from "./common.js";

/** Phantom: subject-to-video on top of Wan2.1, run with the Phantom repository's generate.py. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const weights = fileNames(model).filter((name) => name.endsWith(".pth"));
	const file = weights.find((name) => /1\.3B/i.test(name)) ?? weights[0] ?? "Phantom-Wan-1.3B.pth";
	const prompt = sampleText(model, "text-to-image");
	return [
		sh(
			`git clone https://github.com/Phantom-video/Phantom.git && cd Phantom
pip install -r requirements.txt
hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B
hf download ${shString(model.id)} --local-dir ./Phantom-Wan-Models

# --ref_image: one to four pictures of the subjects to keep in the video
python generate.py --task s2v-1.3B --size '832*480' \\
  --ckpt_dir ./Wan2.1-T2V-1.3B \\
  --phantom_ckpt ${shString(`./Phantom-Wan-Models/${file}`)} \\
  --ref_image 'examples/ref1.png,examples/ref2.png' \\
  --prompt ${shString(prompt)}`,
		),
	];
}
