import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { pyString, python } from "./common.js";

/** Kernels: fetch the compiled kernel from the Hub and list what it offers. */
export function snippets(model: ModelData): LibrarySnippet[] {
	return [
		python(
			`# pip install kernels
from kernels import get_kernel

kernel = get_kernel(${pyString(model.id)})

# The functions this kernel provides
print([name for name in dir(kernel) if not name.startswith("_")])`,
		),
	];
}
