#!/usr/bin/env node
/**
 * Runs every workspace's tests in one Vitest run and ends with the line CI reads:
 * `N passed, N failed`. Vitest's JSON report is the source of the counts, so a
 * crash before any test ran shows up as a failure, not as "0 failed".
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reportDir = join(root, ".test-results");
const report = join(reportDir, "vitest.json");
mkdirSync(reportDir, { recursive: true });
rmSync(report, { force: true });

const run = spawnSync(
	process.execPath,
	[
		join(root, "node_modules/vitest/vitest.mjs"),
		"run",
		"--reporter=default",
		"--reporter=json",
		`--outputFile.json=${report}`,
		...process.argv.slice(2),
	],
	{ cwd: root, stdio: "inherit" },
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
