/**
 * `InferenceClient`: the task functions with a token and defaults bound. Per-call
 * arguments and options win over the defaults.
 */
import { streamingRequest } from "./call/stream.js";
import { request } from "./call/task.js";
import * as tasks from "./tasks/functions.js";
import type { BaseArgs, InferenceProviderOrPolicy, InferenceTask, Options, OutputType, RequestArgs } from "./types.js";

export interface ClientDefaults extends Options {
	provider?: InferenceProviderOrPolicy;
	endpointUrl?: string;
}

/**
 * A task's arguments as a client method takes them: the same as the function's
 * (the token, optional there too, comes from the client unless given).
 */
type Args<T extends BaseArgs> = T;

export class InferenceClient {
	readonly #accessToken: string | undefined;
	readonly #defaults: ClientDefaults;
	/** The defaults that are options (not arguments), split off once rather than on every call. */
	readonly #optionDefaults: Options;

	constructor(accessToken?: string, defaults: ClientDefaults = {}) {
		this.#accessToken = accessToken || undefined;
		this.#defaults = defaults;
		const { provider: _provider, endpointUrl: _endpoint, ...optionDefaults } = defaults;
		this.#optionDefaults = optionDefaults;
	}

	/**
	 * A client that sends every call to `endpointUrl` (a dedicated inference
	 * endpoint). A default provider does not carry over: the endpoint is the provider.
	 */
	endpoint(endpointUrl: string): InferenceClient {
		const { provider: _provider, ...defaults } = this.#defaults;
		return new InferenceClient(this.#accessToken, { ...defaults, endpointUrl });
	}

	#args<T extends BaseArgs>(args: T): T {
		// One copy with the client's defaults under the call's own arguments.
		const merged: Record<string, unknown> = {};
		if (this.#accessToken) merged.accessToken = this.#accessToken;
		if (this.#defaults.provider) merged.provider = this.#defaults.provider;
		if (this.#defaults.endpointUrl) merged.endpointUrl = this.#defaults.endpointUrl;
		return Object.assign(merged, args) as T;
	}

	#options<O extends Options>(options: O | undefined): O {
		// The task functions copy their options before adding to them, so the shared defaults can go as they are.
		return (options ? { ...this.#optionDefaults, ...options } : this.#optionDefaults) as O;
	}

	chatCompletion(args: Args<tasks.ChatCompletionArgs>, options?: Options): Promise<tasks.ChatCompletionOutput> {
		return tasks.chatCompletion(this.#args(args), this.#options(options));
	}

	textGeneration(args: Args<tasks.TextGenerationArgs>, options?: Options): Promise<tasks.TextGenerationOutput> {
		return tasks.textGeneration(this.#args(args), this.#options(options));
	}

	featureExtraction(
		args: Args<tasks.FeatureExtractionArgs>,
		options?: Options,
	): Promise<tasks.FeatureExtractionOutput> {
		return tasks.featureExtraction(this.#args(args), this.#options(options));
	}

	sentenceSimilarity(
		args: Args<tasks.SentenceSimilarityArgs>,
		options?: Options,
	): Promise<tasks.SentenceSimilarityOutput> {
		return tasks.sentenceSimilarity(this.#args(args), this.#options(options));
	}

	fillMask(args: Args<tasks.FillMaskArgs>, options?: Options): Promise<tasks.FillMaskOutput> {
		return tasks.fillMask(this.#args(args), this.#options(options));
	}

	textClassification(
		args: Args<tasks.TextClassificationArgs>,
		options?: Options,
	): Promise<tasks.TextClassificationOutput> {
		return tasks.textClassification(this.#args(args), this.#options(options));
	}

	tokenClassification(
		args: Args<tasks.TokenClassificationArgs>,
		options?: Options,
	): Promise<tasks.TokenClassificationOutput> {
		return tasks.tokenClassification(this.#args(args), this.#options(options));
	}

	questionAnswering(
		args: Args<tasks.QuestionAnsweringArgs>,
		options?: Options,
	): Promise<tasks.QuestionAnsweringOutput> {
		return tasks.questionAnswering(this.#args(args), this.#options(options));
	}

	tableQuestionAnswering(
		args: Args<tasks.TableQuestionAnsweringArgs>,
		options?: Options,
	): Promise<tasks.TableQuestionAnsweringOutput> {
		return tasks.tableQuestionAnswering(this.#args(args), this.#options(options));
	}

	zeroShotClassification(
		args: Args<tasks.ZeroShotClassificationArgs>,
		options?: Options,
	): Promise<tasks.ZeroShotClassificationOutput> {
		return tasks.zeroShotClassification(this.#args(args), this.#options(options));
	}

	summarization(args: Args<tasks.SummarizationArgs>, options?: Options): Promise<tasks.SummarizationOutput> {
		return tasks.summarization(this.#args(args), this.#options(options));
	}

	translation(args: Args<tasks.TranslationArgs>, options?: Options): Promise<tasks.TranslationOutput> {
		return tasks.translation(this.#args(args), this.#options(options));
	}

	textToImage<O extends OutputType | undefined = undefined>(
		args: Args<tasks.TextToImageArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToImage(this.#args(args), this.#options(options));
	}

	imageToImage<O extends OutputType | undefined = undefined>(
		args: Args<tasks.ImageToImageArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageToImage(this.#args(args), this.#options(options));
	}

	imageToText(args: Args<tasks.ImageToTextArgs>, options?: Options): Promise<tasks.ImageToTextOutput> {
		return tasks.imageToText(this.#args(args), this.#options(options));
	}

	imageClassification(
		args: Args<tasks.ImageClassificationArgs>,
		options?: Options,
	): Promise<tasks.ImageClassificationOutput> {
		return tasks.imageClassification(this.#args(args), this.#options(options));
	}

	imageSegmentation(
		args: Args<tasks.ImageSegmentationArgs>,
		options?: Options,
	): Promise<tasks.ImageSegmentationOutput> {
		return tasks.imageSegmentation(this.#args(args), this.#options(options));
	}

	objectDetection(args: Args<tasks.ObjectDetectionArgs>, options?: Options): Promise<tasks.ObjectDetectionOutput> {
		return tasks.objectDetection(this.#args(args), this.#options(options));
	}

	zeroShotImageClassification(
		args: Args<tasks.ZeroShotImageClassificationArgs>,
		options?: Options,
	): Promise<tasks.ZeroShotImageClassificationOutput> {
		return tasks.zeroShotImageClassification(this.#args(args), this.#options(options));
	}

	automaticSpeechRecognition(
		args: Args<tasks.AutomaticSpeechRecognitionArgs>,
		options?: Options,
	): Promise<tasks.AutomaticSpeechRecognitionOutput> {
		return tasks.automaticSpeechRecognition(this.#args(args), this.#options(options));
	}

	audioClassification(
		args: Args<tasks.AudioClassificationArgs>,
		options?: Options,
	): Promise<tasks.AudioClassificationOutput> {
		return tasks.audioClassification(this.#args(args), this.#options(options));
	}

	audioToAudio(args: Args<tasks.AudioToAudioArgs>, options?: Options): Promise<tasks.AudioToAudioOutput> {
		return tasks.audioToAudio(this.#args(args), this.#options(options));
	}

	textToSpeech<O extends OutputType | undefined = undefined>(
		args: Args<tasks.TextToSpeechArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToSpeech(this.#args(args), this.#options(options));
	}

	textToAudio<O extends OutputType | undefined = undefined>(
		args: Args<tasks.TextToAudioArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToAudio(this.#args(args), this.#options(options));
	}

	textToVideo<O extends OutputType | undefined = undefined>(
		args: Args<tasks.TextToVideoArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToVideo(this.#args(args), this.#options(options));
	}

	imageToVideo<O extends OutputType | undefined = undefined>(
		args: Args<tasks.ImageToVideoArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageToVideo(this.#args(args), this.#options(options));
	}

	imageTextToImage<O extends OutputType | undefined = undefined>(
		args: Args<tasks.ImageTextToImageArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageTextToImage(this.#args(args), this.#options(options));
	}

	imageTextToVideo<O extends OutputType | undefined = undefined>(
		args: Args<tasks.ImageTextToVideoArgs>,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageTextToVideo(this.#args(args), this.#options(options));
	}

	documentQuestionAnswering(
		args: Args<tasks.DocumentQuestionAnsweringArgs>,
		options?: Options,
	): Promise<tasks.DocumentQuestionAnsweringOutput> {
		return tasks.documentQuestionAnswering(this.#args(args), this.#options(options));
	}

	visualQuestionAnswering(
		args: Args<tasks.VisualQuestionAnsweringArgs>,
		options?: Options,
	): Promise<tasks.VisualQuestionAnsweringOutput> {
		return tasks.visualQuestionAnswering(this.#args(args), this.#options(options));
	}

	tabularClassification(
		args: Args<tasks.TabularClassificationArgs>,
		options?: Options,
	): Promise<tasks.TabularClassificationOutput> {
		return tasks.tabularClassification(this.#args(args), this.#options(options));
	}

	tabularRegression(
		args: Args<tasks.TabularRegressionArgs>,
		options?: Options,
	): Promise<tasks.TabularRegressionOutput> {
		return tasks.tabularRegression(this.#args(args), this.#options(options));
	}

	chatCompletionStream(args: Args<tasks.ChatCompletionArgs>, options?: Options) {
		return tasks.chatCompletionStream(this.#args(args), this.#options(options));
	}

	textGenerationStream(args: Args<tasks.TextGenerationArgs>, options?: Options) {
		return tasks.textGenerationStream(this.#args(args), this.#options(options));
	}

	/** Any task, the answer unchecked (see `request`): for tasks without a method of their own. */
	request<T = unknown>(
		args: RequestArgs & Record<string, unknown>,
		options?: Options & { task?: InferenceTask },
	): Promise<T> {
		return request<T>(this.#args(args), this.#options(options));
	}

	/** Any task's stream, the payloads unchecked (see `streamingRequest`). */
	streamingRequest<T = unknown>(
		args: RequestArgs & Record<string, unknown>,
		options?: Options & { task?: InferenceTask },
	): AsyncGenerator<T> {
		return streamingRequest<T>(this.#args(args), this.#options(options));
	}
}
