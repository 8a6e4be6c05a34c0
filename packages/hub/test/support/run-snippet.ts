/**
 * Runs inference snippets as a user would: a js snippet with node, a sh one with
 * bash, in `dir`, with the token in HF_TOKEN. Snippet folders live inside the
 * package (RUNS_ROOT), so `import … from "@hubkit/inference"` resolves to the workspace.
 * And a model page's snippets, read from a hub and run against it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getInferenceSnippets, type InferenceSnippet } from "@hubkit/inference";
import { expect } from "vitest";

export const RUNS_ROOT = new URL("../../.snippet-runs/", import.meta.url).pathname;

export interface Ran {
	code: number | null;
	/** Standard output and error together (curl's progress meter goes to the latter). */
	output: string;
	stdout: string;
}

export function runSnippet(snippet: InferenceSnippet, dir: string, token: string): Promise<Ran> {
	const file = join(dir, `${snippet.client.replace(/\W/g, "_")}-${Math.random().toString(36).slice(2)}`);
	const [program, script] = snippet.language === "js" ? [process.execPath, `${file}.mjs`] : ["bash", `${file}.sh`];
	writeFileSync(script, snippet.content);
	return new Promise((resolve) => {
		const child = spawn(program, [script], { cwd: dir, env: { ...process.env, HF_TOKEN: token } });
		let output = "";
		let stdout = "";
		child.stdout.on("data", (chunk) => {
			output += chunk;
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			output += chunk;
		});
		child.on("close", (code) => resolve({ code, output, stdout }));
	});
}

/** The snippets that run here as printed: js with @hubkit/inference, js with fetch, sh with curl. */
const RUNNABLE_CLIENTS = ["@hubkit/inference", "fetch", "curl"];

/** A model page's hf-inference snippets for the hub at `url`, the runnable ones: all three, in that order. */
export async function runnableSnippets(url: string, id: string): Promise<InferenceSnippet[]> {
	const fields = ["inferenceProviderMapping", "pipeline_tag", "tags", "widgetData"].map((field) => `expand[]=${field}`);
	const response = await fetch(`${url}/api/models/${id}?${fields.join("&")}`);
	const model = (await response.json()) as Parameters<typeof getInferenceSnippets>[0];
	const snippets = getInferenceSnippets(model, "hf-inference", undefined, { hubUrl: url, routerUrl: url });
	const runnable = snippets.filter((snippet) => RUNNABLE_CLIENTS.includes(snippet.client));
	expect(runnable.map((snippet) => snippet.client)).toEqual(RUNNABLE_CLIENTS);
	return runnable;
}

export interface SnippetRun extends Ran {
	snippet: InferenceSnippet;
	/** The run's own folder, where a snippet that saves its answer (text-to-speech) leaves the file. */
	cwd: string;
}

/** Where and as whom snippets run: the hub at `url` (a LocalHub), its `token`, and `dir` for the runs. */
export interface SnippetHub {
	url: string;
	token: string;
	dir: string;
}

/** Runs a model's runnable snippets against the hub, each in a fresh folder in `dir`: each exits 0 and prints no token. */
export async function runModelSnippets({ url, token, dir }: SnippetHub, id: string): Promise<SnippetRun[]> {
	const runs: SnippetRun[] = [];
	for (const snippet of await runnableSnippets(url, id)) {
		const cwd = mkdtempSync(join(dir, "run-"));
		const ran = await runSnippet(snippet, cwd, token);
		expect(ran.code, `${id} ${snippet.client}: ${ran.output}`).toBe(0);
		expect(ran.output, `${id} ${snippet.client}`).not.toContain(token);
		runs.push({ ...ran, snippet, cwd });
	}
	return runs;
}
