/** Python snippets: huggingface_hub, fal_client, openai and requests. */
import { pyString } from "@hubkit/tasks";
import { HF_ROUTER_URL } from "../config.js";
import type { InferenceTask } from "../types.js";
import { chatParameters, openAIBaseUrl, outputFileName, splitToken } from "./common.js";
import type { SnippetPlan } from "./plan.js";
import type { InferenceSnippet } from "./types.js";
import { demoUrl, type ExpressionHook, mediaFileOf, pyExpr } from "./values.js";

/** Tasks huggingface_hub's InferenceClient has a method for (snake_case of the task). */
const HUB_CLIENT_TASKS = new Set<InferenceTask>([
	"audio-classification",
	"audio-to-audio",
	"automatic-speech-recognition",
	"document-question-answering",
	"feature-extraction",
	"fill-mask",
	"image-classification",
	"image-segmentation",
	"image-to-image",
	"image-to-text",
	"image-to-video",
	"object-detection",
	"question-answering",
	"sentence-similarity",
	"summarization",
	"table-question-answering",
	"tabular-classification",
	"tabular-regression",
	"text-classification",
	"text-generation",
	"text-to-image",
	"text-to-speech",
	"text-to-video",
	"token-classification",
	"translation",
	"visual-question-answering",
	"zero-shot-classification",
	"zero-shot-image-classification",
]);

/** The token as a Python expression: the environment by default, a literal only when given one. */
function tokenExpr(plan: SnippetPlan): string {
	return "env" in plan.token ? `os.environ[${pyString(plan.token.env)}]` : pyString(plan.token.literal);
}

function headerExpr(value: string, plan: SnippetPlan): string {
	const parts = splitToken(value, plan);
	if (!parts) return pyString(value);
	const pieces = [
		parts.prefix ? pyString(parts.prefix) : "",
		tokenExpr(plan),
		parts.suffix ? pyString(parts.suffix) : "",
	];
	return pieces.filter(Boolean).join(" + ");
}

/** Keyword arguments, one per line. */
function keywords(entries: [string, unknown][], indent: number, hook?: ExpressionHook): string {
	const pad = "    ".repeat(indent);
	return entries.map(([name, value]) => `${pad}${name}=${pyExpr(value, indent, hook)},`).join("\n");
}

/** Media files as their URL on the hub: huggingface_hub's client and fal fetch URLs themselves. */
function fileUrl(plan: SnippetPlan): ExpressionHook {
	return (value) => {
		const file = mediaFileOf(value);
		return file ? pyString(demoUrl(plan.hubUrl, file)) : undefined;
	};
}

function hubClientSnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const chat = plan.task === "conversational";
	if (!chat && !HUB_CLIENT_TASKS.has(plan.task)) return undefined;
	const selfHosted = plan.authMethod === "hf-token" && !plan.options.endpointUrl && plan.routerUrl !== HF_ROUTER_URL;
	const baseUrl = selfHosted ? selfHostedBaseUrl(plan) : undefined;
	if (selfHosted && baseUrl === undefined) return undefined;
	const settings: [string, unknown][] = plan.options.endpointUrl
		? [["model", plan.options.endpointUrl]]
		: baseUrl !== undefined
			? [["base_url", baseUrl]]
			: [["provider", plan.provider]];
	const lines = ["import os", "from huggingface_hub import InferenceClient", "", "client = InferenceClient("];
	lines.push(keywords(settings, 1));
	lines.push(`    api_key=${tokenExpr(plan)},`);
	if (plan.options.billTo) lines.push(`    bill_to=${pyString(plan.options.billTo)},`);
	lines.push(")", "");
	// The call names the model unless the URL does; a chat body still names the provider's model.
	let model: [string, unknown][] = [["model", plan.model.id]];
	if (plan.options.endpointUrl) model = [];
	else if (baseUrl !== undefined) model = chat ? [["model", plan.raw?.payload?.model]] : [];
	if (chat) {
		const call = keywords(
			[...model, ...chatParameters(plan), ...(plan.streaming ? [["stream", true]] : [])] as [string, unknown][],
			1,
		);
		if (plan.streaming) {
			lines.push("stream = client.chat.completions.create(", call, ")", "");
			lines.push("for chunk in stream:", '    print(chunk.choices[0].delta.content or "", end="")');
		} else {
			lines.push("completion = client.chat.completions.create(", call, ")", "", "print(completion.choices[0].message)");
		}
	} else {
		const { first, named } = hubClientArguments(plan);
		const filePath = fileUrl(plan);
		const method = plan.task.replace(/-/g, "_");
		const result = plan.fileOutput ? (plan.task.endsWith("image") ? "image" : "output") : "result";
		lines.push(`${result} = client.${method}(`);
		if (first !== undefined) lines.push(`    ${pyExpr(first, 1, filePath)},`);
		const rest = keywords([...named, ...model], 1, filePath);
		lines.push(...(rest ? [rest] : []), ")", "");
		if (result === "image") lines.push(`image.save(${pyString(outputFileName(plan.task))})`);
		else if (result === "output") {
			lines.push(`with open(${pyString(outputFileName(plan.task))}, "wb") as file:`, "    file.write(output)");
		} else lines.push("print(result)");
	}
	return {
		language: "python",
		client: "huggingface_hub",
		content: lines.join("\n"),
		setup: "pip install --upgrade huggingface_hub",
	};
}

