/**
 * The API reference as one HTML page, rendered by the hub from the OpenAPI
 * document: operations grouped by tag, each with its parameters and its details
 * (markdown, rendered by markdown.ts). Styles are
 * inline and nothing is fetched from elsewhere, so it works on a hub with no
 * way out to the internet (and under a strict Content-Security-Policy).
 */

import { escapeHtml, inlineHtml, markdownHtml } from "./markdown.js";

type Json = Record<string, unknown>;

/** `code` spans of the summaries (backticks), everything else escaped. */
const prose = (text: unknown): string => inlineHtml(String(text));

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
header{padding:1.5rem 2rem;border-bottom:1px solid #d0d7de}
main{display:flex;gap:2rem;padding:1rem 2rem}
nav{min-width:14rem;position:sticky;top:1rem;align-self:flex-start}
nav a{display:block;color:#0969da;text-decoration:none;padding:.1rem 0}
section{margin-bottom:2rem}
details{border:1px solid #d0d7de;border-radius:6px;margin:.4rem 0;padding:.4rem .8rem}
summary{cursor:pointer}
.method{display:inline-block;min-width:4.5rem;font:600 12px monospace;text-transform:uppercase}
.get,.head{color:#1a7f37}.post{color:#0969da}.put,.patch{color:#9a6700}.delete{color:#cf222e}
.path{font-family:monospace}
table{border-collapse:collapse;margin:.5rem 0}
td,th{border:1px solid #d0d7de;padding:.2rem .5rem;text-align:left;vertical-align:top}
code{background:#f6f8fa;padding:0 .2rem;border-radius:3px}
pre{background:#f6f8fa;padding:.5rem;border-radius:6px;overflow:auto}
`;

function parameterRows(parameters: Json[]): string {
	if (parameters.length === 0) return "";
	const rows = parameters.map((parameter) => {
		const schema = (parameter.schema ?? {}) as Json;
		const values = Array.isArray(schema.enum)
			? `: ${schema.enum.map((value) => `<code>${escapeHtml(value)}</code>`).join(" | ")}`
			: "";
		return `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${escapeHtml(schema.type ?? "")}${values}</td><td>${prose(parameter.description ?? "")}</td></tr>`;
	});
	return `<table><tr><th>Name</th><th>In</th><th>Type</th><th>About</th></tr>${rows.join("")}</table>`;
}

export function referencePage(document: Json): string {
	const info = document.info as { title: string; version: string; summary?: string };
	const paths = document.paths as Record<string, Record<string, Json>>;
	const byTag = new Map<string, string[]>();
	for (const [path, operations] of Object.entries(paths)) {
		for (const [method, op] of Object.entries(operations)) {
			const tag = (op.tags as string[] | undefined)?.[0] ?? "Other";
			const body = op.requestBody as { content: Json } | undefined;
			const accepts = body ? `<p>Body: <code>${escapeHtml(Object.keys(body.content).join(", "))}</code></p>` : "";
			const entry = `<details id="${escapeHtml(op.operationId)}"><summary><span class="method ${escapeHtml(method)}">${escapeHtml(method)}</span> <span class="path">${escapeHtml(path)}</span> — ${prose(op.summary)}</summary>${op.description ? markdownHtml(String(op.description)) : ""}${parameterRows((op.parameters ?? []) as Json[])}${accepts}</details>`;
			byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
		}
	}
	const slug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
	const nav = [...byTag.keys()].map((tag) => `<a href="#${slug(tag)}">${escapeHtml(tag)}</a>`).join("");
	const sections = [...byTag]
		.map(([tag, entries]) => `<section id="${slug(tag)}"><h2>${escapeHtml(tag)}</h2>${entries.join("")}</section>`)
		.join("");
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${prose(info.summary ?? "")}</p>
<p>The same as OpenAPI 3.1: <a href="/api/openapi.json"><code>/api/openapi.json</code></a>. Send a token as <code>Authorization: Bearer hf_…</code>; errors are <code>{"error": "…"}</code> with <code>X-Error-Code</code> and <code>X-Request-Id</code>.</p></header>
<main><nav>${nav}</nav><div>${sections}</div></main></body></html>`;
}
