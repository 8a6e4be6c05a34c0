/**
 * Task outputs that providers' answers are checked against, each written once:
 * the shape is the runtime check, and the task's output type is derived from
 * it, so what a task promises and what its check lets through cannot differ.
 */
import { arrayOf, nullable, number, object, optional, refine, type ShapeOf, string } from "../lib/validate.js";

/** `[{ label, score }]`: every classification task. */
export const CLASSIFICATION = arrayOf(object({ label: string, score: number }));
export type ClassificationOutput = ShapeOf<typeof CLASSIFICATION>;

export const FILL_MASK = arrayOf(object({ score: number, token: number, token_str: string, sequence: string }));
export type FillMaskOutput = ShapeOf<typeof FILL_MASK>;

export const TOKEN_CLASSIFICATION = arrayOf(
	refine(
		object({
			entity_group: optional(string),
			entity: optional(string),
			score: number,
			word: string,
			start: number,
			end: number,
		}),
		(item) => typeof item.entity_group === "string" || typeof item.entity === "string",
		"{ entity_group | entity: string, score: number, word: string, start: number, end: number }",
	),
);
export type TokenClassificationOutput = ShapeOf<typeof TOKEN_CLASSIFICATION>;

export const QUESTION_ANSWERING = object({ answer: string, score: number, start: number, end: number });
export type QuestionAnsweringOutput = ShapeOf<typeof QUESTION_ANSWERING>;

export const TABLE_QUESTION_ANSWERING = object({
	answer: string,
	coordinates: arrayOf(arrayOf(number)),
	cells: arrayOf(string),
	aggregator: optional(string),
});
export type TableQuestionAnsweringOutput = ShapeOf<typeof TABLE_QUESTION_ANSWERING>;

export const DOCUMENT_QUESTION_ANSWERING = object({
	answer: string,
	score: optional(number),
	start: optional(number),
	end: optional(number),
});
export type DocumentQuestionAnsweringOutput = ShapeOf<typeof DOCUMENT_QUESTION_ANSWERING>;

export const VISUAL_QUESTION_ANSWERING = object({ answer: string, score: number });
export type VisualQuestionAnsweringOutput = ShapeOf<typeof VISUAL_QUESTION_ANSWERING>;

export const SUMMARIZATION = object({ summary_text: string });
export type SummarizationOutput = ShapeOf<typeof SUMMARIZATION>;

export const TRANSLATION = object({ translation_text: string });
export type TranslationOutput = ShapeOf<typeof TRANSLATION>;

export const GENERATED_TEXT = object({ generated_text: string });
export type TextGenerationOutput = ShapeOf<typeof GENERATED_TEXT>;
export type ImageToTextOutput = TextGenerationOutput;

/** A chunk's end is null when the audio ends inside it. */
export const AUTOMATIC_SPEECH_RECOGNITION = object({
	text: string,
	chunks: optional(
		arrayOf(
			refine(
				object({ text: string, timestamp: arrayOf(nullable(number)) }),
				(chunk) => chunk.timestamp.length === 2,
				"{ text: string, timestamp: [number, number | null] }",
			),
		),
	),
});
export type AutomaticSpeechRecognitionOutput = ShapeOf<typeof AUTOMATIC_SPEECH_RECOGNITION>;

export const AUDIO_TO_AUDIO = arrayOf(object({ label: string, blob: string, "content-type": string }));
export type AudioToAudioOutput = ShapeOf<typeof AUDIO_TO_AUDIO>;

export const OBJECT_DETECTION = arrayOf(
	object({
		label: string,
		score: number,
		box: object({ xmin: number, ymin: number, xmax: number, ymax: number }),
	}),
);
export type ObjectDetectionOutput = ShapeOf<typeof OBJECT_DETECTION>;

export const IMAGE_SEGMENTATION = arrayOf(object({ label: string, score: optional(number), mask: string }));
export type ImageSegmentationOutput = ShapeOf<typeof IMAGE_SEGMENTATION>;

/** Numbers in arrays: what tabular tasks and sentence similarity return. */
export const NUMBERS = arrayOf(number);

/** Embeddings: one vector, one per input, or one per token per input. */
export const EMBEDDINGS = arrayOf({
	expected: "number | number[] | number[][]",
	matches: (value): value is number | number[] | number[][] =>
		number.matches(value) || arrayOf(number).matches(value) || arrayOf(arrayOf(number)).matches(value),
});
export type FeatureExtractionOutput = ShapeOf<typeof EMBEDDINGS>;
