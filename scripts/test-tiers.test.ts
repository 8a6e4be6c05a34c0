/**
 * The fast tier's choice of files (scripts/lib/test-tiers.mjs): what a file imports decides it,
 * so a new test lands in the right tier without a list to keep.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with scripts/run-tests.mjs, no type declarations
import { unitTestFiles } from "./lib/test-tiers.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("the unit tier", () => {
	const files: string[] = unitTestFiles(ROOT);

	it("takes the in-process tests of every package", () => {
		expect(files).toContain("packages/tasks/src/pipelines.test.ts");
		expect(files).toContain("packages/hub/test/client-contracts.test.ts");
		expect(files).toContain("packages/hub/src/storage/git-trees.test.ts");
	});

	it("leaves out browser tests, and tests that start a process themselves or through a test helper", () => {
		expect(files.some((file) => file.startsWith("apps/web/e2e/"))).toBe(false);
		// Spawns python3 and node to parse every snippet.
		expect(files).not.toContain("packages/inference/test/snippets-run.test.ts");
		// Runs `hubkit` through test/support/cli.ts.
		expect(files).not.toContain("packages/hub/test/token-cli.test.ts");
		// The Python clients in their venv, through test/support/python-clients.ts.
		expect(files).not.toContain("packages/hub/test/clients-python.test.ts");
		expect(files).not.toContain("scripts/readme-commands.test.ts");
	});
});
