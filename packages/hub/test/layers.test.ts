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

/** Every relative import: the importing file, its layer and the imported file's layer. */
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

/** One resource at several layers: the route serves over HTTP, the command runs from the shell, what the service does. */
const ONE_RESOURCE = "one resource's route, command and service";

/**
 * Names several files share because they do one job at different layers. The local runtime's
 * files (runtime/) are left out: they are the runtime's, not the hub's layers.
 */
const SAME_JOB: Record<string, string> = {
	"index.ts": "a folder's entry point",
	"accounts.ts": ONE_RESOURCE,
	"admin.ts": ONE_RESOURCE,
	"backup.ts": ONE_RESOURCE,
	"card-validation.ts": ONE_RESOURCE,
	"commits.ts": ONE_RESOURCE,
	"files.ts": ONE_RESOURCE,
	"gc.ts": ONE_RESOURCE,
	"namespaces.ts": ONE_RESOURCE,
	"oauth.ts": ONE_RESOURCE,
	"organizations.ts": ONE_RESOURCE,
	"profiles.ts": ONE_RESOURCE,
	"refs.ts": ONE_RESOURCE,
	"repo-admin.ts": ONE_RESOURCE,
	"repos.ts": ONE_RESOURCE,
	"tasks.ts": ONE_RESOURCE,
	"whoami.ts": ONE_RESOURCE,
	"providers.ts": "the inference providers: the router's upstream table, their route and service",
	"lfs.ts": "Git LFS: its routes and the store's object paths",
	"metrics.ts": "the metrics registry and the route that serves it",
	"caller.ts": "who is calling: auth/ defines the caller, middleware/ sets it on the request",
	"deps.ts": "what a layer is built from: the hub's routes (deps.ts) and the router (router/deps.ts)",
	"errors.ts": "the hub's one error type and the middleware that answers it",
	"format-error.ts": "why a protocol's bytes were refused: git/'s and xet/'s own typed error",
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

	it("lib/ holds layer-free helpers: it imports nothing else of src/", () => {
		const lib = IMPORTS.filter((entry) => entry.from === "lib");
		expect(lib.filter((entry) => entry.to !== "lib").map((entry) => `${entry.file} → ${entry.to || "src"}/`)).toEqual(
			[],
		);
	});

	it("xet/ holds the Xet protocol's formats: it imports nothing of src/ but lib/", () => {
		const xet = IMPORTS.filter((entry) => entry.from === "xet");
		expect(xet.length).toBeGreaterThan(0);
		expect(
			xet
				.filter((entry) => entry.to !== "xet" && entry.to !== "lib")
				.map((entry) => `${entry.file} → ${entry.to || "src"}/`),
		).toEqual([]);
	});

	it("git/ holds git's formats: it imports nothing of src/ but lib/", () => {
		const git = IMPORTS.filter((entry) => entry.from === "git");
		expect(git.length).toBeGreaterThan(0);
		expect(
			git
				.filter((entry) => entry.to !== "git" && entry.to !== "lib")
				.map((entry) => `${entry.file} → ${entry.to || "src"}/`),
		).toEqual([]);
	});

	it("router/http.ts is the router's own: other layers take stream helpers from lib/", () => {
		const outside = sourceFiles().filter(
			(file) =>
				layerOf(file) !== "router" && /from "[./]*router\/http\.js"/.test(readFileSync(join(SRC, file), "utf8")),
		);
		expect(outside).toEqual([]);
	});

	it("only db/ branches on the database engine", () => {
		// A comparison with an engine's name, an engine-keyed record, or a Kysely dialect.
		const branch =
			/engine\s*[!=]==|["'](postgres|sqlite)["']|isPostgres|[dD]ialect|\[(deps\.)?engine\]|case "(postgres|sqlite)"/;
		const layers = ["services", "routes", "router", "seed", "middleware", "auth", "storage", "lib"];
		const found = sourceFiles()
			.filter((file) => layers.includes(layerOf(file)))
			.flatMap((file) =>
				readFileSync(join(SRC, file), "utf8")
					.split("\n")
					.flatMap((line, index) => (branch.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
			);
		expect(found).toEqual([]);
	});

	it("the router reads per-request state from the request's context, never from a map keyed by request or answer", () => {
		const files = sourceFiles().filter((file) => layerOf(file) === "router" || file === "app.ts");
		const keyed = files.filter((file) => /WeakMap<(Request|Response)\b/.test(readFileSync(join(SRC, file), "utf8")));
		expect(keyed).toEqual([]);
	});

	it("gives no two source files one name for different jobs", () => {
		const byName = new Map<string, string[]>();
		for (const path of sourceFiles().filter((file) => !file.startsWith("runtime/"))) {
			const name = path.split("/").pop() as string;
			byName.set(name, [...(byName.get(name) ?? []), path]);
		}
		const shared = [...byName].filter(([name, paths]) => paths.length > 1 && !(name in SAME_JOB));
		expect(shared.map(([, paths]) => paths.join(" and "))).toEqual([]);
	});
});
