/**
 * The demo media the sample catalogue's widget examples link to
 * (`/assets/demo/<file>`) are served by the hub, byte for byte from
 * @hubkit/tasks; anything else under that path is a JSON 404.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

const demoDir = join(dirname(createRequire(import.meta.url).resolve("@hubkit/tasks/package.json")), "assets", "demo");

/** Every `/assets/demo/…` link in the sample catalogue's widget examples. */
function linkedAssets(): string[] {
	const links = new Set<string>();
	for (const model of sampleCatalogue()) {
		for (const match of JSON.stringify(model.widgetData ?? []).matchAll(/"(\/assets\/demo\/[^"]+)"/g)) {
			links.add(match[1] as string);
		}
	}
	return [...links];
}

describe("demo assets", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;

	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub(testDb.config);
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	it("every demo file the sample catalogue links to is served with its bytes and type", async () => {
		const links = linkedAssets();
		expect(links.length).toBeGreaterThan(10);
		for (const link of links) {
			const response = await fetch(`${server.url}${link}`);
			expect(response.status, link).toBe(200);
			const name = link.slice("/assets/demo/".length);
			expect(response.headers.get("content-type"), link).toBe(name.endsWith(".wav") ? "audio/wav" : "image/png");
			const bytes = new Uint8Array(await response.arrayBuffer());
			expect(Buffer.from(bytes).equals(readFileSync(join(demoDir, name))), link).toBe(true);
		}
	});

	it("unknown names and traversal attempts get a JSON 404, never another file", async () => {
		for (const path of [
			"/assets/demo/nope.png",
			"/assets/demo/README.md",
			"/assets/demo/..%2f..%2fpackage.json",
			"/assets/demo/%2e%2e%2fREADME.md",
		]) {
			const response = await fetch(`${server.url}${path}`);
			expect([400, 404], path).toContain(response.status);
			expect(response.headers.get("content-type"), path).toContain("application/json");
			expect(await response.text(), path).toMatch(/^\{"error":/);
		}
	});
});
