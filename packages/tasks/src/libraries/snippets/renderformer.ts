import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** RenderFormer: neural rendering of triangle-mesh scenes. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# Install RenderFormer from https://github.com/microsoft/renderformer
import torch
from renderformer import RenderFormerRenderingPipeline

device = "cuda" if torch.cuda.is_available() else "cpu"
pipeline = RenderFormerRenderingPipeline.from_pretrained(${pyString(model.id)})
pipeline.to(device)

# Scenes are triangles with per-vertex normals, textures and camera poses;
# the repository's scene-conversion scripts prepare them for pipeline(...).`,
		),
	];
}
