/**
 * The fast tier of the test suite, for the inner loop: every test file that runs inside the test
 * process alone — no browser, no real PostgreSQL server, no child process. A file belongs to the
 * slow tier when it, or a test helper it imports (followed through relative imports outside
 * `src/`), starts a process or a browser, or says so itself with the line
 * `// Test tier: integration` (for a file whose process starts inside the code under test).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Where unit-tier candidates live, relative to the repository root (browser tests never qualify). */
const TEST_ROOTS = ["packages", "apps/web/lib", "scripts"];

const STARTS_A_PROCESS =
	/["']node:child_process["']|["']child_process["']|["']playwright-core["']|^\/\/ Test tier: integration$/m;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function testFiles(directory) {
	if (!existsSync(directory)) return [];
	return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
		if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) return [];
		const path = join(directory, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return /\.test\.(ts|mjs)$/.test(entry.name) ? [path] : [];
	});
}

/** The file a relative import names: `.js` in an import is the `.ts` beside it. */
function resolveImport(fromFile, specifier) {
	const base = resolve(dirname(fromFile), specifier);
	const candidates = [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")];
	return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith("/"));
}

function startsAProcess(file, seen = new Set()) {
	if (seen.has(file)) return false;
	seen.add(file);
	const text = readFileSync(file, "utf8");
	if (STARTS_A_PROCESS.test(text)) return true;
	for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
		const imported = resolveImport(file, specifier);
		// Code under test is not followed: the hub's app reaches every engine, and the tier is about what tests start.
		if (imported && !imported.split("/").includes("src") && startsAProcess(imported, seen)) return true;
	}
	return false;
}

/** Repository-relative paths of the unit tier's test files. */
export function unitTestFiles(root) {
	return TEST_ROOTS.flatMap((dir) => testFiles(join(root, dir)))
		.filter((file) => !startsAProcess(file))
		.map((file) => relative(root, file))
		.sort();
}
