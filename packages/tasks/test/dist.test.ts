/**
 * The built package is what other workspaces and users import: check it from a
 * plain Node process, the way a user would after `npm run build`.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

function node(args: string[]): string {
	return execFileSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8" });
}

describe("@hubkit/tasks as built", () => {
	it("imports by package name from plain Node", () => {
		const output = node([
			"--input-type=module",
			"-e",
			`import { PIPELINE_TYPES, getTaskData, parseGGUFQuantLabel } from "@hubkit/tasks";
			 console.log(JSON.stringify([PIPELINE_TYPES.length, getTaskData("fill-mask").label, parseGGUFQuantLabel("a-Q4_K_M.gguf")]));`,
		]);
		expect(JSON.parse(output)).toEqual([58, "Fill-Mask", "Q4_K_M"]);
	});

	it("ships type declarations", () => {
		const output = node(["-e", `console.log(require.resolve("@hubkit/tasks/package.json"))`]);
		const manifest = JSON.parse(
			node(["-e", `process.stdout.write(require("fs").readFileSync(${JSON.stringify(output.trim())}, "utf8"))`]),
		);
		expect(manifest.exports["."].types).toBe("./dist/index.d.ts");
		expect(
			node([
				"-e",
				`console.log(require("fs").existsSync(require.resolve("@hubkit/tasks/package.json").replace("package.json", "dist/index.d.ts")))`,
			]).trim(),
		).toBe("true");
	});

	it("prints the catalogue and one task page from the CLI", () => {
		const catalogue = node(["packages/tasks/dist/cli.js"]);
		expect(catalogue).toMatch(/58 pipeline tags/);
		expect(catalogue).toMatch(/text-classification\s+Text Classification/);
		const page = node(["packages/tasks/dist/cli.js", "token-classification"]);
		expect(page).toMatch(/^Token Classification \(token-classification\)/);
		expect(page).toMatch(/Libraries: .*transformers/);
	});

	it("fails clearly on an unknown task", () => {
		expect(() => node(["packages/tasks/dist/cli.js", "no-such-task"])).toThrow(/Unknown task "no-such-task"/);
	});
});
