/**
 * A task's answer turned into what the widget draws: label scores as bars,
 * entities as spans of the input text, boxes over the picture, text, media, or
 * JSON. Pure: the answers arrive already checked by @hubkit/inference.
 */

export interface LabelScore {
	label: string;
	score: number;
}

export interface EntitySpan {
	start: number;
	end: number;
	label: string;
	score: number;
}

export interface DetectionBox extends LabelScore {
	/** Pixels of the picture the model saw. */
	xmin: number;
	ymin: number;
	xmax: number;
	ymax: number;
}

/** One label's region of the picture: a mask image the picture's size, white inside. */
export interface Segment {
	label: string;
	score?: number;
	/** A data URL of the mask (a PNG from the hub's runtime). */
	maskUrl: string;
}

/** A depth map to show beside the picture, with the range of the values it was scaled from. */
export interface DepthMap {
	/** A data URL of the depth image (lighter is a larger predicted value). */
	url: string;
	/** The smallest and largest predicted values, when the answer carried them. */
	range?: { min: number; max: number };
}

export type WidgetResult =
	| { type: "labels"; rows: LabelScore[] }
	/** Texts in the order a ranking model put them, best first, each with its score. */
	| { type: "ranking"; rows: LabelScore[] }
	| { type: "spans"; text: string; spans: EntitySpan[] }
	| { type: "text"; text: string; rows?: LabelScore[] }
	| { type: "vector"; length: number; head: number[] }
	| { type: "boxes"; imageUrl: string; boxes: DetectionBox[] }
	| { type: "depth"; imageUrl: string; depth: DepthMap }
	| { type: "segments"; imageUrl: string; segments: Segment[] }
	| { type: "image"; url: string }
	| { type: "audio"; url: string }
	| { type: "video"; url: string }
	| { type: "audios"; items: { label: string; url: string }[] }
	| { type: "json"; value: unknown };

/** How many bars a chart shows: the rest are noise to a reader. */
export const MAX_ROWS = 5;

/** Highest score first, at most `limit` rows. */
export function topScores(rows: readonly LabelScore[], limit = MAX_ROWS): LabelScore[] {
	return [...rows].sort((a, b) => b.score - a.score).slice(0, limit);
}

/** A provider may nest one input's classes in an outer list (`[[…]]`): take the first input's. */
export function flattenClassification(output: unknown): LabelScore[] {
	const rows = Array.isArray(output) && Array.isArray(output[0]) ? output[0] : output;
	if (!Array.isArray(rows)) return [];
	return rows.flatMap((row) => {
		const item = row as { label?: unknown; score?: unknown };
		return typeof item.label === "string" && typeof item.score === "number"
			? [{ label: item.label, score: item.score }]
			: [];
	});
}

/**
 * Entities as non-overlapping spans of `text`, in reading order. `B-`/`I-`
 * prefixes of ungrouped answers are dropped so "B-PER" and "I-PER" read as one label.
 */
export function entitySpans(
	text: string,
	entities: readonly { entity_group?: string; entity?: string; score: number; start: number; end: number }[],
): EntitySpan[] {
	const spans = entities
		.map((entity) => ({
			start: Math.max(0, Math.min(entity.start, text.length)),
			end: Math.max(0, Math.min(entity.end, text.length)),
			label: (entity.entity_group ?? entity.entity ?? "").replace(/^[BI]-/, ""),
			score: entity.score,
		}))
		.filter((span) => span.end > span.start && span.label)
		.sort((a, b) => a.start - b.start || b.end - a.end);
	const kept: EntitySpan[] = [];
	for (const span of spans) {
		const last = kept.at(-1);
		// Touching pieces of one entity (word pieces of an ungrouped answer) merge into one span.
		if (last && last.label === span.label && text.slice(last.end, span.start).trim() === "") {
			if (span.start <= last.end || span.start - last.end <= 1) {
				last.end = Math.max(last.end, span.end);
				last.score = Math.min(last.score, span.score);
				continue;
			}
		}
		if (last && span.start < last.end) continue;
		kept.push({ ...span });
	}
	return kept;
}

/** Sentence similarity: one score per sentence, named by the sentence. */
export function similarityRows(sentences: readonly string[], scores: readonly number[]): LabelScore[] {
	return sentences.map((sentence, index) => ({ label: sentence, score: scores[index] ?? 0 }));
}

/**
 * Text ranking: `[{ index, score }]` (the hub's route and TEI's rerank answer) as
 * the texts themselves, best first whatever order the answer came in.
 */
export function rankedRows(texts: readonly string[], output: unknown): LabelScore[] {
	if (!Array.isArray(output)) return [];
	return output
		.flatMap((item): LabelScore[] => {
			const { index, score } = (item ?? {}) as { index?: unknown; score?: unknown };
			const text = typeof index === "number" ? texts[index] : undefined;
			return text !== undefined && typeof score === "number" ? [{ label: text, score }] : [];
		})
		.sort((a, b) => b.score - a.score);
}

/** Feature extraction: the first vector, however deeply the provider nested it. */
export function firstVector(output: unknown): number[] {
	let value = output;
	while (Array.isArray(value) && Array.isArray(value[0])) value = value[0];
	return Array.isArray(value) ? value.filter((item): item is number => typeof item === "number") : [];
}

/** Object detection: the confident boxes, highest score first. */
export function detectionBoxes(
	output: readonly { label: string; score: number; box: { xmin: number; ymin: number; xmax: number; ymax: number } }[],
	minScore = 0.1,
): DetectionBox[] {
	return output
		.filter((item) => item.score >= minScore)
		.sort((a, b) => b.score - a.score)
		.map((item) => ({ label: item.label, score: item.score, ...item.box }));
}

/** A base64 image as a data URL; a value that already is a URL (data or http) is kept. */
function imageUrlOf(value: string): string {
	return /^(data:|https?:)/.test(value) ? value : `data:image/png;base64,${value}`;
}

/**
 * Depth estimation (`{ depth, predicted_depth }`), read through the generic
 * call, so checked here: undefined when `depth` is not an image string.
 */
export function depthMap(output: unknown): DepthMap | undefined {
	const { depth, predicted_depth: predicted } = (output ?? {}) as { depth?: unknown; predicted_depth?: unknown };
	if (typeof depth !== "string" || !depth) return undefined;
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	// A loop, not Math.min(...values): a large picture's values would overflow the call stack.
	const visit = (value: unknown) => {
		if (typeof value === "number") {
			if (value < min) min = value;
			if (value > max) max = value;
		} else if (Array.isArray(value)) for (const item of value) visit(item);
	};
	visit(predicted);
	return { url: imageUrlOf(depth), range: min <= max ? { min, max } : undefined };
}

/** Image segmentation: one segment per label, best score first when scores are given, masks as data URLs. */
export function segmentsOf(output: readonly { label: string; score?: number; mask: string }[]): Segment[] {
	return output
		.map((item) => ({ label: item.label, score: item.score, maskUrl: imageUrlOf(item.mask) }))
		.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
}
