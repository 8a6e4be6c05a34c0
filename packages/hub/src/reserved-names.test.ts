import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase } from "../test/support/engines.js";
import { openTestHub } from "../test/support/hub.js";
import { seedModel } from "../test/support/seed-records.js";
import { ownerNameProblem } from "./ids.js";
import { isReservedName, RESERVED_NAMES } from "./reserved-names.js";
import { modelIdProblem } from "./router/model-id.js";
import { sampleCatalogue } from "./seed/catalogue/index.js";
import { loadSeed } from "./seed/load.js";

describe("reserved names", () => {
	it("covers the hub's own root paths, in any case", () => {
		for (const name of ["api", "tasks", "models", "datasets", "settings", "login", "join", "new", "oauth", "v1"]) {
			expect(isReservedName(name), name).toBe(true);
			expect(isReservedName(name.toUpperCase()), name).toBe(true);
		}
		expect(isReservedName("_next")).toBe(true);
		expect(isReservedName("assets")).toBe(true);
	});

	it("covers every top-level path of the site (apps/web/app), so no owner's pages sit under one", () => {
		const app = new URL("../../../apps/web/app/", import.meta.url);
		const entries = readdirSync(app, { withFileTypes: true });
		// Static folders are page paths; [dynamic], (group), @slot and _private folders add no segment.
		const folders = entries
			.filter((entry) => entry.isDirectory() && !/^[[(@_]/.test(entry.name))
			.map((entry) => entry.name);
		// Metadata files Next serves at the root under their own name (icon.svg → /icon.svg).
		const metadata = entries
			.filter((entry) => entry.isFile() && /^(icon|apple-icon|favicon|robots|sitemap|manifest)\./.test(entry.name))
			.map((entry) => entry.name);
		expect(folders).toEqual(expect.arrayContaining(["tasks", "models", "libraries", "docs"]));
		expect([...folders, ...metadata].filter((name) => !isReservedName(name))).toEqual([]);
	});

	it("leaves provider-named organisations alone", () => {
		for (const name of ["black-forest-labs", "together", "fal-ai", "replicate", "openai", "alice"]) {
			expect(isReservedName(name), name).toBe(false);
			expect(ownerNameProblem(name), name).toBeUndefined();
		}
	});

	it("refuses reserved and malformed owner names with the reason", () => {
		expect(ownerNameProblem("settings")).toMatch(/reserved/);
		expect(ownerNameProblem("Login")).toMatch(/reserved/);
		expect(ownerNameProblem("")).toMatch(/1 to 96/);
		expect(ownerNameProblem("a".repeat(97))).toMatch(/1 to 96/);
		for (const bad of ["-x", "a..b", "a--b", "a.", "a/b", "a b"]) expect(ownerNameProblem(bad), bad).toMatch(/letters/);
	});

	it("is not the namespace of any sample model", () => {
		const authors = new Set([...sampleCatalogue()].map((record) => record.author));
		expect([...authors].filter((author) => RESERVED_NAMES.has(author.toLowerCase()))).toEqual([]);
	});
});

describe("where owner names are checked", () => {
	it("the router refuses a model id under a reserved namespace", () => {
		expect(modelIdProblem("settings/my-model")).toMatch(/reserved/);
		expect(modelIdProblem("black-forest-labs/FLUX.1-dev")).toBeUndefined();
		expect(modelIdProblem("tasks")).toBeUndefined();
	});

	it.each(ENGINES)("seeding refuses a record under a reserved namespace and writes nothing (%s)", async (engine) => {
		const testDb = await startTestDatabase(engine);
		const hub = await openTestHub(testDb.config);
		try {
			await expect(loadSeed(hub.deps, [seedModel("login/trap")])).rejects.toThrow(/"login" is reserved/);
			const rows = await hub.deps.db.selectFrom("models").select("id").execute();
			expect(rows).toEqual([]);
		} finally {
			await hub.close();
			await testDb.cleanup();
		}
	});
});
