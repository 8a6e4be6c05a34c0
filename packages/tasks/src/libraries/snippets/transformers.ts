import type { ModelData, WidgetExample } from "../../model-data.js";
import type { PipelineType } from "../../pipelines.js";
import type { LibrarySnippet } from "../types.js";
import { explain, hasTag, pyString, python, pyValue, safeIdentifier, sampleText } from "./common.js";

/** Pipeline tags that `transformers.pipeline(task)` accepts. */
const PIPELINE_TASKS: ReadonlySet<string> = new Set<PipelineType>([
	"audio-classification",
	"automatic-speech-recognition",
	"depth-estimation",
	"document-question-answering",
	"feature-extraction",
	"fill-mask",
	"image-classification",
	"image-feature-extraction",
	"image-segmentation",
	"image-text-to-text",
	"image-to-image",
	"image-to-text",
	"mask-generation",
	"object-detection",
	"question-answering",
	"summarization",
	"table-question-answering",
	"text-classification",
	"text-generation",
	"text-to-audio",
	"text-to-speech",
	"text2text-generation",
	"token-classification",
	"translation",
	"video-classification",
	"visual-question-answering",
	"zero-shot-classification",
	"zero-shot-image-classification",
	"zero-shot-object-detection",
]);

/** Tasks whose models answer a list of chat messages. */
const CHAT_TASKS: ReadonlySet<string> = new Set(["text-generation", "image-text-to-text"]);

// Public sample media hosted on the Hub.
const SAMPLE_IMAGE =
	"https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/pipeline-cat-chonk.jpeg";
const SAMPLE_AUDIO = "https://huggingface.co/datasets/Narsil/asr_dummy/resolve/main/mlk.flac";
const SAMPLE_DOCUMENT =
	"https://huggingface.co/spaces/impira/docquery/resolve/2359223c1837a7587402bda0f2643382a6eefeab/invoice.png";
const SAMPLE_VIDEO =
	"https://huggingface.co/datasets/nateraw/kinetics-mini/resolve/main/val/archery/-Qz25rXdMjE_000014_000024.mp4";

const DEFAULT_IMAGE_QUESTION = "Describe this image in one sentence.";

function isConversational(model: ModelData): boolean {
	const template = model.config?.tokenizer_config?.chat_template;
	const hasTemplate =
		typeof template === "string" ? template.length > 0 : Array.isArray(template) && template.length > 0;
	return hasTag(model, "conversational") || hasTemplate;
}

function taskOf(model: ModelData): string | undefined {
	const tag = model.pipeline_tag ?? model.transformersInfo?.pipeline_tag;
	return typeof tag === "string" ? tag : undefined;
}

function widget(model: ModelData): WidgetExample | undefined {
	return Array.isArray(model.widgetData)
		? model.widgetData.find((example) => example && typeof example === "object")
		: undefined;
}

/** The first user message of a chat widget, when its content is plain text. */
function widgetChatText(model: ModelData): string | undefined {
	for (const example of model.widgetData ?? []) {
		for (const message of example?.messages ?? []) {
			if (message?.role === "user" && typeof message.content === "string" && message.content.length > 0) {
				return message.content;
			}
		}
	}
	return undefined;
}

function widgetText(model: ModelData): string | undefined {
	const text = model.widgetData?.find((example) => typeof example?.text === "string" && example.text.length > 0)?.text;
	return text;
}

function maskToken(model: ModelData): string {
	const token = model.config?.tokenizer_config?.mask_token;
	if (typeof token === "string" && token.length > 0) return token;
	if (token && typeof token === "object" && typeof token.content === "string" && token.content.length > 0) {
		return token.content;
	}
	return "[MASK]";
}

function candidateLabels(model: ModelData, fallback: string[]): string[] {
	const raw = widget(model)?.candidate_labels;
	if (typeof raw !== "string") return fallback;
	const labels = raw
		.split(",")
		.map((label) => label.trim())
		.filter((label) => label.length > 0);
	return labels.length > 0 ? labels : fallback;
}

function chatMessages(model: ModelData, task: string): string {
	if (task === "image-text-to-text") {
		const question = widgetChatText(model) ?? widgetText(model) ?? DEFAULT_IMAGE_QUESTION;
		return `messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "url": ${pyString(SAMPLE_IMAGE)}},
            {"type": "text", "text": ${pyString(question)}},
        ],
    },
]`;
	}
	const prompt = widgetChatText(model) ?? sampleText(model);
	return `messages = [
    {"role": "user", "content": ${pyString(prompt)}},
]`;
}

