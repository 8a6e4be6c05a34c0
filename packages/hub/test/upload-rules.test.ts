/**
 * The file types users may not add, over real HTTP on both engines: by default a commit that adds
 * a Windows executable, installer or script (any case, inline or through LFS), a preupload that
 * names one and a create that carries one are each a 422 naming the file and the rule, and nothing
 * changes; the other files of a refused commit are not committed either, and a refused file the
 * repository already holds may still be deleted. `GET …/write-access` lists the refused types for
 * the site. `HUBKIT_UPLOAD_REFUSED_TYPES` changes the rule (and the empty string accepts
 * everything); `hubkit import` / `mirror` (ingestSnapshot) are not held to it; a `.git` folder is
 * refused to everyone. The public `@huggingface/hub` client gets the hub's message.
 */
import { createHash } from "node:crypto";
import { uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_UPLOAD_REFUSED_TYPES, loadConfig, uploadRefusedTypes } from "../src/config.js";
import { gitBlobOid } from "../src/git-oid.js";
import { ingestSnapshot } from "../src/services/repo-ingest.js";
import { refusedTypeOf } from "../src/services/upload-rules.js";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { batch, put } from "./lfs-fixture.js";
import { ENGINES, startTestDatabase } from "./support/engines.js";
import { type HttpHub, listen, openTestHub, useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, type TestPeople } from "./support/repos.js";

const REFUSED_MESSAGE = (path: string, type: string) =>
	`Invalid file type: ${path}: this hub does not accept ${type} files (refused types: ${DEFAULT_UPLOAD_REFUSED_TYPES.join(", ")})`;

const tree = async (hub: HttpHub, id: string) =>
	((await call(`${hub.url}/api/models/${id}/tree/main?recursive=true`)).body as { path: string }[])
		.map((entry) => entry.path)
		.sort();

describe("HUBKIT_UPLOAD_REFUSED_TYPES", () => {
	it("defaults to Windows executables, installers and scripts; lists extensions; empty refuses nothing", () => {
		expect(loadConfig({}, {}).uploadRefusedTypes).toEqual([
			".exe",
			".msi",
			".scr",
			".com",
			".bat",
			".cmd",
			".vbs",
			".ps1",
		]);
		expect(loadConfig({}, { HUBKIT_UPLOAD_REFUSED_TYPES: " bin, .PT ,,.tar.gz,bin" }).uploadRefusedTypes).toEqual([
			".bin",
			".pt",
			".tar.gz",
		]);
		expect(uploadRefusedTypes("")).toEqual([]);
		expect(() => uploadRefusedTypes("exe, a/b")).toThrow(/HUBKIT_UPLOAD_REFUSED_TYPES/);
	});
});

describe("refusedTypeOf", () => {
	it("reads a name as Windows opens it: without trailing dots and spaces or an NTFS stream", () => {
		for (const path of ["x.exe.", "x.exe ", "a/x.EXE. . ", "x.exe:zone", "x.exe::$DATA"]) {
			expect(refusedTypeOf(path, DEFAULT_UPLOAD_REFUSED_TYPES), JSON.stringify(path)).toBe(".exe");
		}
		for (const path of ["x.exe.txt", "exe", "x.exe/readme.md"]) {
			expect(refusedTypeOf(path, DEFAULT_UPLOAD_REFUSED_TYPES), JSON.stringify(path)).toBeUndefined();
		}
	});
});

