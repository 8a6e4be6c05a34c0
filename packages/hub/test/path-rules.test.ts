/**
 * The naming rules for files users add, over real HTTP on both engines: a commit, a preupload or a
 * create naming a path that holds bidirectional controls, a Windows device name, `:` or a segment
 * ending in a dot or a space is a 400 naming the rule, and nothing is committed; `x.exe.` and
 * `x.exe ` cannot slip past the refused types. Names are stored in Unicode NFC: a decomposed
 * spelling writes, overwrites, finds and deletes the same file as the composed one, preupload
 * answers under the name the client sent, and a download asked in either form finds it. Files
 * stored before the rules stay readable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

const COMPOSED = "caf\u00e9/r\u00e9sum\u00e9.txt";
const DECOMPOSED = COMPOSED.normalize("NFD");

describe.each(ENGINES)("path rules (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	const tree = async (id: string) =>
		((await call(`${hub.url}/api/models/${id}/tree/main?recursive=true`)).body as { path: string; type: string }[])
			.filter((entry) => entry.type === "file")
			.map((entry) => entry.path)
			.sort();

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, "alice/names", { files: { "README.md": "# Names\n" } });
		// Stored before the rules existed (written below the routes).
		await createTestRepo(hub.deps, "alice/legacy", {
			files: { "README.md": "# Old\n", "con.txt": "device\n", [DECOMPOSED]: "decomposed\n" },
		});
	});

	it("refuses each rule's names in a commit with a 400 that names the rule, committing nothing", async () => {
		const cases: [string, RegExp][] = [
			["model\u202eslm.exe.txt", /bidirectional text controls/],
			["docs/\u2066x\u2069.md", /bidirectional text controls/],
			["a\u200fb.txt", /bidirectional text controls/],
			["CON", /Windows device name CON/],
			["scripts/aux.py", /Windows device name AUX/],
			["Lpt3.tar.gz", /Windows device name LPT3/],
			["model.bin:hidden", /':'/],
			["notes.txt.", /cannot end with a dot or a space/],
			["folder /a.txt", /cannot end with a dot or a space/],
		];
		for (const [path, rule] of cases) {
			const answer = await commitRaw(hub.url, people.ownerWrite, "alice/names", [
				header("Add"),
				inline("fine.txt", "fine\n"),
				inline(path, "x\n"),
			]);
			expect(answer.status, JSON.stringify(path)).toBe(400);
			expect(answer.body.error, JSON.stringify(path)).toMatch(rule);
		}
		expect(await tree("alice/names")).toEqual(["README.md"]);
	});

	it("refuses x.exe. and x.exe (Windows would save them as x.exe) before the type rule can be bypassed", async () => {
		for (const path of ["setup.exe.", "setup.exe ", "tools/run.bat..", "setup.exe::$DATA"]) {
			const answer = await commitRaw(hub.url, people.ownerWrite, "alice/names", [header("Tool"), inline(path, "MZ")]);
			expect(answer.status, JSON.stringify(path)).toBe(400);
			const preupload = await call(`${hub.url}/api/models/alice/names/preupload/main`, {
				token: people.ownerWrite,
				body: { files: [{ path, size: 2, sample: "" }] },
			});
			expect(preupload.status, JSON.stringify(path)).toBe(400);
		}
		const created = await call(`${hub.url}/api/repos/create`, {
			token: people.ownerWrite,
			body: { name: "with-device", files: [{ path: "nul.txt", content: "eA==" }] },
		});
		expect(created.status).toBe(400);
		expect(created.body.error).toMatch(/Windows device name NUL/);
		expect((await call(`${hub.url}/api/models/alice/with-device`, { token: people.ownerWrite })).status).toBe(404);
		expect(await tree("alice/names")).toEqual(["README.md"]);
	});

	it("stores names in NFC: a decomposed spelling is the same file, found and deleted in either form", async () => {
		const first = await commitRaw(hub.url, people.ownerWrite, "alice/names", [
			header("Decomposed"),
			inline(DECOMPOSED, "one\n"),
		]);
		expect(first.status).toBe(200);
		const second = await commitRaw(hub.url, people.ownerWrite, "alice/names", [
			header("Composed"),
			inline(COMPOSED, "two\n"),
		]);
		expect(second.status).toBe(200);
		expect(await tree("alice/names")).toEqual(["README.md", COMPOSED]);

		// Preupload looks the file up by its stored name and answers under the name the client sent.
		const preupload = await call(`${hub.url}/api/models/alice/names/preupload/main`, {
			token: people.ownerWrite,
			body: { files: [{ path: DECOMPOSED, size: 4, sample: "" }] },
		});
		expect(preupload.status).toBe(200);
		expect(preupload.body.files).toEqual([
			{ path: DECOMPOSED, uploadMode: "regular", shouldIgnore: false, oid: expect.stringMatching(/^[0-9a-f]{40}$/) },
		]);

		for (const path of [COMPOSED, DECOMPOSED]) {
			const download = await fetch(`${hub.url}/alice/names/resolve/main/${encodeURI(path)}`);
			expect(download.status, path).toBe(200);
			expect(await download.text()).toBe("two\n");
		}
		const deleted = await commitRaw(hub.url, people.ownerWrite, "alice/names", [
			header("Remove"),
			{ key: "deletedFile", value: { path: DECOMPOSED } },
		]);
		expect(deleted.status).toBe(200);
		expect(await tree("alice/names")).toEqual(["README.md"]);
	});

	it("still serves files stored before the rules, by the name they were stored under", async () => {
		expect(await (await fetch(`${hub.url}/alice/legacy/resolve/main/con.txt`)).text()).toBe("device\n");
		const decomposed = await fetch(`${hub.url}/alice/legacy/resolve/main/${encodeURI(DECOMPOSED)}`);
		expect(await decomposed.text()).toBe("decomposed\n");
		const info = await call(`${hub.url}/api/models/alice/legacy/paths-info/main`, { body: { paths: ["con.txt"] } });
		expect(info.body).toEqual([expect.objectContaining({ path: "con.txt", type: "file" })]);
	});

	it("deletes a file stored before the rules by the name it was stored under", async () => {
		const deleted = await commitRaw(hub.url, people.ownerWrite, "alice/legacy", [
			header("Remove the device name"),
			{ key: "deletedFile", value: { path: "con.txt" } },
		]);
		expect(deleted.status).toBe(200);
		expect(await tree("alice/legacy")).not.toContain("con.txt");
	});
});
