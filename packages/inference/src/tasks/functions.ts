/**
 * The task functions: one per task, each a thin call into ../lib/task.ts with
 * its task id. Input and output types follow the public task specifications;
 * provider helpers shape-check every output before it is returned.
 */
import { runStream, runTask, taskOptions } from "../lib/task.js";
import type { BaseArgs, Options, OutputType } from "../types.js";
import type * as shared from "./types.js";

export type ChatCompletionArgs = BaseArgs & shared.ChatCompletionInput;
export type ChatCompletionOutput = shared.ChatCompletionOutput;

export function chatCompletion(args: ChatCompletionArgs, options?: Options): Promise<ChatCompletionOutput> {
	return runTask(args, taskOptions(options, "conversational"));
}

export type TextGenerationArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextGenerationOutput = shared.TextGenerationOutput;

export function textGeneration(args: TextGenerationArgs, options?: Options): Promise<TextGenerationOutput> {
	return runTask(args, taskOptions(options, "text-generation"));
}

export type FeatureExtractionArgs = BaseArgs & {
	inputs: string | string[];
	normalize?: boolean;
	truncate?: boolean;
	prompt_name?: string;
};
export type FeatureExtractionOutput = shared.FeatureExtractionOutput;

export function featureExtraction(args: FeatureExtractionArgs, options?: Options): Promise<FeatureExtractionOutput> {
	return runTask(args, taskOptions(options, "feature-extraction"));
}

export type SentenceSimilarityArgs = BaseArgs & { inputs: { source_sentence: string; sentences: string[] } };
export type SentenceSimilarityOutput = number[];

export function sentenceSimilarity(args: SentenceSimilarityArgs, options?: Options): Promise<SentenceSimilarityOutput> {
	return runTask(args, taskOptions(options, "sentence-similarity"));
}

export type FillMaskArgs = BaseArgs & { inputs: string; parameters?: { targets?: string[]; top_k?: number } };
export type FillMaskOutput = { score: number; token: number; token_str: string; sequence: string }[];

export function fillMask(args: FillMaskArgs, options?: Options): Promise<FillMaskOutput> {
	return runTask(args, taskOptions(options, "fill-mask"));
}

export type TextClassificationArgs = BaseArgs & {
	inputs: string;
	parameters?: { top_k?: number; function_to_apply?: string };
};
export type TextClassificationOutput = { label: string; score: number }[];

export function textClassification(args: TextClassificationArgs, options?: Options): Promise<TextClassificationOutput> {
	return runTask(args, taskOptions(options, "text-classification"));
}

export type TokenClassificationArgs = BaseArgs & {
	inputs: string;
	parameters?: { aggregation_strategy?: string; ignore_labels?: string[] };
};
export type TokenClassificationOutput = {
	entity_group?: string;
	entity?: string;
	score: number;
	word: string;
	start: number;
	end: number;
}[];

export function tokenClassification(
	args: TokenClassificationArgs,
	options?: Options,
): Promise<TokenClassificationOutput> {
	return runTask(args, taskOptions(options, "token-classification"));
}

export type QuestionAnsweringArgs = BaseArgs & {
	inputs: { question: string; context: string };
	parameters?: Record<string, unknown>;
};
export type QuestionAnsweringOutput = { answer: string; score: number; start: number; end: number };

export function questionAnswering(args: QuestionAnsweringArgs, options?: Options): Promise<QuestionAnsweringOutput> {
	return runTask(args, taskOptions(options, "question-answering"));
}

export type TableQuestionAnsweringArgs = BaseArgs & {
	inputs: { query: string; table: Record<string, string[]> };
	parameters?: Record<string, unknown>;
};
export type TableQuestionAnsweringOutput = {
	answer: string;
	coordinates: number[][];
	cells: string[];
	aggregator?: string;
};

export function tableQuestionAnswering(
	args: TableQuestionAnsweringArgs,
	options?: Options,
): Promise<TableQuestionAnsweringOutput> {
	return runTask(args, taskOptions(options, "table-question-answering"));
}

export type ZeroShotClassificationArgs = BaseArgs & {
	inputs: string | string[];
	parameters: { candidate_labels: string[]; multi_label?: boolean; hypothesis_template?: string };
};
export type ZeroShotClassificationOutput = { label: string; score: number }[];

