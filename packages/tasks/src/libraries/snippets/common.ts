/**
 * Small helpers shared by the library snippet generators. Quoting lives in
 * ../../snippets/quote.ts; everything author-controlled goes through it.
 */
import type { ModelData } from "../../model-data.js";
import type { PipelineType } from "../../pipelines.js";
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

/** Sample inputs used when a model's card has no widget example. Our own sentences. */
export const DEFAULT_SENTENCES = [
	"The train left the station right on time.",
	"Our flight departed exactly as scheduled.",
	"She planted tomatoes along the garden fence.",
] as const;

const DEFAULT_TEXT: Partial<Record<PipelineType, string>> = {
	"text-classification": "This update made the app so much faster, thank you!",
	"token-classification": "Amina Yusuf flew from Lagos to Montreal to join Shopify.",
	"question-answering": "Which river runs through the old town?",
	"zero-shot-classification": "My parcel arrived broken and I would like my money back.",
	translation: "The library opens at nine and closes at six.",
	summarization:
		"The council met on Tuesday to discuss the new bicycle lanes. After a long debate, members agreed to build two lanes next spring and to review traffic after six months.",
	"text-generation": "The best way to learn a new language is",
	"text-to-image": "A lighthouse on a rocky cliff at sunset, flat illustration",
	"text-to-speech": "Welcome aboard. The next stop is Central Station.",
	"text-to-audio": "A calm piano melody with soft rain in the background",
	"feature-extraction": "Fresh bread is sold every morning at the corner bakery.",
	"sentence-similarity": DEFAULT_SENTENCES[0],
};

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
