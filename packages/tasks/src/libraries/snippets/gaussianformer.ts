import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** GaussianFormer: render a 3D Gaussian Splatting PLY from an orbit of cameras. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install "gaussianformer @ git+https://github.com/SVLwoof/gaussianformer"
import torch
from gaussianformer import GaussianFormerRenderingPipeline, load_ply
from gaussianformer.utils.cameras import orbit

pipeline = GaussianFormerRenderingPipeline.from_pretrained(${pyString(model.id)}).to("cuda")
gaussians = load_ply("object.ply", up="z")
cameras = torch.from_numpy(orbit(8, 1.7))
images = pipeline(gaussians, cameras, fov=45.0)`,
		),
	];
}
