/**
 * Debian's git for the receive-pack tests, run asynchronously (the server answering it lives in
 * the same process) with a clean environment, and a way to hand what a MemoryRepository stored to
 * a bare repository so that `git fsck` judges it.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { concat } from "../byte-source.js";
import { writePack } from "../pack.js";
import type { MemoryRepository } from "./receive-repository.js";

export interface GitRun {
	status: number | null;
	stdout: string;
	stderr: string;
}

export class GitSandbox {
	readonly home = mkdtempSync(join(tmpdir(), "hubkit-receive-"));

	env(): NodeJS.ProcessEnv {
		return {
			PATH: process.env.PATH,
			HOME: this.home,
			GIT_CONFIG_NOSYSTEM: "1",
			GIT_TERMINAL_PROMPT: "0",
			LANG: "C",
		};
	}

	/** git with a fixed identity; resolves whatever the exit status (the caller asserts it). */
	run(cwd: string, args: string[], input?: Uint8Array): Promise<GitRun> {
		const identity = ["-c", "user.name=Dana", "-c", "user.email=dana@example.com", "-c", "init.defaultBranch=main"];
		const child = spawn("git", [...identity, ...args], { cwd, env: this.env() });
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
		// The exit status decides: a command that exits without reading its input closes the pipe (EPIPE).
		child.stdin.on("error", () => undefined);
		child.stdin.end(input);
		return new Promise((resolve, reject) => {
			child.on("error", reject);
			child.on("close", (status) =>
				resolve({ status, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }),
			);
		});
	}

	/** git that must succeed; its standard output. */
	async ok(cwd: string, args: string[], input?: Uint8Array): Promise<string> {
		const run = await this.run(cwd, args, input);
		if (run.status !== 0) throw new Error(`git ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
		return run.stdout;
	}

	/** A new working repository (branch main) under the sandbox. */
	async init(): Promise<string> {
		const directory = mkdtempSync(join(this.home, "work-"));
		await this.ok(directory, ["init", "-q"]);
		return directory;
	}

	/** Writes `files` (path → content), commits everything, and returns the new commit's id. */
	async commit(directory: string, files: Record<string, string | Uint8Array>, message = "change"): Promise<string> {
		for (const [path, content] of Object.entries(files)) {
			mkdirSync(dirname(join(directory, path)), { recursive: true });
			writeFileSync(join(directory, path), content);
		}
		await this.ok(directory, ["add", "-A"]);
		await this.ok(directory, ["commit", "-q", "-m", message]);
		return (await this.ok(directory, ["rev-parse", "HEAD"])).trim();
	}

	/**
	 * A bare repository holding every object and ref of `repository`: the objects go in as one
	 * pack through `git index-pack` (which checks each id), the refs through `update-ref`.
	 */
	async export(repository: MemoryRepository): Promise<string> {
		const bare = mkdtempSync(join(this.home, "export-"));
		await this.ok(bare, ["init", "-q", "--bare"]);
		const objects = [...repository.objects.values()].map((object) => ({ type: object.type, data: object.bytes }));
		const parts: Uint8Array[] = [];
		for await (const part of writePack(objects, objects.length)) parts.push(part);
		await this.ok(bare, ["index-pack", "--stdin", "--strict"], concat(parts));
		for (const [name, oid] of repository.refMap) await this.ok(bare, ["update-ref", name, oid]);
		return bare;
	}

	remove(): void {
		rmSync(this.home, { recursive: true, force: true });
	}
}
