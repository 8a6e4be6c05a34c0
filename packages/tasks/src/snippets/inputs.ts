/**
 * Sample inputs for snippets: the model's own widget example first, then a
 * default per task. Every default is our own text. Used by the library snippets
 * (../libraries/snippets/) and by the inference snippets of @hubkit/inference.
 */
import type { ModelData, WidgetExample } from "../model-data.js";
import type { PipelineType } from "../pipelines.js";

/** Sentences for embedding / similarity examples when a model has no widget data. */
export const DEFAULT_SENTENCES = [
	"The train left the station right on time.",
	"Our flight departed exactly as scheduled.",
	"She planted tomatoes along the garden fence.",
] as const;

/** Candidate labels of the zero-shot examples. */
export const DEFAULT_CANDIDATE_LABELS = ["refund", "legal", "faq"] as const;

export const DEFAULT_TEXT: Partial<Record<PipelineType, string>> = {
	"text-classification": "This update made the app so much faster, thank you!",
	"token-classification": "Amina Yusuf flew from Lagos to Montreal to join Shopify.",
	"question-answering": "Which river runs through the old town?",
	"zero-shot-classification": "My parcel arrived broken and I would like my money back.",
	translation: "The library opens at nine and closes at six.",
	summarization:
		"The council met on Tuesday to discuss the new bicycle lanes. After a long debate, members agreed to build two lanes next spring and to review traffic after six months.",
	"text-generation": "The best way to learn a new language is",
	"text2text-generation": "Rewrite politely: send me the report now.",
	"text-to-image": "A lighthouse on a rocky cliff at sunset, flat illustration",
	"text-to-video": "A paper boat drifting down a calm river at dawn",
	"text-to-speech": "Welcome aboard. The next stop is Central Station.",
	"text-to-audio": "A calm piano melody with soft rain in the background",
	"feature-extraction": "Fresh bread is sold every morning at the corner bakery.",
	"sentence-similarity": DEFAULT_SENTENCES[0],
	"image-text-to-text": "Describe this image in one sentence.",
	"image-text-to-image": "Turn the sky into a starry night.",
	"image-text-to-video": "The clouds drift slowly to the left.",
	"image-to-image": "Make it look like a watercolour painting.",
	"image-to-video": "The camera slowly pans across the scene.",
	"visual-question-answering": "How many boats are on the water?",
	"document-question-answering": "What is the invoice total?",
};

const QUESTION_CONTEXT =
	"The old town sits on both banks of the Vltava. Its stone bridge was finished in 1402 and still carries people across the river every day.";

const SAMPLE_TABLE = {
	City: ["Lagos", "Lima", "Osaka"],
	Population: ["15400000", "10900000", "2700000"],
};

/** Structured sample inputs of the tasks that take more than a string. */
function structuredExample(task: PipelineType | undefined, widget: WidgetExample | undefined, text: string): unknown {
	switch (task) {
		case "question-answering":
			return { question: widget?.text ?? text, context: widget?.context ?? QUESTION_CONTEXT };
		case "sentence-similarity": {
			const sentences = widget?.sentences?.length ? widget.sentences : DEFAULT_SENTENCES.slice(1);
			return { source_sentence: widget?.source_sentence ?? DEFAULT_SENTENCES[0], sentences: [...sentences] };
		}
		case "table-question-answering":
			return {
				query: widget?.text ?? widget?.query ?? "Which city has the most people?",
				table: widget?.table ?? SAMPLE_TABLE,
			};
		case "tabular-classification":
		case "tabular-regression":
			return { data: widget?.structured_data ?? { feature_a: ["1.5", "2.0"], feature_b: ["7", "3"] } };
		default:
			return undefined;
	}
}

/**
 * The model's sample input as a value: a string for most tasks, an object for
 * tasks with several inputs (question answering, sentence similarity, tables).
 * `undefined` when the task has no text example (image and audio inputs).
 */
export function getModelInputExample(model: ModelData): string | Record<string, unknown> | undefined {
	const task = model.pipeline_tag;
	const widget = model.widgetData?.find((example) => example && typeof example === "object");
	const text = (typeof widget?.text === "string" && widget.text) || (task && DEFAULT_TEXT[task]) || undefined;
	const structured = structuredExample(task, widget, text ?? "");
	if (structured !== undefined) return structured as Record<string, unknown>;
	return text;
}

/** Labels for zero-shot examples: the widget's comma-separated ones, else ours. */
export function getCandidateLabels(model: ModelData): string[] {
	const given = model.widgetData?.find((example) => typeof example?.candidate_labels === "string")?.candidate_labels;
	const labels = (given ?? "")
		.split(",")
		.map((label) => label.trim())
		.filter(Boolean);
	return labels.length > 0 ? labels : [...DEFAULT_CANDIDATE_LABELS];
}

/**
 * The sample input as snippet text (JSON): `"…"` for a string, an object
 * literal otherwise. `noWrap` folds newlines, tabs and runs of spaces into one
 * space; `noQuotes` strips one pair of outer double quotes.
 */
export function getModelInputSnippet(model: ModelData, noWrap = false, noQuotes = false): string {
	const example = getModelInputExample(model);
	if (example === undefined) return "No input example has been defined for this model task.";
	let text = typeof example === "string" ? JSON.stringify(example) : JSON.stringify(example, null, 4);
	if (noWrap)
		text = text
			.replace(/\\[nt]|\s+/g, " ")
			.replace(/ {2,}/g, " ")
			.trim();
	if (noQuotes && text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
	return text;
}

/**
 * The request payload a task's hub API takes, for this model's sample input:
 * `{ inputs }`, plus `parameters` where the task needs them (zero-shot labels).
 */
export function getModelInputPayload(model: ModelData): Record<string, unknown> | undefined {
	const example = getModelInputExample(model);
	if (example === undefined) return undefined;
	if (model.pipeline_tag === "zero-shot-classification") {
		return { inputs: example, parameters: { candidate_labels: getCandidateLabels(model) } };
	}
	return { inputs: example };
}