describe.each(ENGINES)("refused upload types (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, "alice/rules", { files: { "README.md": "# Rules\n", "old/setup.exe": "MZ" } });
	});

	it("lists the refused types in write-access", async () => {
		const answer = await call(`${hub.url}/api/models/alice/rules/write-access`, { token: people.ownerWrite });
		expect(answer.body).toMatchObject({ mayWrite: true, refusedTypes: DEFAULT_UPLOAD_REFUSED_TYPES });
	});

	it("refuses a commit adding an executable, whatever its case, and commits none of its files", async () => {
		for (const [path, type] of [
			["tools/setup.exe", ".exe"],
			["Install.MSI", ".msi"],
			["run.Bat", ".bat"],
			["scripts/fix.ps1", ".ps1"],
		]) {
			const answer = await commitRaw(hub.url, people.ownerWrite, "alice/rules", [
				header("Add a tool"),
				inline("notes.txt", "fine\n"),
				inline(path as string, "MZ\x90\x00"),
			]);
			expect(answer.status, path).toBe(422);
			expect(answer.headers.get("x-error-code")).toBe("RefusedFileType");
			expect(answer.body).toEqual({ error: REFUSED_MESSAGE(path as string, type as string) });
		}
		expect(await tree(hub, "alice/rules")).toEqual(["README.md", "old", "old/setup.exe"]);
		// Names that only contain a refused extension are ordinary files.
		const accepted = await commitRaw(hub.url, people.ownerWrite, "alice/rules", [
			header("Add notes"),
			inline("notes.txt", "fine\n"),
			inline("exe.md", "about executables\n"),
			inline("setup.exe.txt", "a text file\n"),
		]);
		expect(accepted.status).toBe(200);
	});

	it("refuses an executable sent through LFS at preupload and at the commit line", async () => {
		const bytes = Buffer.from("MZ an installer's bytes");
		const oid = createHash("sha256").update(bytes).digest("hex");
		const preupload = await call(`${hub.url}/api/models/alice/rules/preupload/main`, {
			token: people.ownerWrite,
			body: {
				files: [
					{ path: "model.onnx", size: 10, sample: "" },
					{ path: "bin/Installer.exe", size: bytes.length, sample: "" },
				],
			},
		});
		expect(preupload.status).toBe(422);
		expect(preupload.body.error).toBe(REFUSED_MESSAGE("bin/Installer.exe", ".exe"));
		// A client that skips preupload: the bytes reach the store, the commit line is still refused.
		const batched = await batch(hub.url, "/alice/rules", people.ownerWrite, [{ oid, size: bytes.length }]);
		const href = batched.objects[0]?.actions?.upload?.href;
		expect(href).toBeTypeOf("string");
		expect((await put(href as string, bytes)).status).toBe(200);
		const answer = await commitRaw(hub.url, people.ownerWrite, "alice/rules", [
			header("Add an installer"),
			{ key: "lfsFile", value: { path: "bin/Installer.exe", algo: "sha256", oid, size: bytes.length } },
		]);
		expect(answer.status).toBe(422);
		expect(answer.body.error).toBe(REFUSED_MESSAGE("bin/Installer.exe", ".exe"));
		expect(await tree(hub, "alice/rules")).not.toContain("bin/Installer.exe");
	});

	it("refuses creating a repository with an executable, and creates nothing", async () => {
		const answer = await call(`${hub.url}/api/repos/create`, {
			token: people.ownerWrite,
			body: { name: "with-tool", files: [{ path: "tool.cmd", content: "ZWNobyBoaQ==" }] },
		});
		expect(answer.status).toBe(422);
		expect(answer.body.error).toBe(REFUSED_MESSAGE("tool.cmd", ".cmd"));
		expect((await call(`${hub.url}/api/models/alice/with-tool`, { token: people.ownerWrite })).status).toBe(404);
	});

	it("still lets a refused file the repository holds be deleted", async () => {
		const answer = await commitRaw(hub.url, people.ownerWrite, "alice/rules", [
			header("Remove the old tool"),
			{ key: "deletedFile", value: { path: "old/setup.exe" } },
		]);
		expect(answer.status).toBe(200);
		expect(await tree(hub, "alice/rules")).not.toContain("old/setup.exe");
	});

	it("refuses a .git folder to everyone, in any case", async () => {
		for (const path of [".git/config", "sub/.GIT/hooks/post-checkout"]) {
			const answer = await commitRaw(hub.url, people.ownerWrite, "alice/rules", [
				header("Add git data"),
				inline(path, "x\n"),
			]);
			expect(answer.status, path).toBe(400);
			expect(answer.body.error).toContain("A repository cannot hold a .git folder");
		}
		await expect(
			ingestSnapshot(hub.deps, {
				type: "model",
				id: "alice/imported-git",
				files: [
					{
						path: ".git/HEAD",
						blob: await hub.deps.blobStore.put(Buffer.from("x")),
						gitOid: gitBlobOid(Buffer.from("x")),
					},
				],
				summary: "Import",
			}),
		).rejects.toThrow(/cannot hold a \.git folder/);
	});

	it("does not hold the operator's import and mirror to the rule", async () => {
		const bytes = Buffer.from("MZ a tool the operator ships\n");
		const result = await ingestSnapshot(hub.deps, {
			type: "model",
			id: "alice/operator-tools",
			files: [{ path: "tools/setup.exe", blob: await hub.deps.blobStore.put(bytes), gitOid: gitBlobOid(bytes) }],
			summary: "Import a folder",
		});
		expect(result.changed).toBe(true);
		expect(await tree(hub, "alice/operator-tools")).toContain("tools/setup.exe");
	});

	it("gives the public @huggingface/hub client the hub's message", async () => {
		const upload = uploadFiles({
			accessToken: people.ownerWrite,
			hubUrl: hub.url,
			repo: { type: "model", name: "alice/rules" },
			files: [
				{ path: "ok.txt", content: new Blob(["fine\n"]) },
				{ path: "setup.exe", content: new Blob(["MZ"]) },
			],
			useXet: false,
		});
		await expect(upload).rejects.toMatchObject({
			statusCode: 422,
			message: expect.stringContaining("Invalid file type: setup.exe: this hub does not accept .exe files"),
		});
		expect(await tree(hub, "alice/rules")).not.toContain("ok.txt");
	});
});

