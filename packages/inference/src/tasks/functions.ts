/**
 * The task functions: one per task, each a thin call into ../call/ with its
 * task id. Input and output types follow the public task specifications;
 * provider helpers shape-check every output before it is returned (shared
 * output shapes: ./outputs.ts).
 */
import { runStream } from "../call/stream.js";
import { runTask } from "../call/task.js";
import type { BaseArgs, Options, OutputType } from "../types.js";
import type * as outputs from "./outputs.js";
import type * as shared from "./types.js";

/** A media task's options: `outputType` picks how the result comes back. */
export interface MediaOptions<O extends OutputType | undefined = undefined> extends Options {
	/** "blob" (default): a Blob; "url": a URL (a data URL when the provider sent bytes); "dataUrl"; "json": the provider's own answer. */
	outputType?: O;
}

/** What a media task resolves to for an output type. */
export type MediaOutput<O extends OutputType | undefined> = O extends "url" | "dataUrl"
	? string
	: O extends "json"
		? unknown
		: Blob;

export type ChatCompletionArgs = BaseArgs & shared.ChatCompletionInput;
export type ChatCompletionOutput = shared.ChatCompletionOutput;

export function chatCompletion(args: ChatCompletionArgs, options?: Options): Promise<ChatCompletionOutput> {
	return runTask(args, { ...options, task: "conversational" });
}

export type TextGenerationArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextGenerationOutput = outputs.TextGenerationOutput;

export function textGeneration(args: TextGenerationArgs, options?: Options): Promise<TextGenerationOutput> {
	return runTask(args, { ...options, task: "text-generation" });
}

export type FeatureExtractionArgs = BaseArgs & {
	inputs: string | string[];
	normalize?: boolean;
	truncate?: boolean;
	prompt_name?: string;
};
export type FeatureExtractionOutput = outputs.FeatureExtractionOutput;

export function featureExtraction(args: FeatureExtractionArgs, options?: Options): Promise<FeatureExtractionOutput> {
	return runTask(args, { ...options, task: "feature-extraction" });
}

export type SentenceSimilarityArgs = BaseArgs & { inputs: { source_sentence: string; sentences: string[] } };
export type SentenceSimilarityOutput = number[];

export function sentenceSimilarity(args: SentenceSimilarityArgs, options?: Options): Promise<SentenceSimilarityOutput> {
	return runTask(args, { ...options, task: "sentence-similarity" });
}

export type FillMaskArgs = BaseArgs & { inputs: string; parameters?: { targets?: string[]; top_k?: number } };
export type FillMaskOutput = outputs.FillMaskOutput;

export function fillMask(args: FillMaskArgs, options?: Options): Promise<FillMaskOutput> {
	return runTask(args, { ...options, task: "fill-mask" });
}

export type TextClassificationArgs = BaseArgs & {
	inputs: string;
	parameters?: { top_k?: number; function_to_apply?: string };
};
export type TextClassificationOutput = outputs.ClassificationOutput;

export function textClassification(args: TextClassificationArgs, options?: Options): Promise<TextClassificationOutput> {
	return runTask(args, { ...options, task: "text-classification" });
}

export type TokenClassificationArgs = BaseArgs & {
	inputs: string;
	parameters?: { aggregation_strategy?: string; ignore_labels?: string[] };
};
export type TokenClassificationOutput = outputs.TokenClassificationOutput;

export function tokenClassification(
	args: TokenClassificationArgs,
	options?: Options,
): Promise<TokenClassificationOutput> {
	return runTask(args, { ...options, task: "token-classification" });
}

export type QuestionAnsweringArgs = BaseArgs & {
	inputs: { question: string; context: string };
	parameters?: Record<string, unknown>;
};
export type QuestionAnsweringOutput = outputs.QuestionAnsweringOutput;

export function questionAnswering(args: QuestionAnsweringArgs, options?: Options): Promise<QuestionAnsweringOutput> {
	return runTask(args, { ...options, task: "question-answering" });
}

export type TableQuestionAnsweringArgs = BaseArgs & {
	inputs: { query: string; table: Record<string, string[]> };
	parameters?: Record<string, unknown>;
};
export type TableQuestionAnsweringOutput = outputs.TableQuestionAnsweringOutput;

export function tableQuestionAnswering(
	args: TableQuestionAnsweringArgs,
	options?: Options,
): Promise<TableQuestionAnsweringOutput> {
	return runTask(args, { ...options, task: "table-question-answering" });
}

