/**
 * Debian's git run as a test's client: a clean environment (no system or user configuration, a
 * throwaway HOME, no prompts) and an identity given with `-c`. Runs are asynchronous, so a server
 * in the same process keeps answering while git talks to it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface GitRun {
	status: number;
	stdout: string;
	stderr: string;
}

export interface GitRunOptions {
	cwd?: string;
	input?: Uint8Array | string;
	env?: Record<string, string>;
}

const IDENTITY = ["-c", "user.name=Hubkit Test", "-c", "user.email=test@example.com"];

/** A sandbox for git runs: its own temporary directory (HOME and work space), removed by `dispose`. */
export class GitCli {
	readonly root = mkdtempSync(join(tmpdir(), "hubkit-git-"));

	/** A path inside the sandbox. */
	path(...parts: string[]): string {
		return join(this.root, ...parts);
	}

	env(extra: Record<string, string> = {}): Record<string, string> {
		return {
			PATH: process.env.PATH ?? "/usr/bin:/bin",
			HOME: this.root,
			GIT_CONFIG_NOSYSTEM: "1",
			GIT_TERMINAL_PROMPT: "0",
			GIT_ASKPASS: "",
			LANG: "C",
			LC_ALL: "C",
			...extra,
		};
	}

	/** git `args` (identity and `init.defaultBranch=main` prepended); never throws on a failed run. */
	run(args: string[], options: GitRunOptions = {}): Promise<GitRun> {
		return new Promise((resolve, reject) => {
			const child = spawn("git", [...IDENTITY, "-c", "init.defaultBranch=main", ...args], {
				cwd: options.cwd ?? this.root,
				env: this.env(options.env),
				stdio: ["pipe", "pipe", "pipe"],
			});
			const stdout: Buffer[] = [];
			const stderr: Buffer[] = [];
			child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
			child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
			child.on("error", reject);
			child.on("close", (code) =>
				resolve({
					status: code ?? -1,
					stdout: Buffer.concat(stdout).toString(),
					stderr: Buffer.concat(stderr).toString(),
				}),
			);
			// The exit status decides: a command that exits without reading its input closes the pipe (EPIPE).
			child.stdin.on("error", () => undefined);
			child.stdin.end(options.input);
		});
	}

	/** git `args`, its stdout; a failed run throws with git's stderr. */
	async ok(args: string[], options: GitRunOptions = {}): Promise<string> {
		const run = await this.run(args, options);
		if (run.status !== 0) throw new Error(`git ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
		return run.stdout;
	}

	dispose(): void {
		rmSync(this.root, { recursive: true, force: true });
	}
}
