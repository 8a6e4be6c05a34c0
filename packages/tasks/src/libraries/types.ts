import type { ModelData } from "../model-data.js";
import type { LibraryFacts } from "./catalogue.js";

export type SnippetLanguage = "python" | "js" | "sh";

/** One copy-and-paste block of a model's "Use this model" menu. */
export interface LibrarySnippet {
	language: SnippetLanguage;
	content: string;
	/** Short heading when a library offers several snippets ("Load the pipeline", …). */
	title?: string;
}

/** Builds the snippets that load `model` with one library. Must never throw. */
export type SnippetGenerator = (model: ModelData) => LibrarySnippet[];

export interface LibraryEntry extends LibraryFacts {
	snippets?: SnippetGenerator;
}
