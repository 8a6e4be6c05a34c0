/**
 * The widget's calls, in the browser, through @hubkit/inference: hub and router
 * are this page's own origin (the hub is the front door), and a visitor sends
 * no token at all, so the hub runs its own public models anonymously within its
 * rate limit. The fetch given to the client only watches answers: a 503 ("the
 * model is loading", retried by the client until it is ready) is reported as
 * progress, and a failure's `X-Error-Code` is kept for the error shown.
 */
import {
	audioClassification,
	audioToAudio,
	automaticSpeechRecognition,
	chatCompletionStream,
	documentQuestionAnswering,
	featureExtraction,
	fillMask,
	InferenceClientAbortError,
	InferenceClientError,
	InferenceClientHubApiError,
	InferenceClientProviderApiError,
	type InferenceProvider,
	imageClassification,
	imageSegmentation,
	imageTextToImage,
	imageTextToVideo,
	imageToImage,
	imageToText,
	imageToVideo,
	type Options,
	objectDetection,
	questionAnswering,
	request,
	sentenceSimilarity,
	summarization,
	tableQuestionAnswering,
	tabularClassification,
	tabularRegression,
	textClassification,
	textGeneration,
	textToAudio,
	textToImage,
	textToSpeech,
	textToVideo,
	tokenClassification,
	translation,
	visualQuestionAnswering,
	zeroShotClassification,
	zeroShotImageClassification,
} from "@hubkit/inference";
import type { ChatTurn } from "./widget-inputs";
import type { WidgetKind } from "./widget-kinds";
import {
	depthMap,
	detectionBoxes,
	entitySpans,
	firstVector,
	flattenClassification,
	rankedRows,
	segmentsOf,
	similarityRows,
	topScores,
	type WidgetResult,
} from "./widget-outputs";
import { type Columns, textToColumns } from "./widget-table";

/** What the form holds when Run is pressed. */
export interface WidgetValues {
	text: string;
	context: string;
	labels: string;
	sentences: string[];
	json: string;
	/** The table kinds' table, comma-separated (lib/widget-table.ts). */
	table: string;
	image?: Blob;
	/** An object URL of `image`, to draw boxes over. */
	imageUrl?: string;
	audio?: Blob;
}

export interface LoadingProgress {
	/** The server's estimate, when it gave one. */
	estimatedSeconds?: number;
	/** When the first "loading" answer came (ms since the epoch). */
	since: number;
}

export interface CallContext {
	model: string;
	provider: string;
	task: string;
	signal: AbortSignal;
	onLoading: (progress: LoadingProgress) => void;
	/** The hub; by default this page's own origin. */
	origin?: string;
}

/** A failure as the widget shows it: the server's own message, and what the visitor can do. */
export class WidgetError extends Error {
	readonly code?: string;
	readonly status?: number;
	readonly retryAfterSeconds?: number;
	constructor(message: string, details: { code?: string; status?: number; retryAfterSeconds?: number } = {}) {
		super(message);
		this.name = "WidgetError";
		this.code = details.code;
		this.status = details.status;
		this.retryAfterSeconds = details.retryAfterSeconds;
	}
}

/** What the widget shows of a failure. */
export type WidgetFailureInfo = Pick<WidgetError, "message" | "code" | "status" | "retryAfterSeconds">;

/** How long the client keeps retrying a loading model before giving up. */
const CALL_TIMEOUT_MS = 5 * 60_000;

function watchingFetch(context: CallContext, codes: { last?: string }): typeof fetch {
	let since: number | undefined;
	return async (input, init) => {
		const response = await fetch(input, init);
		if (response.status === 503) {
			since ??= Date.now();
			const body = (await response
				.clone()
				.json()
				.catch(() => undefined)) as { estimated_time?: unknown } | undefined;
			const estimate = typeof body?.estimated_time === "number" ? body.estimated_time : undefined;
			context.onLoading({ estimatedSeconds: estimate, since });
		} else if (!response.ok) {
			codes.last = response.headers.get("x-error-code") ?? undefined;
		}
		return response;
	};
}

function callOptions(context: CallContext, codes: { last?: string }): Options {
	const origin = context.origin ?? window.location.origin;
	return {
		hubUrl: origin,
		routerUrl: origin,
		fetch: watchingFetch(context, codes),
		signal: context.signal,
		timeout: CALL_TIMEOUT_MS,
		// A rate limit is shown at once with its wait, rather than waited out behind a spinner.
		maxRetries: 0,
	};
}

