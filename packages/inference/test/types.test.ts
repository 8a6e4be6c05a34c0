/**
 * The type test: test/types/readme-usage.ts, ordinary user code from the
 * README, compiled with the repository's strict settings against the client's
 * source. Any error (a method that rejects valid arguments, an output typed
 * `unknown`, an `@ts-expect-error` that is no longer an error) fails it.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const file = fileURLToPath(new URL("./types/readme-usage.ts", import.meta.url));
const baseConfig = fileURLToPath(new URL("../../../tsconfig.base.json", import.meta.url));

function compile(): string[] {
	const config = ts.readConfigFile(baseConfig, ts.sys.readFile);
	const { options } = ts.parseJsonConfigFileContent(
		config.config,
		ts.sys,
		fileURLToPath(new URL("../", import.meta.url)),
	);
	const program = ts.createProgram([file], {
		...options,
		noEmit: true,
		composite: false,
		declaration: false,
		declarationMap: false,
		sourceMap: false,
		types: ["node"],
	});
	return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
		const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
		if (!diagnostic.file || diagnostic.start === undefined) return text;
		const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
		return `${diagnostic.file.fileName}:${line + 1}: ${text}`;
	});
}

describe("types", () => {
	it("README usage type-checks against the client", { timeout: 120_000 }, () => {
		expect(compile()).toEqual([]);
	});
});
