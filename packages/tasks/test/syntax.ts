/**
 * Test-only syntax and injection checks for generated snippets, using the
 * languages' own parsers: CPython's `ast`/`tokenize`, V8's module parser (the one
 * `node --check` uses) plus acorn for tokens, and `bash -n`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tokenizer } from "acorn";

export interface SyntaxFailure {
	source: string;
	error: string;
}

const PYTHON_CHECK = `
import ast, io, json, sys, tokenize
snippets = json.load(sys.stdin)
marker = sys.argv[1] if len(sys.argv) > 1 else None
out = []
for source in snippets:
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        out.append({"source": source, "error": f"SyntaxError: {error.msg} (line {error.lineno})"})
        continue
    if marker is None:
        continue
    problems = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if marker in token.string:
            is_plain_string = token.type == tokenize.STRING and not token.string.lstrip("rRbBuU").startswith(("f", "F"))
            if not is_plain_string or token.string[:2].lower() in ("rf", "fr"):
                problems.append(f"{tokenize.tok_name[token.type]} token {token.string!r}")
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            problems.append("f-string")
    if problems:
        out.append({"source": source, "error": "; ".join(problems)})
json.dump(out, sys.stdout)
`;

/** Python sources that `ast.parse` rejects; with `marker`, also those where it appears outside a plain string literal. */
export function pythonFailures(sources: string[], marker?: string): SyntaxFailure[] {
	const unique = [...new Set(sources)];
	const output = execFileSync("python3", ["-c", PYTHON_CHECK, ...(marker ? [marker] : [])], {
		input: JSON.stringify(unique),
		encoding: "utf8",
		maxBuffer: 256 * 1024 * 1024,
	});
	return JSON.parse(output);
}

const JS_CHECK = `
import vm from "node:vm";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const source of JSON.parse(input)) {
	try { new vm.SourceTextModule(source); } catch (error) { out.push({ source, error: String(error) }); }
}
process.stdout.write(JSON.stringify(out));
`;

/** JS sources that V8 rejects as an ES module (the parse `node --check` does for .mjs). */
export function jsFailures(sources: string[]): SyntaxFailure[] {
	const unique = [...new Set(sources)];
	const output = execFileSync(
		process.execPath,
		["--experimental-vm-modules", "--no-warnings", "--input-type=module", "-e", JS_CHECK],
		{ input: JSON.stringify(unique), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
	);
	return JSON.parse(output);
}

/** Runs the real `node --check` on a few sources (one file each) as ES modules. */
export function nodeCheckFailures(sources: string[]): SyntaxFailure[] {
	const dir = mkdtempSync(join(tmpdir(), "hubkit-js-"));
	try {
		return [...new Set(sources)].flatMap((source, index) => {
			const file = join(dir, `snippet-${index}.mjs`);
			writeFileSync(file, source);
			const run = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
			return run.status === 0 ? [] : [{ source, error: run.stderr }];
		});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** JS sources where `marker` appears in any token other than a string or template text. */
export function jsInjections(sources: string[], marker: string): SyntaxFailure[] {
	return [...new Set(sources)].flatMap((source) => {
		try {
			for (const token of tokenizer(source, { ecmaVersion: "latest", sourceType: "module" })) {
				const text = source.slice(token.start, token.end);
				const label = token.type.label;
				if (text.includes(marker) && label !== "string" && label !== "template") {
					return [{ source, error: `${label} token ${JSON.stringify(text)}` }];
				}
			}
			return [];
		} catch (error) {
			return [{ source, error: String(error) }];
		}
	});
}

/** Shell sources that `bash -n` rejects. */
export function shFailures(sources: string[]): SyntaxFailure[] {
	const unique = [...new Set(sources)];
	const dir = mkdtempSync(join(tmpdir(), "hubkit-sh-"));
	try {
		const files = unique.map((source, index) => {
			const file = join(dir, `snippet-${index}.sh`);
			writeFileSync(file, source);
			return file;
		});
		const failures: SyntaxFailure[] = [];
		// One bash per file, two at a time; bash -n names the file in its error.
		const run = spawnSync("xargs", ["-0", "-n", "1", "-P", "2", "bash", "-n"], {
			input: files.join("\0"),
			encoding: "utf8",
			maxBuffer: 64 * 1024 * 1024,
		});
		for (const [index, file] of files.entries()) {
			if (run.stderr.includes(`${file}:`)) {
				failures.push({
					source: unique[index] as string,
					error: run.stderr
						.split("\n")
						.filter((l) => l.includes(file))
						.join("\n"),
				});
			}
		}
		return failures;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * Shell sources where `marker` appears outside a single-quoted word. Inside '…'
 * the shell expands nothing; anywhere else ("…", $(…), bare words, comments) it
 * could run or change code.
 */
export function shInjections(sources: string[], marker: string): SyntaxFailure[] {
	return [...new Set(sources)].flatMap((source) => {
		// Everything outside single quotes is copied; single-quoted text is blanked.
		let outside = "";
		let state: "plain" | "single" | "double" = "plain";
		for (let at = 0; at < source.length; at++) {
			const char = source[at] as string;
			if (state === "single") {
				if (char === "'") state = "plain";
				outside += char === "'" ? char : " ";
				continue;
			}
			if (char === "\\") {
				outside += source.slice(at, at + 2);
				at++;
				continue;
			}
			if (state === "double") {
				if (char === '"') state = "plain";
			} else if (char === "'") {
				state = "single";
			} else if (char === '"') {
				state = "double";
			}
			outside += char;
		}
		return outside.includes(marker) ? [{ source, error: "marker outside single quotes" }] : [];
	});
}