export function zeroShotClassification(
	args: ZeroShotClassificationArgs,
	options?: Options,
): Promise<ZeroShotClassificationOutput> {
	return runTask(args, taskOptions(options, "zero-shot-classification"));
}

export type SummarizationArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type SummarizationOutput = { summary_text: string };

export function summarization(args: SummarizationArgs, options?: Options): Promise<SummarizationOutput> {
	return runTask(args, taskOptions(options, "summarization"));
}

export type TranslationArgs = BaseArgs & {
	inputs: string;
	parameters?: { src_lang?: string; tgt_lang?: string } & Record<string, unknown>;
};
export type TranslationOutput = { translation_text: string };

export function translation(args: TranslationArgs, options?: Options): Promise<TranslationOutput> {
	return runTask(args, taskOptions(options, "translation"));
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
export type TextToImageOutput = Blob | string | unknown;

/** text-to-image; `outputType` picks Blob (default), URL, data URL or the provider's JSON. */
export function textToImage(
	args: TextToImageArgs,
	options?: Options & { outputType?: OutputType },
): Promise<TextToImageOutput> {
	return runTask(args, taskOptions(options, "text-to-image"));
}

export type ImageToImageArgs = BaseArgs & { inputs: Blob; parameters?: { prompt?: string } & Record<string, unknown> };
export type ImageToImageOutput = Blob;

export function imageToImage(args: ImageToImageArgs, options?: Options): Promise<ImageToImageOutput> {
	return runTask(args, taskOptions(options, "image-to-image"));
}

export type ImageToTextArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ImageToTextOutput = { generated_text: string };

export function imageToText(args: ImageToTextArgs, options?: Options): Promise<ImageToTextOutput> {
	return runTask(args, taskOptions(options, "image-to-text"));
}

export type ImageClassificationArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ImageClassificationOutput = { label: string; score: number }[];

export function imageClassification(
	args: ImageClassificationArgs,
	options?: Options,
): Promise<ImageClassificationOutput> {
	return runTask(args, taskOptions(options, "image-classification"));
}

export type ImageSegmentationArgs = BaseArgs &
	({ data: Blob } | { inputs: Blob; parameters?: Record<string, unknown> });
export type ImageSegmentationOutput = { label: string; score?: number | null; mask: string }[];

export function imageSegmentation(args: ImageSegmentationArgs, options?: Options): Promise<ImageSegmentationOutput> {
	return runTask(args, taskOptions(options, "image-segmentation"));
}

export type ObjectDetectionArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type ObjectDetectionOutput = {
	label: string;
	score: number;
	box: { xmin: number; ymin: number; xmax: number; ymax: number };
}[];

export function objectDetection(args: ObjectDetectionArgs, options?: Options): Promise<ObjectDetectionOutput> {
	return runTask(args, taskOptions(options, "object-detection"));
}

export type ZeroShotImageClassificationArgs = BaseArgs & {
	inputs: Blob | { image: Blob };
	parameters: { candidate_labels: string[] };
};
export type ZeroShotImageClassificationOutput = { label: string; score: number }[];

export function zeroShotImageClassification(
	args: ZeroShotImageClassificationArgs,
	options?: Options,
): Promise<ZeroShotImageClassificationOutput> {
	return runTask(args, taskOptions(options, "zero-shot-image-classification"));
}

export type AutomaticSpeechRecognitionArgs = BaseArgs &
	({ data: Blob } | { inputs: Blob; parameters?: Record<string, unknown> });
export type AutomaticSpeechRecognitionOutput = {
	text: string;
	chunks?: { text: string; timestamp: [number, number] }[];
};

export function automaticSpeechRecognition(
	args: AutomaticSpeechRecognitionArgs,
	options?: Options,
): Promise<AutomaticSpeechRecognitionOutput> {
	return runTask(args, taskOptions(options, "automatic-speech-recognition"));
}

export type AudioClassificationArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type AudioClassificationOutput = { label: string; score: number }[];

export function audioClassification(
	args: AudioClassificationArgs,
	options?: Options,
): Promise<AudioClassificationOutput> {
	return runTask(args, taskOptions(options, "audio-classification"));
}

export type AudioToAudioArgs = BaseArgs & ({ data: Blob } | { inputs: Blob });
export type AudioToAudioOutput = { label: string; blob: string; "content-type": string }[];

export function audioToAudio(args: AudioToAudioArgs, options?: Options): Promise<AudioToAudioOutput> {
	return runTask(args, taskOptions(options, "audio-to-audio"));
}

export type TextToSpeechArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToSpeechOutput = Blob;

export function textToSpeech(args: TextToSpeechArgs, options?: Options): Promise<TextToSpeechOutput> {
	return runTask(args, taskOptions(options, "text-to-speech"));
}

export type TextToAudioArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToAudioOutput = Blob;

export function textToAudio(args: TextToAudioArgs, options?: Options): Promise<TextToAudioOutput> {
	return runTask(args, taskOptions(options, "text-to-audio"));
}

export type TextToVideoArgs = BaseArgs & { inputs: string; parameters?: Record<string, unknown> };
export type TextToVideoOutput = Blob;

export function textToVideo(args: TextToVideoArgs, options?: Options): Promise<TextToVideoOutput> {
	return runTask(args, taskOptions(options, "text-to-video"));
}

export type ImageToVideoArgs = BaseArgs & { inputs: Blob; parameters?: { prompt?: string } & Record<string, unknown> };
export type ImageToVideoOutput = Blob;

export function imageToVideo(args: ImageToVideoArgs, options?: Options): Promise<ImageToVideoOutput> {
	return runTask(args, taskOptions(options, "image-to-video"));
}

export type ImageTextToImageArgs = BaseArgs & {
	inputs: Blob;
	parameters: { prompt: string } & Record<string, unknown>;
};
export type ImageTextToImageOutput = Blob;

export function imageTextToImage(args: ImageTextToImageArgs, options?: Options): Promise<ImageTextToImageOutput> {
	return runTask(args, taskOptions(options, "image-text-to-image"));
}

export type ImageTextToVideoArgs = BaseArgs & {
	inputs: Blob;
	parameters: { prompt: string } & Record<string, unknown>;
};
export type ImageTextToVideoOutput = Blob;

export function imageTextToVideo(args: ImageTextToVideoArgs, options?: Options): Promise<ImageTextToVideoOutput> {
	return runTask(args, taskOptions(options, "image-text-to-video"));
}

export type DocumentQuestionAnsweringArgs = BaseArgs & {
	inputs: { image: Blob; question: string };
	parameters?: Record<string, unknown>;
};
export type DocumentQuestionAnsweringOutput = { answer: string; score?: number; start?: number; end?: number };

export function documentQuestionAnswering(
	args: DocumentQuestionAnsweringArgs,
	options?: Options,
): Promise<DocumentQuestionAnsweringOutput> {
	return runTask(args, taskOptions(options, "document-question-answering"));
}

export type VisualQuestionAnsweringArgs = BaseArgs & {
	inputs: { image: Blob; question: string };
	parameters?: Record<string, unknown>;
};
export type VisualQuestionAnsweringOutput = { answer: string; score: number };

export function visualQuestionAnswering(
	args: VisualQuestionAnsweringArgs,
	options?: Options,
): Promise<VisualQuestionAnsweringOutput> {
	return runTask(args, taskOptions(options, "visual-question-answering"));
}

export type TabularClassificationArgs = BaseArgs & { inputs: { data: Record<string, string[]> } };
export type TabularClassificationOutput = number[];

export function tabularClassification(
	args: TabularClassificationArgs,
	options?: Options,
): Promise<TabularClassificationOutput> {
	return runTask(args, taskOptions(options, "tabular-classification"));
}

export type TabularRegressionArgs = BaseArgs & { inputs: { data: Record<string, string[]> } };
export type TabularRegressionOutput = number[];

export function tabularRegression(args: TabularRegressionArgs, options?: Options): Promise<TabularRegressionOutput> {
	return runTask(args, taskOptions(options, "tabular-regression"));
}

/** Chat completion as a stream of chunks. */
export function chatCompletionStream(
	args: ChatCompletionArgs,
	options?: Options,
): AsyncGenerator<shared.ChatCompletionStreamOutput> {
	return runStream(args, taskOptions(options, "conversational"));
}

/** Text generation as a stream of tokens. */
export function textGenerationStream(
	args: TextGenerationArgs,
	options?: Options,
): AsyncGenerator<shared.TextGenerationStreamOutput> {
	return runStream(args, taskOptions(options, "text-generation"));
}
