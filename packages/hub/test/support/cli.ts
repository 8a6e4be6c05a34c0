/**
 * The real `hubkit` command (packages/hub/dist/cli.js, so the package must be
 * built) as a child process: run to the end, or started as a server whose
 * output the test reads line by line.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Logger } from "../../src/logger.js";

export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export interface Finished {
	code: number | null;
	signal: NodeJS.Signals | null;
	output: string;
}

/** Env for a child: this process's PATH and the given values, nothing of the test runner's config. */
function childEnv(env: Record<string, string>): Record<string, string> {
	return { PATH: process.env.PATH ?? "", ...env };
}

export interface CliProcess {
	child: ChildProcessWithoutNullStreams;
	/** Everything it has written so far (stdout and stderr). */
	output(): string;
	/** Resolves once `text` has been written; rejects if the process exits first. */
	waitFor(text: string): Promise<void>;
	exited: Promise<Finished>;
}

export function spawnCli(args: string[], env: Record<string, string> = {}): CliProcess {
	const child = spawn(process.execPath, [CLI, ...args], { env: childEnv(env) });
	let output = "";
	const waiters: { text: string; resolve: () => void }[] = [];
	const append = (chunk: Buffer) => {
		output += chunk.toString("utf8");
		for (const waiter of waiters.filter((item) => output.includes(item.text))) {
			waiters.splice(waiters.indexOf(waiter), 1);
			waiter.resolve();
		}
	};
	child.stdout.on("data", append);
	child.stderr.on("data", append);
	const exited = new Promise<Finished>((resolve) => {
		child.once("close", (code, signal) => resolve({ code, signal, output }));
	});
	const waitFor = (text: string) =>
		output.includes(text)
			? Promise.resolve()
			: new Promise<void>((resolve, reject) => {
					waiters.push({ text, resolve });
					exited.then(() => reject(new Error(`hubkit exited before writing ${JSON.stringify(text)}:\n${output}`)));
				});
	return { child, output: () => output, waitFor, exited };
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<Finished> {
	return spawnCli(args, env).exited;
}

export interface ServingCli extends CliProcess {
	url: string;
}

/** `hubkit serve --port 0`, resolved once it says where it listens. */
export async function serveCli(args: string[], env: Record<string, string> = {}): Promise<ServingCli> {
	const started = spawnCli(["serve", "--port", "0", ...args], env);
	await started.waitFor("listening on http://");
	const url = /listening on (http:\/\/\S+)/.exec(started.output())?.[1];
	if (!url) throw new Error(`no URL in:\n${started.output()}`);
	return { ...started, url };
}

/** A Logger that keeps its lines, for tests that read what the hub said. */
export function linesLogger(): Logger & { lines: string[] } {
	const lines: string[] = [];
	return {
		lines,
		info: (message) => lines.push(message),
		warn: (message) => lines.push(message),
		error: (message) => lines.push(message),
	};
}
