/** Test-only access to the reference facts kept in the repository's `reference/` folder. */
import { readFileSync } from "node:fs";

const referenceDir = new URL("../../../reference/", import.meta.url);

// biome-ignore lint/suspicious/noExplicitAny: the reference files are untyped JSON read only by tests
export function readReference(name: string): any {
	return JSON.parse(readFileSync(new URL(name, referenceDir), "utf8"));
}
