/**
 * Every file path a comment names exists, so a comment cannot keep pointing at a file that was
 * moved or renamed. Read: the comments of packages/<name>/src, apps/web/{app,components,lib},
 * scripts/ and bench/. A path is a word like `router/endpoints.ts` (some folder and a name with a
 * source or document extension) or a bare source file's name; it exists when it resolves from the file's
 * folder, or when a file of the repository ends with it (`router/endpoints.ts` names
 * packages/hub/src/router/endpoints.ts). A `.js` path may name its `.ts` or `.tsx` source.
 * Built output (`dist/`, `.next/`) is not in the repository and is not checked.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = /\.(?:ts|tsx|mts|mjs|cjs|js)$/;

/** Folders whose files' comments are read. */
function folders(): string[] {
	const packages = readdirSync(join(ROOT, "packages")).map((name) => join(ROOT, "packages", name, "src"));
	const site = ["app", "components", "lib"].map((name) => join(ROOT, "apps/web", name));
	return [...packages, ...site, join(ROOT, "scripts"), join(ROOT, "bench")].filter((folder) => existsSync(folder));
}

function files(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		if (name === "node_modules" || name === "dist" || name === "__golden__") return [];
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return files(path);
		return SOURCE.test(name) ? [path] : [];
	});
}

/** The repository's files (committed or new, not ignored), as paths from the root. */
function repositoryFiles(): string[] {
	const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
		cwd: ROOT,
		encoding: "utf8",
		maxBuffer: 64 * 1024 * 1024,
	});
	return listed.split("\n").filter((path) => path !== "" && existsSync(join(ROOT, path)));
}

/** Each comment's text with the line it starts on. Strings are not parsed: `//` must follow a space or punctuation, as in code. */
function comments(text: string): { line: number; text: string }[] {
	const found: { line: number; text: string }[] = [];
	for (const match of text.matchAll(/(^|[\s;{}(),])(\/\/[^\n]*|\/\*[\s\S]*?\*\/)/g)) {
		const start = (match.index ?? 0) + (match[1] ?? "").length;
		found.push({ line: text.slice(0, start).split("\n").length, text: match[2] ?? "" });
	}
	return found;
}

/** Path-like words: a folder and a file, or a bare source file name. */
const PATH =
	/(?<![\w./@:<>{$*-])((?:\.\.?\/)*(?:[\w.-]+\/)+[\w.-]+\.(?:tsx?|mjs|cjs|js|md|ya?ml|css)|\w[\w.-]*\.(?:tsx?|mjs|cjs))(?![\w/*-])/g;

/** Words the pattern takes for paths that name no file of the repository, and why. */
const NOT_PATHS: Record<string, string> = {
	"NNNN-what-it-does.ts": "the pattern a new migration's name follows (db/migrations/index.ts)",
	"vercel/next.js": "a GitHub repository, as in vercel/next.js#62228",
	"DIST/cli.js": "a placeholder for a built hub's cli.js in a usage line (bench/commit-size.mjs)",
};

describe("paths named in comments", () => {
	it("exist", () => {
		const repository = repositoryFiles();
		const exists = (candidate: string, from: string): boolean => {
			const forms = candidate.endsWith(".js")
				? [candidate, candidate.replace(/\.js$/, ".ts"), candidate.replace(/\.js$/, ".tsx")]
				: [candidate];
			return forms.some((form) => {
				if (form.startsWith(".")) return existsSync(resolve(dirname(from), form));
				return repository.some((path) => path === form || path.endsWith(`/${form}`));
			});
		};
		const missing: string[] = [];
		let checked = 0;
		for (const folder of folders()) {
			for (const file of files(folder)) {
				for (const comment of comments(readFileSync(file, "utf8"))) {
					comment.text.split("\n").forEach((line, offset) => {
						for (const match of line.matchAll(PATH)) {
							const candidate = match[1] ?? "";
							if (candidate in NOT_PATHS || /(^|\/)(dist|\.next|node_modules)\//.test(candidate)) continue;
							checked += 1;
							if (!exists(candidate, file)) {
								missing.push(`${relative(ROOT, file)}:${comment.line + offset}: ${candidate}`);
							}
						}
					});
				}
			}
		}
		// The scan itself: the comments name hundreds of files.
		expect(checked).toBeGreaterThan(200);
		expect(missing, `comments naming files that do not exist:\n${missing.join("\n")}`).toEqual([]);
	});
});
