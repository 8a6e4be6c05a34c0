import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { sh, shString } from "./common.js";

/** Unity Sentis models run inside Unity (C#): download the files into the project's Assets folder. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		sh(
			`# Run from the root of your Unity project (with the com.unity.sentis package installed).
hf download ${shString(model.id)} --local-dir Assets/SentisModel
# In C#: load the .sentis (or .onnx) asset with ModelLoader.Load and run it with a Worker.`,
			"Download into a Unity project",
		),
	];
}
