/** Shell snippets: curl. */
import { shString } from "@hubkit/tasks";
import { outputFileName, PLAIN_TEXT, splitToken } from "./common.js";
import type { SnippetPlan } from "./plan.js";
import type { InferenceSnippet } from "./types.js";
import { demoUrl, type MediaFile, mediaFileOf } from "./values.js";

/** A header as one shell word; the token is read from the environment inside double quotes. */
function headerWord(name: string, value: string, plan: SnippetPlan): string {
	const parts = splitToken(value, plan);
	const token = plan.token;
	if (!parts || !("env" in token)) return shString(`${name}: ${value}`);
	const prefix = `${name}: ${parts.prefix}`;
	if (PLAIN_TEXT.test(prefix) && PLAIN_TEXT.test(parts.suffix)) return `"${prefix}$${token.env}${parts.suffix}"`;
	return `${shString(prefix)}"$${token.env}"${parts.suffix ? shString(parts.suffix) : ""}`;
}

const MARKER = `@@file-${globalThis.crypto.randomUUID()}-`;
const MARKER_PATTERN = new RegExp(`(${MARKER}\\d+@@)`);

/**
 * The JSON body as shell words: single-quoted JSON, with each media file
 * spliced in as a base64 command substitution. Such a body goes to curl on its
 * standard input (printf is a shell builtin): as one argument, a picture's
 * base64 would pass the kernel's 128 KiB limit for a single argument.
 */
function jsonBody(payload: Record<string, unknown>, plan: SnippetPlan, used: Set<MediaFile>): string {
	if (!plan.mediaInPayload) return shString(JSON.stringify(payload, null, 4));
	const files = new Map<string, string>();
	const json = JSON.stringify(
		payload,
		(_key, value) => {
			const file = typeof value === "string" ? mediaFileOf(value) : undefined;
			if (!file) return value;
			const marker = `${MARKER}${files.size}@@`;
			files.set(marker, file.fileName);
			used.add(file);
			return plan.mediaEncoding === "base64" ? marker : `data:${file.type};base64,${marker}`;
		},
		4,
	);
	if (files.size === 0) return shString(json);
	// The markers carry a per-process nonce, so no payload text can pass for one.
	const pieces = json.split(MARKER_PATTERN);
	return pieces
		.map((piece) => {
			const fileName = files.get(piece);
			return fileName ? `"$(base64 -w 0 ${shString(fileName)})"` : piece ? shString(piece) : "";
		})
		.join("");
}

export function shSnippets(plan: SnippetPlan): InferenceSnippet[] {
	const raw = plan.raw;
	if (!raw) return [];
	const headers = { ...raw.headers };
	if (raw.bodyFile) headers["Content-Type"] = raw.bodyFile.type;
	const used = new Set<MediaFile>(raw.bodyFile ? [raw.bodyFile] : []);
	const lines = [`curl ${shString(raw.url)}`, "-X POST"];
	for (const [name, value] of Object.entries(headers)) lines.push(`-H ${headerWord(name, value, plan)}`);
	let piped: string | undefined;
	if (raw.bodyFile) lines.push(`--data-binary ${shString(`@${raw.bodyFile.fileName}`)}`);
	else if (raw.payload) {
		const body = jsonBody(raw.payload, plan, used);
		if (used.size > 0) {
			piped = `printf '%s' ${body} |`;
			lines.push("--data-binary @-");
		} else lines.push(`-d ${body}`);
	}
	if (plan.streaming) lines.push("--no-buffer");
	if (plan.helper.responseKind === "blob") lines.push(`-o ${shString(outputFileName(plan.task))}`);
	lines.push("--fail-with-body");
	// The sample media are the hub's demo files, fetched first.
	const downloads = [...used].map(
		(file) => `curl -sS --fail ${shString(demoUrl(plan.hubUrl, file))} -o ${shString(file.fileName)}`,
	);
	const request = `${piped ? `${piped}\n` : ""}${lines.join(" \\\n    ")}`;
	const content = downloads.length > 0 ? [...downloads, "", request].join("\n") : request;
	return [{ language: "sh", client: "curl", content }];
}
