import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CATALOGUE_DATA, CatalogueDataError, readSpecs } from "./read-specs.js";

const GOOD = {
	id: "acme/tiny-classifier",
	task: "text-classification",
	library: "transformers",
	params: "4M",
	license: "mit",
	pop: 1,
	created: "2025-01-02",
	card: "A record for the loader's tests.",
};

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data folder holding these files (name → JSON value, or raw text). */
function dataFolder(files: Record<string, unknown>): URL {
	const folder = mkdtempSync(join(tmpdir(), "hubkit-catalogue-"));
	folders.push(folder);
	for (const [name, content] of Object.entries(files)) {
		writeFileSync(join(folder, name), typeof content === "string" ? content : JSON.stringify(content));
	}
	return pathToFileURL(`${folder}/`);
}

const file = (...models: unknown[]) => ({ description: "Test records.", models });

function failure(folder: URL): CatalogueDataError {
	try {
		readSpecs(folder);
	} catch (error) {
		if (error instanceof CatalogueDataError) return error;
		throw error;
	}
	throw new Error("readSpecs accepted the folder");
}

describe("sample catalogue data files", () => {
	it("reads the shipped data files: every record checked, ids unique", () => {
		const specs = readSpecs();
		expect(specs.length).toBeGreaterThan(150);
		expect(new Set(specs.map((spec) => spec.id)).size).toBe(specs.length);
	});

	it("refuses a malformed record, naming the file, the record and the field", () => {
		const folder = dataFolder({
			"good.json": file(GOOD),
			"typo.json": file({ ...GOOD, id: "acme/other" }, { ...GOOD, id: "acme/broken", provders: ["together"] }),
		});
		const error = failure(folder);
		expect(error.message).toContain(join(fileURLToPath(folder), "typo.json"));
		expect(error.message).toMatch(/models\[1\] \(acme\/broken\): Unrecognized key: "provders"/);
		expect(error.message).not.toContain("good.json");
	});

	it("says what is wrong with a value, down to a widget example's key", () => {
		const folder = dataFolder({
			"values.json": file({
				...GOOD,
				task: "mind-reading",
				pop: 9,
				params: "lots",
				created: "last spring",
				widget: [{ text: "fine" }, { txt: "a typo" }],
				providers: ["together", "fal-ai:live"],
			}),
		});
		const message = failure(folder).message;
		expect(message).toMatch(/models\[0\] \(acme\/tiny-classifier\)\.task: not a pipeline tag/);
		expect(message).toMatch(/\.pop: /);
		expect(message).toMatch(/\.params: must be a count/);
		expect(message).toMatch(/\.created: must be a day/);
		expect(message).toMatch(/\.widget\[1\]: Unrecognized key: "txt"/);
		expect(message).toMatch(/… and 1 more/);
	});

	it("refuses a record that names hf-inference: the loader decides that mapping from the files", () => {
		const folder = dataFolder({ "local.json": file({ ...GOOD, providers: ["together", "hf-inference:staging"] }) });
		expect(failure(folder).message).toMatch(/\.providers\[1\]: hf-inference is this hub's own runtime/);
	});

	it("refuses a file that is not JSON, one without its description, and an id used twice", () => {
		const broken = dataFolder({ "broken.json": '{ "description": "x", "models": [' });
		expect(failure(broken).message).toMatch(/broken\.json is not JSON/);
		const bare = dataFolder({ "bare.json": { models: [GOOD] } });
		expect(failure(bare).message).toMatch(/bare\.json is not valid:\n {2}description: /);
		const twice = dataFolder({ "a.json": file(GOOD), "b.json": file(GOOD) });
		expect(failure(twice).message).toMatch(/b\.json: acme\/tiny-classifier is already a record in .*a\.json/);
	});

	it("keeps widget examples as written, key order included (the card's YAML follows it)", () => {
		const widget = [{ src: "/assets/demo/x.png", text: "What is this?" }];
		const [spec] = readSpecs(dataFolder({ "one.json": file({ ...GOOD, widget }) }));
		expect(Object.keys(spec?.widget?.[0] ?? {})).toEqual(["src", "text"]);
	});

	it("ships every data file in the published package", () => {
		const packed = JSON.parse(
			execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
				cwd: new URL("../../../", import.meta.url),
				encoding: "utf8",
				stdio: ["ignore", "pipe", "ignore"],
			}),
		) as { files: { path: string }[] }[];
		const paths = new Set(packed[0]?.files.map((entry) => entry.path));
		const data = readdirSync(CATALOGUE_DATA).filter((name) => name.endsWith(".json"));
		expect(data.length).toBeGreaterThan(5);
		for (const name of data) expect(paths, name).toContain(`src/seed/catalogue/data/${name}`);
	});

	it("is found by the built loader (dist/) where the sources find it", async () => {
		const built = (await import(
			new URL("../../../dist/seed/catalogue/read-specs.js", import.meta.url).href
		)) as typeof import("./read-specs.js");
		expect(fileURLToPath(built.CATALOGUE_DATA)).toBe(fileURLToPath(CATALOGUE_DATA));
		expect(built.readSpecs().map((spec) => spec.id)).toEqual(readSpecs().map((spec) => spec.id));
	});
});
