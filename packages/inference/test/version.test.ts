/** The version label is a constant (it works in browsers, where no package.json can be read) that must match the package. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRequest, PACKAGE_NAME, PACKAGE_VERSION } from "../src/index.js";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
	name: string;
	version: string;
};

describe("version label", () => {
	it("equals package.json's name and version", () => {
		expect(PACKAGE_NAME).toBe(pkg.name);
		expect(PACKAGE_VERSION).toBe(pkg.version);
	});

	it("is what User-Agent says", async () => {
		const { init } = await buildRequest(
			{ endpointUrl: "http://127.0.0.1:9/classify", inputs: "x" },
			{ task: "text-classification" },
		);
		expect(init.headers["User-Agent"]).toBe(`${pkg.name}/${pkg.version}`);
	});
});