export type ZeroShotClassificationArgs = BaseArgs & {
	inputs: string | string[];
	parameters: { candidate_labels: string[]; multi_label?: boolean; hypothesis_template?: string };
};
export type ZeroShotClassificationOutput = outputs.ClassificationOutput;

export function zeroShotClassification(
	args: ZeroShotClassificationArgs,
	options?: Options,
): Promise<ZeroShotClassificationOutput> {
	return runTask(args, { ...options, task: "zero-shot-classification" });
}

export type SummarizationArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type SummarizationOutput = outputs.SummarizationOutput;

export function summarization(args: SummarizationArgs, options?: Options): Promise<SummarizationOutput> {
	return runTask(args, { ...options, task: "summarization" });
}

export type TranslationArgs = BaseArgs & {
	inputs: string;
	parameters?: { src_lang?: string; tgt_lang?: string } & Record<string, unknown>;
};
export type TranslationOutput = outputs.TranslationOutput;

export function translation(args: TranslationArgs, options?: Options): Promise<TranslationOutput> {
	return runTask(args, { ...options, task: "translation" });
}

export type TextToImageArgs = BaseArgs & {
	inputs: string;
	parameters?: {
		negative_prompt?: string;
		width?: number;
		height?: number;
		num_inference_steps?: number;
		guidance_scale?: number;
		seed?: number;
	} & Record<string, unknown>;
};
/** The image, as a Blob by default; see `MediaOutput` for the other output types. */
export type TextToImageOutput = Blob;

export function textToImage<O extends OutputType | undefined = undefined>(
	args: TextToImageArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "text-to-image" });
}

export type ImageToImageArgs = BaseArgs & { inputs: Blob; parameters?: { prompt?: string } & Record<string, unknown> };
export type ImageToImageOutput = Blob;

export function imageToImage<O extends OutputType | undefined = undefined>(
	args: ImageToImageArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "image-to-image" });
}

export type ImageToTextArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ImageToTextOutput = outputs.ImageToTextOutput;

export function imageToText(args: ImageToTextArgs, options?: Options): Promise<ImageToTextOutput> {
	return runTask(args, { ...options, task: "image-to-text" });
}

export type ImageClassificationArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ImageClassificationOutput = outputs.ClassificationOutput;

export function imageClassification(
	args: ImageClassificationArgs,
	options?: Options,
): Promise<ImageClassificationOutput> {
	return runTask(args, { ...options, task: "image-classification" });
}

export type ImageSegmentationArgs = BaseArgs &
	({ data: Blob } | { inputs: Blob; parameters?: Record<string, unknown> });
export type ImageSegmentationOutput = outputs.ImageSegmentationOutput;

export function imageSegmentation(args: ImageSegmentationArgs, options?: Options): Promise<ImageSegmentationOutput> {
	return runTask(args, { ...options, task: "image-segmentation" });
}

export type ObjectDetectionArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ObjectDetectionOutput = outputs.ObjectDetectionOutput;

export function objectDetection(args: ObjectDetectionArgs, options?: Options): Promise<ObjectDetectionOutput> {
	return runTask(args, { ...options, task: "object-detection" });
}

export type ZeroShotImageClassificationArgs = BaseArgs & {
	inputs: Blob | { image: Blob };
	parameters: { candidate_labels: string[] };
};
export type ZeroShotImageClassificationOutput = outputs.ClassificationOutput;

export function zeroShotImageClassification(
	args: ZeroShotImageClassificationArgs,
	options?: Options,
): Promise<ZeroShotImageClassificationOutput> {
	return runTask(args, { ...options, task: "zero-shot-image-classification" });
}

export type AutomaticSpeechRecognitionArgs = BaseArgs &
	({ data: Blob } | { inputs: Blob; parameters?: Record<string, unknown> });
export type AutomaticSpeechRecognitionOutput = outputs.AutomaticSpeechRecognitionOutput;

export function automaticSpeechRecognition(
	args: AutomaticSpeechRecognitionArgs,
	options?: Options,
): Promise<AutomaticSpeechRecognitionOutput> {
	return runTask(args, { ...options, task: "automatic-speech-recognition" });
}

export type AudioClassificationArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type AudioClassificationOutput = outputs.ClassificationOutput;

