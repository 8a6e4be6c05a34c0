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

export class InferenceClient {
	readonly #accessToken: string | undefined;
	readonly #defaults: ClientDefaults;

	constructor(accessToken?: string, defaults: ClientDefaults = {}) {
		this.#accessToken = accessToken || undefined;
		this.#defaults = defaults;
	}

	/**
	 * A client that sends every call to `endpointUrl` (a dedicated inference
	 * endpoint). A default provider does not carry over: the endpoint is the provider.
	 */
	endpoint(endpointUrl: string): InferenceClient {
		const { provider: _provider, ...defaults } = this.#defaults;
		return new InferenceClient(this.#accessToken, { ...defaults, endpointUrl });
	}

	/** The call's arguments over the client's token, provider and endpoint. */
	#args<T extends BaseArgs>(args: T): T {
		const { provider, endpointUrl } = this.#defaults;
		const defaults: BaseArgs = {};
		if (this.#accessToken) defaults.accessToken = this.#accessToken;
		if (provider) defaults.provider = provider;
		if (endpointUrl) defaults.endpointUrl = endpointUrl;
		return Object.assign(defaults, args) as T;
	}

	/** The call's options over the client's (provider and endpoint are arguments, not options). */
	#options<O extends Options>(options: O | undefined): O {
		const { provider: _provider, endpointUrl: _endpoint, ...defaults } = this.#defaults;
		return { ...defaults, ...options } as O;
	}

