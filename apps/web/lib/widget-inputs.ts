/**
 * A widget's sample inputs: the model's own widget examples first (its card's
 * `widget:`), else the task's defaults from @hubkit/tasks (the same samples the
 * snippets use), so what the widget offers and what the snippets send agree.
 * Worked out on the server; the browser receives plain strings.
 */
import {
	DEFAULT_TEXT,
	getCandidateLabels,
	getModelInputExample,
	getModelInputPayload,
	getTaskData,
	type ModelData,
	type PipelineType,
	type WidgetExample,
} from "@hubkit/tasks";
import type { WidgetKind } from "./widget-kinds";
import { columnsToText } from "./widget-table";

export interface ChatTurn {
	role: "user" | "assistant" | "system";
	content: string;
}

/** Everything a widget's form can be filled with; each kind reads the fields it needs. */
export interface WidgetSample {
	/** The main text: the sentence, prompt, question or source sentence. */
	text: string;
	/** Question answering's passage. */
	context?: string;
	/** Zero-shot candidate labels, comma-separated. */
	labels?: string;
	/** Sentence similarity's sentences to compare with `text`; text ranking's texts to order by `text` (the query). */
	sentences?: string[];
	/** Chat's first messages. */
	messages?: ChatTurn[];
	/** A same-origin picture to start from (image kinds). */
	imageUrl?: string;
	/** A same-origin recording to start from (audio kinds). */
	audioUrl?: string;
	/** The table kinds' table, comma-separated (lib/widget-table.ts). */
	table?: string;
	/** The request payload as JSON text (the JSON widget). */
	json?: string;
}

/** Text ranking's request: a query and the texts to order by how well each answers it. */
export interface RankingExample {
	query: string;
	texts: string[];
}

const RANKING_DEFAULT: RankingExample = {
	query: "When does the library open?",
	texts: [
		"The library opens at nine every morning and closes at six.",
		"The museum next door shows paintings from the last century.",
		"Bicycles can be parked behind the town hall.",
	],
};

/**
 * A text-ranking model's sample: its widget example's query (`query`, else
 * `source_sentence` or `text`) and texts (`sentences`), as the hub's ranking
 * route takes them; ours where the model gives none.
 */
export function rankingExample(model: ModelData): RankingExample {
	const widget = model.widgetData?.find((example) => example && typeof example === "object");
	const query = widget?.query ?? widget?.source_sentence ?? widget?.text;
	const texts = (widget?.sentences ?? []).filter((text) => text.trim() !== "");
	return {
		query: query?.trim() ? query : RANKING_DEFAULT.query,
		texts: texts.length > 0 ? texts : RANKING_DEFAULT.texts,
	};
}

const CHAT_DEFAULT = "Suggest three names for a bakery that opens at dawn.";

/** Only same-origin paths become sample pictures: the page never loads a third party's file. */
function sameOriginPath(src: string | undefined): string | undefined {
	return src?.startsWith("/") && !src.startsWith("//") ? src : undefined;
}

function demoFile(task: string, type: "img" | "audio"): string | undefined {
	const data = getTaskData(task);
	const entry = data?.demo.inputs.find((input) => input.type === type);
	return entry && "filename" in entry ? `/assets/demo/${entry.filename}` : undefined;
}

const AUDIO_FILE = /\.(wav|mp3|flac|ogg|webm|m4a)$/i;

function chatMessages(widget: WidgetExample | undefined): ChatTurn[] {
	const turns = (widget?.messages ?? []).flatMap((message): ChatTurn[] => {
		const role = message.role === "assistant" || message.role === "system" ? message.role : "user";
		const content =
			typeof message.content === "string"
				? message.content
				: message.content
						.map((part) => part.text ?? "")
						.join(" ")
						.trim();
		return content ? [{ role, content }] : [];
	});
	return turns.length > 0 ? turns : [{ role: "user", content: CHAT_DEFAULT }];
}

/** The sample for `model` run as `task` (the provider's task, which may differ from the pipeline tag). */
export function widgetSample(model: ModelData, task: string, kind: WidgetKind): WidgetSample {
	// Read the examples as the task the widget runs, so the task's defaults fill the gaps.
	const asTask: ModelData = { ...model, pipeline_tag: task as PipelineType };
	const widget = model.widgetData?.find((example) => example && typeof example === "object");
	const example = getModelInputExample(asTask);
	const defaultText = DEFAULT_TEXT[task as PipelineType] ?? "";
	const text = typeof example === "string" ? example : (widget?.text ?? defaultText);
	const ownSrc = sameOriginPath(widget?.src);
	const ownAudio = ownSrc && AUDIO_FILE.test(ownSrc) ? ownSrc : undefined;
	const ownImage = ownSrc && !ownAudio ? ownSrc : undefined;
	const imageUrl = ownImage ?? demoFile(task, "img") ?? demoFile(model.pipeline_tag ?? "", "img");
	const audioUrl = ownAudio ?? demoFile(task, "audio") ?? demoFile(model.pipeline_tag ?? "", "audio");

	switch (kind) {
		case "chat": {
			const messages = chatMessages(widget);
			return { text: messages.at(-1)?.content ?? CHAT_DEFAULT, messages };
		}
		case "zero-shot":
			return { text, labels: getCandidateLabels(asTask).join(", ") };
		case "zero-shot-image":
			return { text: "", labels: getCandidateLabels(asTask).join(", "), imageUrl };
		case "question-answering": {
			const structured = example as { question?: string; context?: string } | undefined;
			return { text: structured?.question ?? text, context: structured?.context ?? "" };
		}
		case "similarity": {
			const structured = example as { source_sentence?: string; sentences?: string[] } | undefined;
			return { text: structured?.source_sentence ?? text, sentences: structured?.sentences ?? [] };
		}
		case "ranking": {
			const { query, texts } = rankingExample(model);
			return { text: query, sentences: texts };
		}
		case "image-question":
			return { text: widget?.text ?? widget?.query ?? defaultText, imageUrl };
		case "image-to-image":
		case "image-to-video":
			return { text: widget?.prompt ?? widget?.text ?? defaultText, imageUrl };
		case "table-question": {
			const structured = example as { query?: string; table?: Record<string, string[]> } | undefined;
			return { text: structured?.query ?? text, table: columnsToText(structured?.table ?? {}) };
		}
		case "tabular": {
			const structured = example as { data?: Record<string, string[]> } | undefined;
			return { text: "", table: columnsToText(structured?.data ?? {}) };
		}
		case "image-labels":
		case "object-detection":
		case "depth-estimation":
		case "image-segmentation":
		case "image-to-text":
			return { text: "", imageUrl };
		case "speech-recognition":
		case "audio-labels":
		case "audio-to-audio":
		case "audio-json":
			return { text: "", audioUrl };
		case "json": {
			const payload = getModelInputPayload(asTask) ?? { inputs: text };
			return { text, json: JSON.stringify(payload, null, 2) };
		}
		default:
			return { text };
	}
}
