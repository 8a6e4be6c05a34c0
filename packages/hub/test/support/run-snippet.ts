/**
 * Runs an inference snippet as a user would: a js snippet with node, a sh one with
 * bash, in `dir`, with the token in HF_TOKEN. Snippet folders live inside the
 * package (RUNS_ROOT), so `import … from "@hubkit/inference"` resolves to the workspace.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InferenceSnippet } from "@hubkit/inference";

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
