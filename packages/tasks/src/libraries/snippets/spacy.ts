import type { ModelData } from "../../model-data.js";
import type { LibrarySnippet } from "../types.js";
import { fileNames, pyString, python, sampleText } from "./common.js";

/** The spaCy package: the repository name (spacy/en_core_web_sm → en_core_web_sm). */
function packageName(model: ModelData): string {
	const parts = model.id.split("/");
	return parts[parts.length - 1] ?? model.id;
}

/** spaCy: install the pipeline's wheel from the repository, then load it by package name. */
export function snippets(model: ModelData): LibrarySnippet[] {
	const name = packageName(model);
	const wheel = fileNames(model).find((file) => file.toLowerCase().endsWith(".whl")) ?? `${name}-any-py3-none-any.whl`;
	const url = `https://huggingface.co/${model.id}/resolve/main/${wheel}`;
	return [
		python(
			`import subprocess
import sys

# spaCy pipelines on the Hub are pip-installable wheels: install this one, then load it by package name.
subprocess.check_call([sys.executable, "-m", "pip", "install", ${pyString(url)}])

import spacy

nlp = spacy.load(${pyString(name)})
doc = nlp(${pyString(sampleText(model, "token-classification"))})
print([(ent.text, ent.label_) for ent in doc.ents])`,
		),
	];
}
