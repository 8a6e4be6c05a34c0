import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { sh, shString } from "./common.js";

/** ML-Agents: the trained agent (.onnx and run files) downloaded with the ML-Agents CLI. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [sh(`mlagents-load-from-hf --repo-id=${shString(model.id)} --local-dir=./downloads`)];
}
