import type { ModelData } from "../model-data.js";
import type { PipelineType } from "../pipelines.js";

/** One step of running a model in a local app: optional install line, then the commands. */
export interface LocalAppSnippet {
	/** Heading shown above the block, e.g. "Install from Homebrew". */
	title: string;
	/** Install command(s), shown before `content`. */
	setup?: string;
	/** The command(s) to run; several lines form one shell script. */
	content: string;
	/** Language of `content` (shell unless said otherwise). */
	language?: "sh" | "python" | "js";
}

interface LocalAppBase {
	prettyLabel: string;
	docsUrl: string;
	/** The task the app is mainly for; the model page shows the app for models of it. */
	mainTask: PipelineType;
	/** Only offered to people on macOS. */
	macOSOnly?: boolean;
	/** Whether the app can run this model at all. */
	displayOnModelPage: (model: ModelData) => boolean;
}

/** An app that opens the model through a link (custom scheme or web page). */
export interface DeeplinkLocalApp extends LocalAppBase {
	deeplink: (model: ModelData, filepath?: string) => URL;
}

/** An app that is used from a terminal (or code): the page shows commands. */
export interface SnippetLocalApp extends LocalAppBase {
	snippet: (model: ModelData, filepath?: string) => LocalAppSnippet[];
}

export type LocalApp = DeeplinkLocalApp | SnippetLocalApp;

export function isDeeplinkApp(app: LocalApp): app is DeeplinkLocalApp {
	return "deeplink" in app;
}