describe.each(ENGINES)("HUBKIT_UPLOAD_REFUSED_TYPES changes the rule (%s)", (engine) => {
	const closers: (() => Promise<void>)[] = [];
	let url = "";
	let token = "";

	/** A hub whose config comes from the environment, as `hubkit serve` reads it. */
	async function hubWith(refused: string): Promise<string> {
		const database = await startTestDatabase(engine);
		closers.push(() => database.cleanup());
		const { dataDir, databaseUrl, databasePoolSize } = database.config;
		const config = loadConfig(
			{ dataDir, databaseUrl, databasePoolSize, port: 0 },
			{ HUBKIT_UPLOAD_REFUSED_TYPES: refused },
		);
		const opened = await openTestHub(config);
		closers.push(() => opened.close());
		const server = await listen(opened.app);
		closers.push(() => server.close());
		token = (await createTestPeople(opened.deps.db)).ownerWrite;
		await createTestRepo(opened.deps, "alice/configured", { files: { "README.md": "# Configured\n" } });
		return server.url;
	}

	afterAll(async () => {
		for (const close of closers.splice(0).reverse()) await close();
	});

	it("refuses the operator's types instead of the default ones", async () => {
		url = await hubWith("pt, .PKL");
		const access = await call(`${url}/api/models/alice/configured/write-access`, { token });
		expect(access.body.refusedTypes).toEqual([".pt", ".pkl"]);
		const refused = await commitRaw(url, token, "alice/configured", [header("Pickles"), inline("weights.PKL", "x")]);
		expect(refused.status).toBe(422);
		expect(refused.body.error).toBe(
			"Invalid file type: weights.PKL: this hub does not accept .pkl files (refused types: .pt, .pkl)",
		);
		const accepted = await commitRaw(url, token, "alice/configured", [header("A tool"), inline("setup.exe", "MZ")]);
		expect(accepted.status).toBe(200);
	});

	it("accepts every type when set to the empty string", async () => {
		url = await hubWith("");
		const access = await call(`${url}/api/models/alice/configured/write-access`, { token });
		expect(access.body.refusedTypes).toEqual([]);
		const accepted = await commitRaw(url, token, "alice/configured", [
			header("Tools"),
			inline("setup.exe", "MZ"),
			inline("run.bat", "echo hi\n"),
		]);
		expect(accepted.status).toBe(200);
	});
});
