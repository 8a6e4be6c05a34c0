import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { sh, shString } from "./common.js";

/** SEED-Story: clone the code, put the checkpoints under ./pretrained and run the story generation script. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		sh(
			`git clone https://github.com/TencentARC/SEED-Story.git
cd SEED-Story
pip install -r requirements.txt

hf download ${shString(model.id)} --local-dir pretrained
# The scripts also use SDXL and Qwen-VL-Chat from ./pretrained
hf download stabilityai/stable-diffusion-xl-base-1.0 --local-dir pretrained/stable-diffusion-xl-base-1.0
hf download Qwen/Qwen-VL-Chat --local-dir pretrained/Qwen-VL-Chat
python3 src/tools/reload_qwen_vit.py

# Multimodal story generation
python3 src/inference/gen_george.py`,
		),
	];
}
