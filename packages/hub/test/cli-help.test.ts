/**
 * The real `hubkit` command (dist/cli.js, so the package must be built):
 * `--version` is the package's; `--help` and every command's `--help` answer
 * with exit status 0; and every `HUBKIT_*` variable the hub's source reads is
 * listed in `hubkit serve --help` and in the README's configuration table (a
 * failure names the variables that are missing, and where).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HUB_VERSION } from "../src/version.js";
import { runCli } from "./support/cli.js";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const README = fileURLToPath(new URL("../README.md", import.meta.url));

/** Names in the source that are not configuration, and why. */
const NOT_CONFIGURATION: Record<string, string> = {
	HUBKIT_TEST_EXIT_AT: "a crash point the bulk-load tests set (db/bulk-load.ts)",
};

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
	});
}

/** Every `HUBKIT_*` name the hub's source mentions; a prefix (`HUBKIT_PROVIDER_KEY_`) ends with `_`. */
function variablesInSource(): string[] {
	const names = new Set<string>();
	for (const file of sourceFiles(SRC)) {
		for (const match of readFileSync(file, "utf8").matchAll(/HUBKIT_[A-Z0-9_]+/g)) names.add(match[0]);
	}
	const prefixes = [...names].filter((name) => name.endsWith("_"));
	// `HUBKIT_PROVIDER_KEY_TOGETHER` (an example) is one of `HUBKIT_PROVIDER_KEY_<PROVIDER>`.
	const covered = (name: string) => prefixes.some((prefix) => name !== prefix && name.startsWith(prefix));
	return [...names].filter((name) => !(name in NOT_CONFIGURATION) && !covered(name)).sort();
}

/** Listed when the text names it; a prefix is listed as `PREFIX_<SOMETHING>`. */
const listedIn = (text: string, name: string) =>
	name.endsWith("_") ? text.includes(`${name}<`) : new RegExp(`\\b${name}\\b(?!_)`).test(text);

describe("hubkit --version and --help", () => {
	it("says its version", async () => {
		const run = await runCli(["--version"]);
		expect(run).toMatchObject({ code: 0, output: `hubkit ${HUB_VERSION}\n` });
	});

	it("answers --help for itself and for every command it lists", async () => {
		const overall = await runCli(["--help"]);
		expect(overall.code).toBe(0);
		const commands = [...new Set([...overall.output.matchAll(/^\s+hubkit ([a-z][a-z-]*)/gm)].map((match) => match[1]))];
		expect(commands).toEqual(
			expect.arrayContaining(["serve", "seed", "token", "user", "oauth-app", "import", "mirror", "check"]),
		);
		for (const command of commands) {
			const help = await runCli([command as string, "--help"]);
			expect(help.code, `hubkit ${command} --help`).toBe(0);
			expect(help.output, `hubkit ${command} --help`).toMatch(/^Usage/);
			expect(help.output, `hubkit ${command} --help`).toContain(`hubkit ${command} `);
		}
		const unknown = await runCli(["no-such-command", "--help"]);
		expect(unknown.code).toBe(2);
		expect(unknown.output).toContain("Unknown command: no-such-command");
	});

	it("lists every HUBKIT_* variable of the source in `hubkit serve --help` and in the README", async () => {
		const variables = variablesInSource();
		// The scan itself: names known to be read must be among those found.
		expect(variables).toEqual(expect.arrayContaining(["HUBKIT_PORT", "HUBKIT_LOG_FORMAT", "HUBKIT_PROVIDER_KEY_"]));
		const help = await runCli(["serve", "--help"]);
		expect(help.code).toBe(0);
		const readme = readFileSync(README, "utf8");
		const missingFromHelp = variables.filter((name) => !listedIn(help.output, name));
		const missingFromReadme = variables.filter((name) => !listedIn(readme, name));
		expect(missingFromHelp, "HUBKIT_* variables missing from `hubkit serve --help` (src/cli/help.ts)").toEqual([]);
		expect(missingFromReadme, "HUBKIT_* variables missing from packages/hub/README.md").toEqual([]);
	});
});
