/** Test-only loading of the model-record fixtures. */
import { readdirSync, readFileSync } from "node:fs";
import type { ModelData } from "../src/model-data.js";

const fixtures = new URL("./fixtures/", import.meta.url);

/** The varied record set: every JSON file in fixtures/models/, concatenated. */
export function loadModelRecords(): ModelData[] {
	const dir = new URL("models/", fixtures);
	return readdirSync(dir)
		.filter((name) => name.endsWith(".json"))
		.sort()
		.flatMap((name) => JSON.parse(readFileSync(new URL(name, dir), "utf8")) as ModelData[]);
}

/** Records whose every author-controlled field tries to break out of a string. */
export function loadHostileRecords(): { marker: string; records: ModelData[] } {
	return JSON.parse(readFileSync(new URL("hostile-records.json", fixtures), "utf8"));
}

/** Records whose fields have the wrong JSON types (strings as numbers, objects as lists …). */
export function loadMalformedRecords(): ModelData[] {
	return JSON.parse(readFileSync(new URL("malformed-records.json", fixtures), "utf8"));
}