/** The lines after `pipe = pipeline(…)`: a call on a sample input for the task. */
function pipelineCall(model: ModelData, task: string, chat: boolean): { imports?: string; body: string } {
	if (chat) {
		return {
			body: `${chatMessages(model, task)}\npipe(${task === "image-text-to-text" ? "text=messages" : "messages"})`,
		};
	}
	const text = sampleText(model);
	switch (task) {
		case "fill-mask": {
			const mask = maskToken(model);
			const fromWidget = widgetText(model);
			const sample =
				fromWidget?.includes(mask) === true ? fromWidget : `The quick brown fox jumps over the ${mask} dog.`;
			return { body: `pipe(${pyString(sample)})` };
		}
		case "zero-shot-classification": {
			const labels = candidateLabels(model, ["refund request", "delivery question", "compliment"]);
			return { body: `pipe(\n    ${pyString(text)},\n    candidate_labels=${pyValue(labels, 1)},\n)` };
		}
		case "question-answering": {
			const context = widget(model)?.context;
			const question = widgetText(model) ?? "Which river runs through the old town?";
			const contextText =
				typeof context === "string" && context.length > 0
					? context
					: "The old town was built along the banks of the Vltava, the longest river in the country.";
			return { body: `pipe(\n    question=${pyString(question)},\n    context=${pyString(contextText)},\n)` };
		}
		case "table-question-answering": {
			const example = widget(model);
			const table =
				example?.table && typeof example.table === "object"
					? example.table
					: { City: ["Lima", "Oslo", "Osaka"], Population: ["10.1 million", "0.7 million", "2.7 million"] };
			const query =
				(typeof example?.query === "string" && example.query) ||
				widgetText(model) ||
				"Which city has the largest population?";
			return { body: `table = ${pyValue(table)}\npipe(table=table, query=${pyString(query)})` };
		}
		case "automatic-speech-recognition":
		case "audio-classification":
			return { body: `pipe(${pyString(SAMPLE_AUDIO)})` };
		case "text-to-speech":
		case "text-to-audio":
			return {
				imports: "import soundfile as sf",
				body: `output = pipe(${pyString(text)})
# The pipeline returns the model's own sampling rate with the audio.
sf.write("output.wav", output["audio"].squeeze().T, output["sampling_rate"])`,
			};
		case "zero-shot-image-classification": {
			const labels = candidateLabels(model, ["cat", "dog", "bird"]);
			return { body: `pipe(\n    ${pyString(SAMPLE_IMAGE)},\n    candidate_labels=${pyValue(labels, 1)},\n)` };
		}
		case "zero-shot-object-detection": {
			const labels = candidateLabels(model, ["cat", "remote control"]);
			return { body: `pipe(\n    ${pyString(SAMPLE_IMAGE)},\n    candidate_labels=${pyValue(labels, 1)},\n)` };
		}
		case "document-question-answering":
			return {
				body: `pipe(image=${pyString(SAMPLE_DOCUMENT)}, question=${pyString(widgetText(model) ?? "What is the invoice number?")})`,
			};
		case "visual-question-answering":
			return {
				body: `pipe(image=${pyString(SAMPLE_IMAGE)}, question=${pyString(widgetText(model) ?? "What animal is in the picture?")})`,
			};
		case "video-classification":
			return { body: `pipe(${pyString(SAMPLE_VIDEO)})` };
		case "image-classification":
		case "image-feature-extraction":
		case "image-segmentation":
		case "image-to-image":
		case "image-to-text":
		case "mask-generation":
		case "object-detection":
		case "depth-estimation":
			return { body: `pipe(${pyString(SAMPLE_IMAGE)})` };
		default:
			// Text in, text (or vectors, labels) out: classification, NER, summarization,
			// translation, text2text and plain text generation, feature extraction.
			return { body: `pipe(${pyString(text)})` };
	}
}

function pipelineSnippet(model: ModelData, task: string, remoteCode: boolean, chat: boolean): LibrarySnippet {
	const call = pipelineCall(model, task, chat);
	const imports = [call.imports, "from transformers import pipeline"].filter(Boolean).join("\n");
	const extra = remoteCode ? ", trust_remote_code=True" : "";
	return python(
		`${imports}

pipe = pipeline(${pyString(task)}, model=${pyString(model.id)}${extra})
${call.body}`,
		"Use a pipeline",
	);
}

function directSnippet(model: ModelData, task: string | undefined, remoteCode: boolean, chat: boolean): LibrarySnippet {
	const info = model.transformersInfo;
	const id = pyString(model.id);
	if (typeof info?.custom_class === "string" && info.custom_class.length > 0) {
		return python(
			`from transformers import AutoModel

model = AutoModel.from_pretrained(${id}, trust_remote_code=True)`,
			"Load model directly",
		);
	}
	const processorClass = safeIdentifier(info?.processor, "AutoTokenizer");
	const modelClass = safeIdentifier(info?.auto_model, "AutoModel");
	const name = processorClass.includes("Tokenizer") ? "tokenizer" : "processor";
	const extra = remoteCode ? ", trust_remote_code=True" : "";
	let content = `from transformers import ${processorClass}, ${modelClass}

${name} = ${processorClass}.from_pretrained(${id}${extra})
model = ${modelClass}.from_pretrained(${id}${extra})`;
	if (chat && task) {
		content += `

${chatMessages(model, task)}
inputs = ${name}.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)
outputs = model.generate(**inputs, max_new_tokens=50, do_sample=True, top_p=0.99)
print(${name}.decode(outputs[0][inputs["input_ids"].shape[-1]:], skip_special_tokens=True))`;
	}
	return python(content, "Load model directly");
}

/**
 * Transformers: a pipeline on a sample input when the model's task has one, and
 * loading with the Auto classes the hub recorded for the model.
 */
export function snippets(model: ModelData): LibrarySnippet[] {
	const task = taskOf(model);
	const remoteCode = hasTag(model, "custom_code");
	const chat = task !== undefined && CHAT_TASKS.has(task) && (task === "image-text-to-text" || isConversational(model));
	const out: LibrarySnippet[] = [];
	if (task !== undefined && PIPELINE_TASKS.has(task)) {
		out.push(pipelineSnippet(model, task, remoteCode, chat));
	}
	if (model.transformersInfo && typeof model.transformersInfo === "object") {
		out.push(directSnippet(model, task, remoteCode, chat));
	}
	return out.length > 0 ? out : [explain("Type of model unknown")];
}
