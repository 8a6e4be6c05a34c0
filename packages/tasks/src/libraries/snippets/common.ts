/**
 * Small helpers shared by the library snippet generators. Quoting lives in
 * ../../snippets/quote.ts; everything author-controlled goes through it.
 */
import type { ModelData } from "../../model-data.js";
import type { PipelineType } from "../../pipelines.js";
import { DEFAULT_SENTENCES, DEFAULT_TEXT } from "../../snippets/inputs.js";
import type { LibrarySnippet } from "../types.js";

export { jsString, jsValue, pyString, pyValue, safeIdentifier, safeNumber, shString } from "../../snippets/quote.js";

export function python(content: string, title?: string): LibrarySnippet {
	return title ? { language: "python", content, title } : { language: "python", content };
}

export function js(content: string, title?: string): LibrarySnippet {
	return title ? { language: "js", content, title } : { language: "js", content };
}

export function sh(content: string, title?: string): LibrarySnippet {
	return title ? { language: "sh", content, title } : { language: "sh", content };
}

/**
 * A snippet that only says why no loading code can be shown (missing config,
 * unknown task …). The message is fixed text, never author data.
 */
export function explain(message: string): LibrarySnippet {
	return python(`# ${message.replace(/\n/g, " ")}`);
}

export { DEFAULT_SENTENCES } from "../../snippets/inputs.js";

/**
 * The model's first widget text, or a sample sentence for `task` (by default the
 * model's own pipeline tag).
 */
export function sampleText(model: ModelData, task: PipelineType | undefined = model.pipeline_tag): string {
	const widgets = model.widgetData;
	if (widgets) {
		for (const example of widgets) {
			if (example.text) return example.text;
		}
	}
	return (task && DEFAULT_TEXT[task]) || DEFAULT_SENTENCES[0];
}

/** Sentences for embedding / similarity examples: the widget's, or the defaults. */
export function sampleSentences(model: ModelData): string[] {
	const example = model.widgetData?.find((item) => item.source_sentence || item.sentences?.length);
	const sentences = [example?.source_sentence, ...(example?.sentences ?? [])].filter(
		(sentence): sentence is string => typeof sentence === "string" && sentence.length > 0,
	);
	return sentences.length >= 2 ? sentences : [...DEFAULT_SENTENCES];
}

/** Whether the model carries `tag` (in its tags or its card's tags). */
export function hasTag(model: ModelData, tag: string): boolean {
	return model.tags?.includes(tag) === true || model.cardData?.tags?.includes(tag) === true;
}

/** The base model named on the card (the first one when there are several). */
export function baseModel(model: ModelData): string | undefined {
	const base = model.cardData?.base_model;
	const first = Array.isArray(base) ? base[0] : base;
	return typeof first === "string" && first.length > 0 ? first : undefined;
}

const NO_FILES: readonly string[] = [];

/** The repository's file names (records are checked before generators run, so every name is a string). */
export function fileNames(model: ModelData): readonly string[] {
	return model.siblings?.map((sibling) => sibling.rfilename) ?? NO_FILES;
}
