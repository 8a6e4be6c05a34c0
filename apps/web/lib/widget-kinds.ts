/**
 * What a widget asks for and shows, per inference task. One kind per way of
 * asking and showing; a task with no kind of its own gets the JSON widget
 * (the payload in, the answer as JSON out).
 */

export type WidgetKind =
	| "chat"
	| "text-labels"
	| "zero-shot"
	| "token-spans"
	| "fill-mask"
	| "question-answering"
	| "text-to-text"
	| "embedding"
	| "similarity"
	| "ranking"
	| "image-labels"
	| "zero-shot-image"
	| "object-detection"
	| "depth-estimation"
	| "image-segmentation"
	| "image-to-text"
	| "image-question"
	| "image-to-image"
	| "text-to-image"
	| "image-to-video"
	| "text-to-video"
	| "table-question"
	| "tabular"
	| "speech"
	| "speech-recognition"
	| "audio-labels"
	| "audio-to-audio"
	| "audio-json"
	| "json";

const KIND_OF_TASK: Record<string, WidgetKind> = {
	conversational: "chat",
	"text-classification": "text-labels",
	"zero-shot-classification": "zero-shot",
	"token-classification": "token-spans",
	"fill-mask": "fill-mask",
	"question-answering": "question-answering",
	summarization: "text-to-text",
	translation: "text-to-text",
	"text-generation": "text-to-text",
	"text2text-generation": "text-to-text",
	"feature-extraction": "embedding",
	"sentence-similarity": "similarity",
	// A query and the texts to order by how well each answers it.
	"text-ranking": "ranking",
	"image-classification": "image-labels",
	"zero-shot-image-classification": "zero-shot-image",
	"object-detection": "object-detection",
	"depth-estimation": "depth-estimation",
	"image-segmentation": "image-segmentation",
	"image-to-text": "image-to-text",
	"visual-question-answering": "image-question",
	"document-question-answering": "image-question",
	"image-to-image": "image-to-image",
	"text-to-image": "text-to-image",
	// A picture and an instruction in, a picture out: the image-to-image form, the prompt required.
	"image-text-to-image": "image-to-image",
	"image-to-video": "image-to-video",
	"image-text-to-video": "image-to-video",
	"text-to-video": "text-to-video",
	"table-question-answering": "table-question",
	"tabular-classification": "tabular",
	"tabular-regression": "tabular",
	"text-to-speech": "speech",
	"text-to-audio": "speech",
	"automatic-speech-recognition": "speech-recognition",
	"audio-classification": "audio-labels",
	"audio-to-audio": "audio-to-audio",
	// A recording in, the answer as JSON (segments with their times).
	"voice-activity-detection": "audio-json",
};

export function widgetKindOf(task: string): WidgetKind {
	return Object.hasOwn(KIND_OF_TASK, task) ? (KIND_OF_TASK[task] as WidgetKind) : "json";
}

const IMAGE_KINDS = new Set<WidgetKind>([
	"image-labels",
	"zero-shot-image",
	"object-detection",
	"depth-estimation",
	"image-segmentation",
	"image-to-text",
	"image-question",
	"image-to-image",
	"image-to-video",
]);

/** Kinds whose input is a picture (the upload area and the canvas editor). */
export function takesImage(kind: WidgetKind): boolean {
	return IMAGE_KINDS.has(kind);
}

const AUDIO_KINDS = new Set<WidgetKind>(["speech-recognition", "audio-labels", "audio-to-audio", "audio-json"]);

/** Kinds whose input is a recording (the upload area with the audio limits). */
export function takesAudio(kind: WidgetKind): boolean {
	return AUDIO_KINDS.has(kind);
}