function serverMessage(body: unknown): string | undefined {
	if (typeof body === "string" && body.trim()) return body.trim();
	const error = (body as { error?: unknown } | undefined)?.error;
	if (typeof error === "string") return error;
	const nested = (error as { message?: unknown } | undefined)?.message;
	return typeof nested === "string" ? nested : undefined;
}

/** Any failure of a call as a WidgetError, keeping the server's words. */
export function toWidgetError(error: unknown, codes: { last?: string } = {}): WidgetError {
	if (error instanceof WidgetError) return error;
	if (error instanceof InferenceClientAbortError) {
		return new WidgetError(error.reason === "timeout" ? "The model took too long to answer." : "Stopped.", {
			code: error.reason === "timeout" ? "Timeout" : "Aborted",
		});
	}
	if (error instanceof InferenceClientProviderApiError || error instanceof InferenceClientHubApiError) {
		const response = error.response;
		const seconds = Number(response?.retryAfter);
		return new WidgetError(serverMessage(response?.body) ?? error.message, {
			code: codes.last,
			status: response?.status,
			retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined,
		});
	}
	if (error instanceof InferenceClientError) return new WidgetError(error.message, { code: codes.last });
	return new WidgetError(error instanceof Error ? error.message : String(error));
}

function needImage(values: WidgetValues): Blob {
	if (!values.image) throw new WidgetError("Choose a picture first.", { code: "NoInput" });
	return values.image;
}

function needAudio(values: WidgetValues): Blob {
	if (!values.audio) throw new WidgetError("Choose a recording first.", { code: "NoInput" });
	return values.audio;
}

function needText(value: string, what: string): string {
	if (!value.trim()) throw new WidgetError(`Write ${what} first.`, { code: "NoInput" });
	return value;
}

function needTable(text: string): Columns {
	try {
		return textToColumns(text);
	} catch (error) {
		throw new WidgetError((error as Error).message, { code: "NoInput" });
	}
}

function labelList(labels: string): string[] {
	const list = labels
		.split(",")
		.map((label) => label.trim())
		.filter(Boolean);
	if (list.length === 0) throw new WidgetError("Give at least one candidate label.", { code: "NoInput" });
	return list;
}