export function audioClassification(
	args: AudioClassificationArgs,
	options?: Options,
): Promise<AudioClassificationOutput> {
	return runTask(args, { ...options, task: "audio-classification" });
}

export type AudioToAudioArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type AudioToAudioOutput = outputs.AudioToAudioOutput;

export function audioToAudio(args: AudioToAudioArgs, options?: Options): Promise<AudioToAudioOutput> {
	return runTask(args, { ...options, task: "audio-to-audio" });
}

export type TextToSpeechArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToSpeechOutput = Blob;

export function textToSpeech<O extends OutputType | undefined = undefined>(
	args: TextToSpeechArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "text-to-speech" });
}

export type TextToAudioArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToAudioOutput = Blob;

export function textToAudio<O extends OutputType | undefined = undefined>(
	args: TextToAudioArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "text-to-audio" });
}

export type TextToVideoArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToVideoOutput = Blob;

export function textToVideo<O extends OutputType | undefined = undefined>(
	args: TextToVideoArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "text-to-video" });
}

export type ImageToVideoArgs = BaseArgs & { inputs: Blob; parameters?: { prompt?: string } & Record<string, unknown> };
export type ImageToVideoOutput = Blob;

export function imageToVideo<O extends OutputType | undefined = undefined>(
	args: ImageToVideoArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "image-to-video" });
}

export type ImageTextToImageArgs = BaseArgs & {
	inputs: Blob;
	parameters: { prompt: string } & Record<string, unknown>;
};
export type ImageTextToImageOutput = Blob;

export function imageTextToImage<O extends OutputType | undefined = undefined>(
	args: ImageTextToImageArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "image-text-to-image" });
}

export type ImageTextToVideoArgs = BaseArgs & {
	inputs: Blob;
	parameters: { prompt: string } & Record<string, unknown>;
};
export type ImageTextToVideoOutput = Blob;

export function imageTextToVideo<O extends OutputType | undefined = undefined>(
	args: ImageTextToVideoArgs,
	options?: MediaOptions<O>,
): Promise<MediaOutput<O>> {
	return runTask(args, { ...options, task: "image-text-to-video" });
}

export type DocumentQuestionAnsweringArgs = BaseArgs & {
	inputs: { image: Blob; question: string };
	parameters?: Record<string, unknown>;
};
export type DocumentQuestionAnsweringOutput = outputs.DocumentQuestionAnsweringOutput;

export function documentQuestionAnswering(
	args: DocumentQuestionAnsweringArgs,
	options?: Options,
): Promise<DocumentQuestionAnsweringOutput> {
	return runTask(args, { ...options, task: "document-question-answering" });
}

export type VisualQuestionAnsweringArgs = BaseArgs & {
	inputs: { image: Blob; question: string };
	parameters?: Record<string, unknown>;
};
export type VisualQuestionAnsweringOutput = outputs.VisualQuestionAnsweringOutput;

export function visualQuestionAnswering(
	args: VisualQuestionAnsweringArgs,
	options?: Options,
): Promise<VisualQuestionAnsweringOutput> {
	return runTask(args, { ...options, task: "visual-question-answering" });
}

export type TabularClassificationArgs = BaseArgs & { inputs: { data: Record<string, string[]> } };
export type TabularClassificationOutput = number[];

export function tabularClassification(
	args: TabularClassificationArgs,
	options?: Options,
): Promise<TabularClassificationOutput> {
	return runTask(args, { ...options, task: "tabular-classification" });
}

export type TabularRegressionArgs = BaseArgs & { inputs: { data: Record<string, string[]> } };
export type TabularRegressionOutput = number[];

export function tabularRegression(args: TabularRegressionArgs, options?: Options): Promise<TabularRegressionOutput> {
	return runTask(args, { ...options, task: "tabular-regression" });
}

/** Chat completion as a stream of chunks. */
export function chatCompletionStream(
	args: ChatCompletionArgs,
	options?: Options,
): AsyncGenerator<shared.ChatCompletionStreamOutput> {
	return runStream(args, { ...options, task: "conversational" });
}

/** Text generation as a stream of tokens. */
export function textGenerationStream(
	args: TextGenerationArgs,
	options?: Options,
): AsyncGenerator<shared.TextGenerationStreamOutput> {
	return runStream(args, { ...options, task: "text-generation" });
}
