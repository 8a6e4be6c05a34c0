/**
 * The hub's layers import one way (ARCHITECTURE.md, "Layers"): the rules below
 * read every non-test source file's imports, so a new import that points back
 * up a layer fails here rather than in a review.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = new URL("../src/", import.meta.url).pathname;

/** Every non-test `.ts` file under src/, as paths relative to it. */
function sourceFiles(folder = ""): string[] {
	return readdirSync(join(SRC, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = folder ? `${folder}/${entry.name}` : entry.name;
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
	});
}

/** The top folder of src/ a path lies in (`""` for a file at the top). */
function layerOf(path: string): string {
	return path.includes("/") ? (path.split("/")[0] as string) : "";
}

/** [importing file, its layer, the imported file's layer] for every relative import. */
function crossLayerImports(): { file: string; from: string; to: string }[] {
	return sourceFiles().flatMap((file) => {
		const text = readFileSync(join(SRC, file), "utf8");
		return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => {
			const target = relative(SRC, join(SRC, dirname(file), match[1] as string));
			return { file, from: layerOf(file), to: layerOf(target) };
		});
	});
}

const IMPORTS = crossLayerImports();

/** Which layers each layer must never import. */
const FORBIDDEN: Record<string, string[]> = {
	services: ["seed", "cli", "routes"],
	// Backfilling migrations compute values with the services' own rules, so db/ may import them.
	db: ["seed", "cli", "routes", "router", "middleware"],
	storage: ["services", "seed", "cli", "routes", "router", "middleware", "auth", "db"],
	auth: ["seed", "cli", "routes", "router", "middleware"],
	routes: ["seed", "cli"],
	router: ["seed", "cli", "routes", "services", "db"],
};

describe("the hub's layers", () => {
	it("reads the imports of every layer it checks", () => {
		for (const layer of Object.keys(FORBIDDEN)) {
			expect(IMPORTS.filter((entry) => entry.from === layer).length, layer).toBeGreaterThan(0);
		}
	});

	for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
		it(`${layer}/ never imports ${forbidden.join("/, ")}/`, () => {
			const wrong = IMPORTS.filter((entry) => entry.from === layer && forbidden.includes(entry.to));
			expect(wrong.map((entry) => `${entry.file} → ${entry.to}/`)).toEqual([]);
		});
	}
});
