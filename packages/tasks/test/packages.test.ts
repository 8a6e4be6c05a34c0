/**
 * What npm would publish for each workspace package, as `npm pack` lists it
 * (nothing is uploaded): a README and a LICENSE, the metadata a registry page
 * shows, ESM only, and source maps whose sources ship with them. Relies on the
 * packages being built (`npm test` builds first), like dist.test.ts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { describe, expect, it } from "vitest";

const PACKAGES = ["tasks", "inference", "hub"] as const;
const root = new URL("../../../", import.meta.url).pathname;

interface Manifest {
	name: string;
	license?: string;
	type?: string;
	repository?: { type: string; url: string; directory?: string };
	homepage?: string;
	exports: Record<string, string | Record<string, string>>;
}

function manifest(name: string): Manifest {
	return JSON.parse(readFileSync(`${root}packages/${name}/package.json`, "utf8")) as Manifest;
}

/** The files `npm pack` would put in the tarball, relative to the package. */
function packed(name: string): Set<string> {
	const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
		cwd: `${root}packages/${name}`,
		encoding: "utf8",
		stdio: ["ignore", "pipe", "ignore"],
	});
	const [report] = JSON.parse(output) as { files: { path: string }[] }[];
	return new Set((report?.files ?? []).map((file) => file.path));
}

/** `dist/a/b.js.map` or `dist/a/b.d.ts.map` → the package's `src/a/b.ts` on disk. */
function sourceFileOf(name: string, map: string): string {
	const stem = map.replace(/^dist\//, "").replace(/(\.d\.ts|\.js)\.map$/, "");
	return `${root}packages/${name}/src/${stem}.ts`;
}

describe.each(PACKAGES)("@hubkit/%s as published", (name) => {
	const files = packed(name);
	const meta = manifest(name);

	it("ships a README with usage examples and the LICENSE its manifest names", () => {
		expect(files).toContain("README.md");
		expect(files).toContain("LICENSE");
		const readme = readFileSync(`${root}packages/${name}/README.md`, "utf8");
		expect(readme).toMatch(/```(js|ts|sh)\n/);
		expect(readme).toMatch(/ESM only/i);
		expect(meta.license).toBe("MIT");
		expect(readFileSync(`${root}packages/${name}/LICENSE`, "utf8")).toMatch(/^MIT License/);
	});

	it("names its repository and homepage", () => {
		expect(meta.repository).toEqual({
			type: "git",
			url: expect.stringMatching(/^git\+https:\/\//),
			directory: `packages/${name}`,
		});
		expect(meta.homepage).toMatch(new RegExp(`^https://.+/packages/${name}#readme$`));
	});

	it("is ESM only: type module, every export an import condition", () => {
		expect(meta.type).toBe("module");
		for (const [key, target] of Object.entries(meta.exports)) {
			if (typeof target === "string") continue;
			expect(Object.keys(target), key).not.toContain("require");
			expect(Object.keys(target), key).toContain("import");
		}
	});

	it("ships the sources its source maps point at, and no tests", () => {
		// A map whose source file is gone is a stale output of an earlier build (a fresh clone's build has none).
		const maps = [...files].filter((path) => path.endsWith(".map") && existsSync(sourceFileOf(name, path)));
		expect(maps.length).toBeGreaterThan(0);
		const missing: string[] = [];
		for (const map of maps) {
			const { sources } = JSON.parse(readFileSync(`${root}packages/${name}/${map}`, "utf8")) as { sources: string[] };
			for (const source of sources) {
				const path = posix.normalize(posix.join(posix.dirname(map), source));
				if (!files.has(path)) missing.push(`${map} → ${path}`);
			}
		}
		expect(missing).toEqual([]);
		expect([...files].filter((path) => /\.test\.ts$|__golden__/.test(path))).toEqual([]);
	});
});