	chatCompletion(args: tasks.ChatCompletionArgs, options?: Options): Promise<tasks.ChatCompletionOutput> {
		return tasks.chatCompletion(this.#args(args), this.#options(options));
	}

	textGeneration(args: tasks.TextGenerationArgs, options?: Options): Promise<tasks.TextGenerationOutput> {
		return tasks.textGeneration(this.#args(args), this.#options(options));
	}

	featureExtraction(args: tasks.FeatureExtractionArgs, options?: Options): Promise<tasks.FeatureExtractionOutput> {
		return tasks.featureExtraction(this.#args(args), this.#options(options));
	}

	sentenceSimilarity(args: tasks.SentenceSimilarityArgs, options?: Options): Promise<tasks.SentenceSimilarityOutput> {
		return tasks.sentenceSimilarity(this.#args(args), this.#options(options));
	}

	fillMask(args: tasks.FillMaskArgs, options?: Options): Promise<tasks.FillMaskOutput> {
		return tasks.fillMask(this.#args(args), this.#options(options));
	}

	textClassification(args: tasks.TextClassificationArgs, options?: Options): Promise<tasks.TextClassificationOutput> {
		return tasks.textClassification(this.#args(args), this.#options(options));
	}

	tokenClassification(
		args: tasks.TokenClassificationArgs,
		options?: Options,
	): Promise<tasks.TokenClassificationOutput> {
		return tasks.tokenClassification(this.#args(args), this.#options(options));
	}

	questionAnswering(args: tasks.QuestionAnsweringArgs, options?: Options): Promise<tasks.QuestionAnsweringOutput> {
		return tasks.questionAnswering(this.#args(args), this.#options(options));
	}

	tableQuestionAnswering(
		args: tasks.TableQuestionAnsweringArgs,
		options?: Options,
	): Promise<tasks.TableQuestionAnsweringOutput> {
		return tasks.tableQuestionAnswering(this.#args(args), this.#options(options));
	}

	zeroShotClassification(
		args: tasks.ZeroShotClassificationArgs,
		options?: Options,
	): Promise<tasks.ZeroShotClassificationOutput> {
		return tasks.zeroShotClassification(this.#args(args), this.#options(options));
	}

	summarization(args: tasks.SummarizationArgs, options?: Options): Promise<tasks.SummarizationOutput> {
		return tasks.summarization(this.#args(args), this.#options(options));
	}

	translation(args: tasks.TranslationArgs, options?: Options): Promise<tasks.TranslationOutput> {
		return tasks.translation(this.#args(args), this.#options(options));
	}

	textToImage<O extends OutputType | undefined = undefined>(
		args: tasks.TextToImageArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToImage(this.#args(args), this.#options(options));
	}

	imageToImage<O extends OutputType | undefined = undefined>(
		args: tasks.ImageToImageArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageToImage(this.#args(args), this.#options(options));
	}

	imageToText(args: tasks.ImageToTextArgs, options?: Options): Promise<tasks.ImageToTextOutput> {
		return tasks.imageToText(this.#args(args), this.#options(options));
	}

	imageClassification(
		args: tasks.ImageClassificationArgs,
		options?: Options,
	): Promise<tasks.ImageClassificationOutput> {
		return tasks.imageClassification(this.#args(args), this.#options(options));
	}

	imageSegmentation(args: tasks.ImageSegmentationArgs, options?: Options): Promise<tasks.ImageSegmentationOutput> {
		return tasks.imageSegmentation(this.#args(args), this.#options(options));
	}

	objectDetection(args: tasks.ObjectDetectionArgs, options?: Options): Promise<tasks.ObjectDetectionOutput> {
		return tasks.objectDetection(this.#args(args), this.#options(options));
	}

	zeroShotImageClassification(
		args: tasks.ZeroShotImageClassificationArgs,
		options?: Options,
	): Promise<tasks.ZeroShotImageClassificationOutput> {
		return tasks.zeroShotImageClassification(this.#args(args), this.#options(options));
	}

	automaticSpeechRecognition(
		args: tasks.AutomaticSpeechRecognitionArgs,
		options?: Options,
	): Promise<tasks.AutomaticSpeechRecognitionOutput> {
		return tasks.automaticSpeechRecognition(this.#args(args), this.#options(options));
	}

	audioClassification(
		args: tasks.AudioClassificationArgs,
		options?: Options,
	): Promise<tasks.AudioClassificationOutput> {
		return tasks.audioClassification(this.#args(args), this.#options(options));
	}

	audioToAudio(args: tasks.AudioToAudioArgs, options?: Options): Promise<tasks.AudioToAudioOutput> {
		return tasks.audioToAudio(this.#args(args), this.#options(options));
	}

	textToSpeech<O extends OutputType | undefined = undefined>(
		args: tasks.TextToSpeechArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToSpeech(this.#args(args), this.#options(options));
	}

	textToAudio<O extends OutputType | undefined = undefined>(
		args: tasks.TextToAudioArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToAudio(this.#args(args), this.#options(options));
	}

	textToVideo<O extends OutputType | undefined = undefined>(
		args: tasks.TextToVideoArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.textToVideo(this.#args(args), this.#options(options));
	}

	imageToVideo<O extends OutputType | undefined = undefined>(
		args: tasks.ImageToVideoArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageToVideo(this.#args(args), this.#options(options));
	}

	imageTextToImage<O extends OutputType | undefined = undefined>(
		args: tasks.ImageTextToImageArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageTextToImage(this.#args(args), this.#options(options));
	}

	imageTextToVideo<O extends OutputType | undefined = undefined>(
		args: tasks.ImageTextToVideoArgs,
		options?: tasks.MediaOptions<O>,
	): Promise<tasks.MediaOutput<O>> {
		return tasks.imageTextToVideo(this.#args(args), this.#options(options));
	}

	documentQuestionAnswering(
		args: tasks.DocumentQuestionAnsweringArgs,
		options?: Options,
	): Promise<tasks.DocumentQuestionAnsweringOutput> {
		return tasks.documentQuestionAnswering(this.#args(args), this.#options(options));
	}

	visualQuestionAnswering(
		args: tasks.VisualQuestionAnsweringArgs,
		options?: Options,
	): Promise<tasks.VisualQuestionAnsweringOutput> {
		return tasks.visualQuestionAnswering(this.#args(args), this.#options(options));
	}

	tabularClassification(
		args: tasks.TabularClassificationArgs,
		options?: Options,
	): Promise<tasks.TabularClassificationOutput> {
		return tasks.tabularClassification(this.#args(args), this.#options(options));
	}

	tabularRegression(args: tasks.TabularRegressionArgs, options?: Options): Promise<tasks.TabularRegressionOutput> {
		return tasks.tabularRegression(this.#args(args), this.#options(options));
	}

	chatCompletionStream(args: tasks.ChatCompletionArgs, options?: Options) {
		return tasks.chatCompletionStream(this.#args(args), this.#options(options));
	}

	textGenerationStream(args: tasks.TextGenerationArgs, options?: Options) {
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