async function run(kind: WidgetKind, values: WidgetValues, context: CallContext, options: Options) {
	const base = { model: context.model, provider: context.provider as InferenceProvider };
	switch (kind) {
		case "text-labels": {
			const output = await textClassification({ ...base, inputs: needText(values.text, "some text") }, options);
			return { type: "labels", rows: topScores(flattenClassification(output)) } satisfies WidgetResult;
		}
		case "zero-shot": {
			const parameters = { candidate_labels: labelList(values.labels) };
			const output = await zeroShotClassification(
				{ ...base, inputs: needText(values.text, "some text"), parameters },
				options,
			);
			return { type: "labels", rows: topScores(flattenClassification(output)) } satisfies WidgetResult;
		}
		case "token-spans": {
			const text = needText(values.text, "some text");
			const output = await tokenClassification({ ...base, inputs: text }, options);
			return { type: "spans", text, spans: entitySpans(text, output) } satisfies WidgetResult;
		}
		case "fill-mask": {
			const output = await fillMask({ ...base, inputs: needText(values.text, "a sentence with a mask") }, options);
			const rows = output.map((item) => ({ label: item.sequence, score: item.score }));
			return { type: "text", text: output[0]?.sequence ?? "", rows: topScores(rows) } satisfies WidgetResult;
		}
		case "question-answering": {
			const inputs = { question: needText(values.text, "a question"), context: needText(values.context, "a context") };
			const output = await questionAnswering({ ...base, inputs }, options);
			return { type: "text", text: output.answer, rows: [{ label: "score", score: output.score }] } as WidgetResult;
		}
		case "text-to-text":
			return { type: "text", text: await textToText(context.task, values.text, base, options) } as WidgetResult;
		case "embedding": {
			const vector = firstVector(
				await featureExtraction({ ...base, inputs: needText(values.text, "some text") }, options),
			);
			return { type: "vector", length: vector.length, head: vector.slice(0, 12) } satisfies WidgetResult;
		}
		case "similarity": {
			const sentences = values.sentences.map((sentence) => sentence.trim()).filter(Boolean);
			if (sentences.length === 0) throw new WidgetError("Add a sentence to compare with.", { code: "NoInput" });
			const inputs = { source_sentence: needText(values.text, "a source sentence"), sentences };
			const scores = await sentenceSimilarity({ ...base, inputs }, options);
			return { type: "labels", rows: similarityRows(sentences, scores) } satisfies WidgetResult;
		}
		case "ranking": {
			const texts = values.sentences.map((text) => text.trim()).filter(Boolean);
			if (texts.length === 0) throw new WidgetError("Add a text to rank.", { code: "NoInput" });
			// @hubkit/inference has no ranking function: the generic call, with the route's own body.
			const args = { ...base, query: needText(values.text, "a query"), texts };
			const output = await request(args, { ...options, task: context.task as never });
			return { type: "ranking", rows: rankedRows(texts, output) } satisfies WidgetResult;
		}
		case "image-labels": {
			const output = await imageClassification({ ...base, inputs: needImage(values) }, options);
			return { type: "labels", rows: topScores(flattenClassification(output)) } satisfies WidgetResult;
		}
		case "zero-shot-image": {
			const parameters = { candidate_labels: labelList(values.labels) };
			const output = await zeroShotImageClassification({ ...base, inputs: needImage(values), parameters }, options);
			return { type: "labels", rows: topScores(flattenClassification(output)) } satisfies WidgetResult;
		}
		case "object-detection": {
			const output = await objectDetection({ ...base, inputs: needImage(values) }, options);
			return { type: "boxes", imageUrl: values.imageUrl ?? "", boxes: detectionBoxes(output) } satisfies WidgetResult;
		}
		case "depth-estimation": {
			// @hubkit/inference has no depth function: the generic call, with the picture as the raw body.
			const args = { ...base, data: needImage(values) };
			const output = await request(args, { ...options, task: context.task as never });
			const depth = depthMap(output);
			if (!depth) throw new WidgetError("The answer has no depth image.", { code: "BadAnswer" });
			return { type: "depth", imageUrl: values.imageUrl ?? "", depth } satisfies WidgetResult;
		}
		case "image-segmentation": {
			const output = await imageSegmentation({ ...base, data: needImage(values) }, options);
			return { type: "segments", imageUrl: values.imageUrl ?? "", segments: segmentsOf(output) } satisfies WidgetResult;
		}
		case "image-to-text": {
			const output = await imageToText({ ...base, inputs: needImage(values) }, options);
			return { type: "text", text: output.generated_text } satisfies WidgetResult;
		}
		case "image-question": {
			const inputs = { image: needImage(values), question: needText(values.text, "a question") };
			const call = context.task === "document-question-answering" ? documentQuestionAnswering : visualQuestionAnswering;
			const output = await call({ ...base, inputs }, options);
			const rows = typeof output.score === "number" ? [{ label: "score", score: output.score }] : undefined;
			return { type: "text", text: output.answer, rows } satisfies WidgetResult;
		}
		case "image-to-image": {
			if (context.task === "image-text-to-image") {
				const parameters = { prompt: needText(values.text, "an instruction") };
				const blob = await imageTextToImage({ ...base, inputs: needImage(values), parameters }, options);
				return { type: "image", url: URL.createObjectURL(blob) } satisfies WidgetResult;
			}
			const parameters = values.text.trim() ? { prompt: values.text } : undefined;
			const blob = await imageToImage({ ...base, inputs: needImage(values), parameters }, options);
			return { type: "image", url: URL.createObjectURL(blob) } satisfies WidgetResult;
		}
		case "image-to-video": {
			const blob =
				context.task === "image-text-to-video"
					? await imageTextToVideo(
							{ ...base, inputs: needImage(values), parameters: { prompt: needText(values.text, "an instruction") } },
							options,
						)
					: await imageToVideo(
							{
								...base,
								inputs: needImage(values),
								parameters: values.text.trim() ? { prompt: values.text } : undefined,
							},
							options,
						);
			return { type: "video", url: URL.createObjectURL(blob) } satisfies WidgetResult;
		}
		case "text-to-video": {
			const blob = await textToVideo({ ...base, inputs: needText(values.text, "a prompt") }, options);
			return { type: "video", url: URL.createObjectURL(blob) } satisfies WidgetResult;
		}
		case "table-question": {
			const inputs = { query: needText(values.text, "a question"), table: needTable(values.table) };
			const output = await tableQuestionAnswering({ ...base, inputs }, options);
			const cells = output.cells.length > 1 ? ` (from ${output.cells.join(", ")})` : "";
			return { type: "text", text: `${output.answer}${cells}` } satisfies WidgetResult;
		}
		case "tabular": {
			const inputs = { data: needTable(values.table) };
			const call = context.task === "tabular-regression" ? tabularRegression : tabularClassification;
			const output = await call({ ...base, inputs }, options);
			return { type: "text", text: output.map((value, row) => `Row ${row + 1}: ${value}`).join("\n") } as WidgetResult;
		}
		case "text-to-image": {
			const blob = await textToImage({ ...base, inputs: needText(values.text, "a prompt") }, options);
			return { type: "image", url: URL.createObjectURL(blob) } satisfies WidgetResult;
		}
		case "speech": {
			const call = context.task === "text-to-audio" ? textToAudio : textToSpeech;
			const blob = await call({ ...base, inputs: needText(values.text, "some text") }, options);
			return { type: "audio", url: URL.createObjectURL(blob) } satisfies WidgetResult;
		}
		case "speech-recognition": {
			const output = await automaticSpeechRecognition({ ...base, data: needAudio(values) }, options);
			return { type: "text", text: output.text } satisfies WidgetResult;
		}
		case "audio-labels": {
			const output = await audioClassification({ ...base, data: needAudio(values) }, options);
			return { type: "labels", rows: topScores(flattenClassification(output)) } satisfies WidgetResult;
		}
		case "audio-to-audio": {
			const output = await audioToAudio({ ...base, data: needAudio(values) }, options);
			const items = output.map((item) => ({
				label: item.label,
				url: `data:${item["content-type"]};base64,${item.blob}`,
			}));
			return { type: "audios", items } satisfies WidgetResult;
		}
		case "audio-json": {
			// Sent as the raw body: hf-inference reads a recording that way for any task.
			const args = { ...base, data: needAudio(values) };
			const value = await request(args, { ...options, task: context.task as never });
			return { type: "json", value } satisfies WidgetResult;
		}
		case "chat":
			throw new WidgetError("Chat runs through streamChat.");
		case "json": {
			let payload: unknown;
			try {
				payload = JSON.parse(values.json);
			} catch (error) {
				throw new WidgetError(`The payload is not valid JSON: ${(error as Error).message}`, { code: "NoInput" });
			}
			if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
				throw new WidgetError('The payload must be a JSON object, such as { "inputs": … }.', { code: "NoInput" });
			}
			const value = await request({ ...base, ...payload }, { ...options, task: context.task as never });
			return {
				type: "json",
				value: value instanceof Blob ? `${value.type} (${value.size} bytes)` : value,
			} as WidgetResult;
		}
	}
}

