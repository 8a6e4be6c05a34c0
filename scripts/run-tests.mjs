#!/usr/bin/env node
/**
 * Runs every workspace's tests in one Vitest run and ends with the line CI reads:
 * `N passed, N failed`. Vitest's JSON report is the source of the counts, so a
 * crash before any test ran shows up as a failure, not as "0 failed".
 *
 * `--tier unit` runs only the fast tier (scripts/lib/test-tiers.mjs): no browser, no PostgreSQL
 * server (SQLite; PGlite where a test names PostgreSQL), no child process. Other arguments go to Vitest.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { unitTestFiles } from "./lib/test-tiers.mjs";

const root = new URL("..", import.meta.url).pathname;
const reportDir = join(root, ".test-results");
const report = join(reportDir, "vitest.json");
mkdirSync(reportDir, { recursive: true });
rmSync(report, { force: true });

const args = process.argv.slice(2);
const tierAt = args.indexOf("--tier");
const tier = tierAt === -1 ? "all" : args.splice(tierAt, 2)[1];
if (tier !== "all" && tier !== "unit") {
	console.log(`--tier takes "unit" (or leave it out for every test), not "${tier}"`);
	process.exit(1);
}
const env = { ...process.env };
if (tier === "unit") {
	Object.assign(env, { HUBKIT_TEST_TIER: "unit", HUBKIT_TEST_PG: "pglite" });
	const files = unitTestFiles(root);
	const projects = [...new Set(files.map((file) => projectOf(file)))];
	// Vitest leaves one core idle by default; the unit tier is the inner loop and takes both.
	// Without isolation a worker imports the hub once for all its files, not once per file: the
	// imports were four fifths of the tier's time. It holds because these files share no process
	// state (no server, no child, no mocked module); a file that leaks state fails the next one here first.
	args.unshift("--maxWorkers=2", "--no-isolate", ...projects.flatMap((project) => ["--project", project]), ...files);
}

/** The Vitest project a unit-tier file belongs to: the package's directory name, the site's own unit project. */
function projectOf(file) {
	const [top, name] = file.split("/");
	if (top === "apps") return "web-unit";
	return top === "packages" ? name : top;
}

const run = spawnSync(
	process.execPath,
	[
		join(root, "node_modules/vitest/vitest.mjs"),
		"run",
		"--reporter=default",
		"--reporter=json",
		`--outputFile.json=${report}`,
		...args,
	],
	{ cwd: root, stdio: "inherit", env },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
	const result = JSON.parse(readFileSync(report, "utf8"));
	passed = result.numPassedTests;
	// A test file that fails to load has no test results of its own: count it once.
	const brokenFiles = result.testResults.filter(
		(file) => file.status === "failed" && file.assertionResults.length === 0,
	);
	failed = result.numFailedTests + brokenFiles.length;
	if (result.numPendingTests || result.numTodoTests) {
		console.log(`${result.numPendingTests + result.numTodoTests} tests skipped or todo: remove them or make them run.`);
		failed += result.numPendingTests + result.numTodoTests;
	}
} else {
	failed = 1;
	console.log("Vitest wrote no report: the run crashed before any test finished.");
}
if (run.status !== 0 && failed === 0) {
	failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && run.status === 0 ? 0 : 1);
