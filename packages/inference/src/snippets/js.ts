/** JavaScript snippets (ES modules for Node): @hubkit/inference, openai and fetch. */
import { jsString } from "@hubkit/tasks";
import { InferenceClient } from "../client.js";
import { HF_HUB_URL, HF_ROUTER_URL } from "../config.js";
import { PACKAGE_NAME } from "../version.js";
import { camelCase, chatParameters, openAIBaseUrl, outputFileName, PLAIN_TEXT, splitToken } from "./common.js";
import type { SnippetPlan } from "./plan.js";
import type { InferenceSnippet } from "./types.js";
import { demoUrl, type ExpressionHook, jsExpr, mediaFileOf } from "./values.js";

/** The token as a JavaScript expression: the environment by default, a literal only when given one. */
function tokenExpr(plan: SnippetPlan): string {
	const token = plan.token;
	if ("literal" in token) return jsString(token.literal);
	return /^[A-Z_][A-Z0-9_]*$/.test(token.env) ? `process.env.${token.env}` : `process.env[${jsString(token.env)}]`;
}

function headerExpr(value: string, plan: SnippetPlan): string {
	const parts = splitToken(value, plan);
	if (!parts) return jsString(value);
	if (PLAIN_TEXT.test(parts.prefix) && PLAIN_TEXT.test(parts.suffix)) {
		return `\`${parts.prefix}\${${tokenExpr(plan)}}${parts.suffix}\``;
	}
	return [jsString(parts.prefix), tokenExpr(plan), jsString(parts.suffix)].join(" + ");
}

/** Media files as Blobs fetched from the hub (typed by its Content-Type), the way the client takes them. */
function fileBlob(plan: SnippetPlan): ExpressionHook {
	return (value) => {
		const file = mediaFileOf(value);
		return file ? `await (await fetch(${jsString(demoUrl(plan.hubUrl, file))})).blob()` : undefined;
	};
}

function hubkitClientSnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const method =
		plan.task === "conversational"
			? plan.streaming
				? "chatCompletionStream"
				: "chatCompletion"
			: camelCase(plan.task);
	if (typeof (InferenceClient.prototype as unknown as Record<string, unknown>)[method] !== "function") return undefined;
	const defaults: Record<string, string> = {};
	if (plan.options.billTo) defaults.billTo = plan.options.billTo;
	if (plan.hubUrl !== HF_HUB_URL) defaults.hubUrl = plan.hubUrl;
	if (plan.routerUrl !== HF_ROUTER_URL) defaults.routerUrl = plan.routerUrl;
	const lines: string[] = [];
	if (plan.fileOutput) lines.push('import { writeFile } from "node:fs/promises";');
	lines.push(`import { InferenceClient } from ${jsString(PACKAGE_NAME)};`, "");
	const options = Object.keys(defaults).length > 0 ? `, ${jsExpr(defaults)}` : "";
	const endpoint = plan.options.endpointUrl ? `.endpoint(${jsString(plan.options.endpointUrl)})` : "";
	lines.push(`const client = new InferenceClient(${tokenExpr(plan)}${options})${endpoint};`, "");
	const args: Record<string, unknown> = plan.options.endpointUrl
		? { ...plan.args }
		: { provider: plan.provider, model: plan.model.id, ...plan.args };
	const call = `client.${method}(${jsExpr(args, 0, fileBlob(plan))})`;
	if (plan.task === "conversational" && plan.streaming) {
		lines.push(
			`for await (const chunk of ${call}) {`,
			'\tprocess.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
			"}",
		);
	} else if (plan.task === "conversational") {
		lines.push(`const completion = await ${call};`, "", "console.log(completion.choices[0].message);");
	} else if (plan.fileOutput) {
		lines.push(`const output = await ${call};`, "");
		lines.push(`await writeFile(${jsString(outputFileName(plan.task))}, Buffer.from(await output.arrayBuffer()));`);
	} else {
		lines.push(`const output = await ${call};`, "", "console.log(JSON.stringify(output));");
	}
	return { language: "js", client: PACKAGE_NAME, content: lines.join("\n"), setup: `npm install ${PACKAGE_NAME}` };
}

function openAISnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const baseUrl = openAIBaseUrl(plan);
	if (!baseUrl || !plan.raw?.payload) return undefined;
	const billTo = plan.raw.headers["X-HF-Bill-To"];
	const lines = ['import { OpenAI } from "openai";', "", "const client = new OpenAI({"];
	lines.push(`\tbaseURL: ${jsString(baseUrl)},`, `\tapiKey: ${tokenExpr(plan)},`);
	if (billTo !== undefined) lines.push(`\tdefaultHeaders: { "X-HF-Bill-To": ${jsString(billTo)} },`);
	lines.push("});", "");
	const request: Record<string, unknown> = { model: plan.raw.payload.model };
	for (const [name, value] of chatParameters(plan)) request[name] = value;
	if (plan.streaming) request.stream = true;
	const call = `await client.chat.completions.create(${jsExpr(request)})`;
	if (plan.streaming) {
		lines.push(`const stream = ${call};`, "");
		lines.push(
			"for await (const chunk of stream) {",
			'\tprocess.stdout.write(chunk.choices[0]?.delta?.content ?? "");',
			"}",
		);
	} else {
		lines.push(`const completion = ${call};`, "", "console.log(completion.choices[0].message);");
	}
	return { language: "js", client: "openai", content: lines.join("\n"), setup: "npm install openai" };
}

function fetchSnippet(plan: SnippetPlan): InferenceSnippet | undefined {
	const raw = plan.raw;
	if (!raw) return undefined;
	let downloads = Boolean(raw.bodyFile);
	const encoded: ExpressionHook = (value) => {
		const file = typeof value === "string" ? mediaFileOf(value) : undefined;
		if (!file) return undefined;
		downloads = true;
		const read = `(await download(${jsString(demoUrl(plan.hubUrl, file))})).toString("base64")`;
		return plan.mediaEncoding === "base64" ? read : `${jsString(`data:${file.type};base64,`)} + ${read}`;
	};
	const headers = { ...raw.headers };
	if (raw.bodyFile) headers["Content-Type"] = raw.bodyFile.type;
	const headerLines = Object.entries(headers).map(
		([name, value]) => `\t\t\t${/^[A-Za-z]+$/.test(name) ? name : jsString(name)}: ${headerExpr(value, plan)},`,
	);
	const blob = plan.helper.responseKind === "blob";
	const input = raw.bodyFile
		? `await download(${jsString(demoUrl(plan.hubUrl, raw.bodyFile))})`
		: jsExpr(raw.payload, 0, encoded);
	const body = raw.bodyFile ? "input" : "JSON.stringify(input)";
	const lines = [
		"async function query(input) {",
		`\tconst response = await fetch(${jsString(raw.url)}, {`,
		'\t\tmethod: "POST",',
		"\t\theaders: {",
		...headerLines,
		"\t\t},",
		`\t\tbody: ${body},`,
		"\t});",
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal
		"\tif (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);",
	];
	if (plan.streaming) {
		lines.push("\treturn response.body;", "}", "", `const stream = await query(${input});`);
		lines.push("const decoder = new TextDecoder();", "for await (const chunk of stream) {");
		lines.push("\tprocess.stdout.write(decoder.decode(chunk, { stream: true }));", "}");
	} else if (blob) {
		lines.push("\treturn Buffer.from(await response.arrayBuffer());", "}", "");
		lines.push(
			`const output = await query(${input});`,
			`await writeFile(${jsString(outputFileName(plan.task))}, output);`,
		);
	} else {
		lines.push("\treturn await response.json();", "}", "", `const output = await query(${input});`);
		lines.push("console.log(JSON.stringify(output));");
	}
	if (downloads) {
		// The sample media are the hub's demo files, fetched before the call.
		lines.unshift(
			"async function download(url) {",
			"\tconst response = await fetch(url);",
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal
			"\tif (!response.ok) throw new Error(`${response.status}: ${url}`);",
			"\treturn Buffer.from(await response.arrayBuffer());",
			"}",
			"",
		);
	}
	if (blob && !plan.streaming) lines.unshift('import { writeFile } from "node:fs/promises";', "");
	return { language: "js", client: "fetch", content: lines.join("\n") };
}

export function jsSnippets(plan: SnippetPlan): InferenceSnippet[] {
	const snippets = [hubkitClientSnippet(plan), openAISnippet(plan), fetchSnippet(plan)];
	return snippets.filter((snippet): snippet is InferenceSnippet => snippet !== undefined);
}