async function textToText(
	task: string,
	text: string,
	base: { model: string; provider: InferenceProvider },
	options: Options,
): Promise<string> {
	const inputs = needText(text, "some text");
	if (task === "summarization") return (await summarization({ ...base, inputs }, options)).summary_text;
	if (task === "translation") return (await translation({ ...base, inputs }, options)).translation_text;
	return (await textGeneration({ ...base, inputs }, options)).generated_text;
}

/** Runs the widget's task once. Throws a WidgetError. */
export async function runWidget(kind: WidgetKind, values: WidgetValues, context: CallContext): Promise<WidgetResult> {
	const codes: { last?: string } = {};
	try {
		return (await run(kind, values, context, callOptions(context, codes))) as WidgetResult;
	} catch (error) {
		throw toWidgetError(error, codes);
	}
}

/**
 * A chat answer, piece by piece as the server streams it, of at most `maxTokens`
 * tokens. Throws a WidgetError; stop with the context's signal.
 */
export async function* streamChat(
	messages: ChatTurn[],
	context: CallContext,
	maxTokens: number,
): AsyncGenerator<string> {
	const codes: { last?: string } = {};
	try {
		const stream = chatCompletionStream(
			{ model: context.model, provider: context.provider as InferenceProvider, messages, max_tokens: maxTokens },
			callOptions(context, codes),
		);
		for await (const chunk of stream) {
			const piece = chunk.choices[0]?.delta.content;
			if (piece) yield piece;
		}
	} catch (error) {
		throw toWidgetError(error, codes);
	}
}