/**
 * huggingface_hub sends every call to router.huggingface.co unless its model is a URL, which it calls as it
 * is (chat: with `/chat/completions` added). On another router the snippet passes that router's URL as
 * `base_url`: a hf-inference call's own URL, or a chat route's OpenAI-style base. Other providers' tasks
 * take provider-shaped bodies huggingface_hub only sends to its own router: no snippet.
 */
function selfHostedBaseUrl(plan: SnippetPlan): string | undefined {
	if (plan.task === "conversational") return openAIBaseUrl(plan);
	return plan.provider === "hf-inference" ? plan.raw?.url : undefined;
}

/** The task method's arguments: its main input first, the rest by name. */
function hubClientArguments(plan: SnippetPlan): { first: unknown; named: [string, unknown][] } {
	const { inputs, data, parameters } = plan.args as { inputs?: unknown; data?: unknown; parameters?: unknown };
	const object = (inputs && typeof inputs === "object" ? inputs : {}) as Record<string, unknown>;
	const params = (parameters && typeof parameters === "object" ? parameters : {}) as Record<string, unknown>;
	switch (plan.task) {
		case "question-answering":
			return {
				first: undefined,
				named: [
					["question", object.question],
					["context", object.context],
				],
			};
		case "table-question-answering":
			return {
				first: undefined,
				named: [
					["query", object.query],
					["table", object.table],
				],
			};
		case "sentence-similarity":
			return { first: object.source_sentence, named: [["other_sentences", object.sentences]] };
		case "visual-question-answering":
		case "document-question-answering":
			return {
				first: undefined,
				named: [
					["image", object.image],
					["question", object.question],
				],
			};
		case "tabular-classification":
		case "tabular-regression":
			return { first: undefined, named: [["table", object.data]] };
		default: {
			const named = Object.entries(params).filter(([name]) => /^[a-z_][a-z0-9_]*$/.test(name));
			return { first: data ?? inputs, named };
		}
	}
}

/**
 * fal's own client, for every fal.ai task. It calls fal.ai directly (it cannot
 * go through a router), with the fal key it reads from FAL_KEY, or the provider
 * key the caller passed; media go as their URL on the hub, which fal fetches.
 */
function falClientSnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const payload = plan.raw?.payload;
	if (plan.provider !== "fal-ai" || !payload) return undefined;
	// Queued tasks are submitted and waited for; the others (speech) answer at once.
	const method = new URL(plan.helper.baseUrl).hostname.startsWith("queue.") ? "subscribe" : "run";
	const literalKey = "literal" in plan.token && plan.authMethod === "provider-key" ? plan.token.literal : undefined;
	const lines = ["import fal_client", ""];
	if (literalKey !== undefined) {
		lines.push(`client = fal_client.SyncClient(key=${pyString(literalKey)})`, "");
	} else {
		lines.push("# fal_client calls fal.ai directly, with your fal key from the FAL_KEY environment variable.");
	}
	lines.push(`result = ${literalKey !== undefined ? "client" : "fal_client"}.${method}(`);
	lines.push(`    ${pyString(plan.providerModel)},`, `    arguments=${pyExpr(payload, 1, fileUrl(plan))},`);
	if (method === "subscribe") lines.push("    with_logs=True,");
	lines.push(")", "", "print(result)");
	return { language: "python", client: "fal_client", content: lines.join("\n"), setup: "pip install fal-client" };
}

function openAISnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const baseUrl = openAIBaseUrl(plan);
	if (!baseUrl || !plan.raw?.payload) return undefined;
	const lines = ["import os", "from openai import OpenAI", "", "client = OpenAI("];
	lines.push(`    base_url=${pyString(baseUrl)},`, `    api_key=${tokenExpr(plan)},`);
	const billTo = plan.raw.headers["X-HF-Bill-To"];
	if (billTo !== undefined) lines.push(`    default_headers={"X-HF-Bill-To": ${pyString(billTo)}},`);
	lines.push(")", "");
	const entries = [["model", plan.raw.payload.model], ...chatParameters(plan)] as [string, unknown][];
	if (plan.streaming) entries.push(["stream", true]);
	if (plan.streaming) {
		lines.push("stream = client.chat.completions.create(", keywords(entries, 1), ")", "");
		lines.push("for chunk in stream:", '    print(chunk.choices[0].delta.content or "", end="")');
	} else {
		lines.push("completion = client.chat.completions.create(", keywords(entries, 1), ")", "");
		lines.push("print(completion.choices[0].message)");
	}
	return { language: "python", client: "openai", content: lines.join("\n"), setup: "pip install --upgrade openai" };
}

function requestsSnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const raw = plan.raw;
	if (!raw) return undefined;
	let usesBase64 = false;
	const encoded: ExpressionHook = (value) => {
		if (typeof value !== "string") return undefined;
		const file = mediaFileOf(value);
		if (!file) return undefined;
		usesBase64 = true;
		const read = `encode_file(${pyString(demoUrl(plan.hubUrl, file))})`;
		return plan.mediaEncoding === "base64" ? read : `${pyString(`data:${file.type};base64,`)} + ${read}`;
	};
	const headers = { ...raw.headers };
	if (raw.bodyFile) headers["Content-Type"] = raw.bodyFile.type;
	const headerLines = Object.entries(headers).map(
		([name, value]) => `    ${pyString(name)}: ${headerExpr(value, plan)},`,
	);
	const body: string[] = [];
	const blob = plan.helper.responseKind === "blob";
	const answer = blob ? "response.content" : "response.json()";
	if (raw.bodyFile) {
		body.push(
			"def query(data):",
			"    response = requests.post(API_URL, headers=headers, data=data)",
			"    response.raise_for_status()",
			`    return ${answer}`,
			"",
			`output = query(download(${pyString(demoUrl(plan.hubUrl, raw.bodyFile))}))`,
		);
	} else if (plan.streaming) {
		body.push(
			"def query(payload):",
			"    response = requests.post(API_URL, headers=headers, json=payload, stream=True)",
			"    response.raise_for_status()",
			"    for line in response.iter_lines():",
			'        if not line.startswith(b"data:"):',
			"            continue",
			'        data = line[len(b"data:"):].strip()',
			'        if data == b"[DONE]":',
			"            return",
			"        yield json.loads(data)",
			"",
			`for chunk in query(${pyExpr(raw.payload, 0, encoded)}):`,
			'    print(chunk["choices"][0]["delta"].get("content") or "", end="")',
		);
	} else {
		body.push(
			"def query(payload):",
			"    response = requests.post(API_URL, headers=headers, json=payload)",
			"    response.raise_for_status()",
			`    return ${answer}`,
			"",
			`output = query(${pyExpr(raw.payload, 0, encoded)})`,
		);
	}
	if (!plan.streaming) {
		if (blob) {
			body.push(`with open(${pyString(outputFileName(plan.task))}, "wb") as file:`, "    file.write(output)");
		} else body.push("print(output)");
	}
	const imports = ["import os", "import requests"];
	if (plan.streaming) imports.unshift("import json");
	if (usesBase64) imports.unshift("import base64");
	// The sample media are the hub's demo files, fetched before the call.
	const helpers: string[] = [];
	if (usesBase64 || raw.bodyFile) {
		helpers.push(
			"",
			"def download(url):",
			"    response = requests.get(url)",
			"    response.raise_for_status()",
			"    return response.content",
		);
	}
	if (usesBase64) helpers.push("", "def encode_file(url):", "    return base64.b64encode(download(url)).decode()");
	const content = [
		...imports,
		"",
		`API_URL = ${pyString(raw.url)}`,
		"headers = {",
		...headerLines,
		"}",
		...helpers,
		"",
		...body,
	].join("\n");
	return {
		language: "python",
		client: "requests",
		content,
		setup: "pip install requests",
	};
}

export function pythonSnippets(plan: SnippetPlan): InferenceSnippet[] {
	const snippets = [hubClientSnippet(plan), falClientSnippet(plan), openAISnippet(plan), requestsSnippet(plan)];
	return snippets.filter((snippet): snippet is InferenceSnippet => snippet !== undefined);
}
