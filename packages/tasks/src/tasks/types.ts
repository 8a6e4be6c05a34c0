import type { PipelineType } from "../pipelines.js";

/** A labelled piece of text shown in a task demo. */
export interface DemoText {
	type: "text";
	label: string;
	content: string;
}

/** An image shipped in `assets/demo/` (video tasks show a still frame). */
export interface DemoImage {
	type: "img";
	filename: string;
}

/** A WAV file shipped in `assets/demo/`. */
export interface DemoAudio {
	type: "audio";
	filename: string;
}

/** Scores per label, drawn as a bar chart. Scores are in [0, 1]. */
export interface DemoChart {
	type: "chart";
	data: { label: string; score: number }[];
}

/** A table; the first row is the header. */
export interface DemoTable {
	type: "tabular";
	data: string[][];
}

/** Text with labelled character spans: `text.slice(start, end)` is the span. */
export interface DemoTextWithTokens {
	type: "text-with-tokens";
	text: string;
	tokens: { type: string; start: number; end: number }[];
}

export type DemoEntry = DemoText | DemoImage | DemoAudio | DemoChart | DemoTable | DemoTextWithTokens;
export type DemoEntryType = DemoEntry["type"];

/** A repository, metric or app that a task page links to, with why it is worth a look. */
export interface ExampleRepo {
	id: string;
	description: string;
}

/**
 * What a task folder (`src/tasks/<tag>/data.ts`) writes by hand. The id, label and
 * libraries are filled in by `src/tasks/index.ts` from the pipeline data and
 * `TASKS_MODEL_LIBRARIES`, so they are never typed twice.
 */
export interface TaskDataCustom {
	/** 2–4 plain sentences: what the task does, what goes in, what comes out. */
	summary: string;
	datasets: ExampleRepo[];
	metrics: ExampleRepo[];
	models: ExampleRepo[];
	spaces: ExampleRepo[];
	/** Models the hub's widget uses by default for this task (may be empty). */
	widgetModels: string[];
	youtubeId?: string;
	/** This task is a flavour of another one; its page points there too. */
	canonicalId?: PipelineType;
	/** The tag exists but has no content yet. */
	isPlaceholder?: boolean;
	demo: { inputs: DemoEntry[]; outputs: DemoEntry[] };
}

export interface TaskData extends TaskDataCustom {
	id: PipelineType;
	label: string;
	libraries: string[];
}
