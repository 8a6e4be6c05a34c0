/**
 * Migration 0015 on a data directory where the hole was open, on both engines: an account that
 * signed up under a seeded namespace (`google`), one differing only in case (`Hubkit-Demo`) and
 * an organisation under a seeded namespace (`facebook`) are recorded as conflicts and lose every
 * write there (commit, settings, move, delete) while a site admin keeps them; a namespace with no
 * account becomes a site organisation; a person's own namespace stays theirs. The real
 * `hubkit namespaces` command lists the conflicts and decides them: after `grant` the account
 * writes, after `keep --rename-account` the site holds the name and the account has a new one.
 */
import { spawn } from "node:child_process";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/passwords.js";
import { createAccessToken, newObjectId } from "../src/auth/tokens.js";
import { allMigrations } from "../src/db/migrations/index.js";
import { openDatabase } from "../src/db/open.js";
import { createUser } from "../src/services/accounts.js";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { CLI } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { memoryBlobStore } from "./support/memory-blob-store.js";
import { call, createTestRepo, type TestRepoOptions, writeFirstCommit } from "./support/repos.js";

const BEFORE = "0014-postgres-search-by-task";
const SEEDED = "2023-03-01T00:00:00.000Z";
const PASSWORD = "correct horse battery";

describe.each(ENGINES)("migration 0015 and `hubkit namespaces` (%s)", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	const tokens: Record<string, string> = {};

	function hubkit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
		const child = spawn(process.execPath, [CLI, ...args, "--data", testDb.config.dataDir], {
			env: { PATH: process.env.PATH ?? "", ...testDb.cliEnv },
		});
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		// The data directory as version 14 left it, after the hole was used.
		const old = openDatabase(testDb.config);
		const migrator = new Migrator({
			db: old.db,
			provider: { getMigrations: async () => allMigrations(engine) },
			migrationTableName: "hubkit_migrations",
			migrationLockTableName: "hubkit_migrations_lock",
		});
		expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
		const deps = { db: old.db, blobStore: memoryBlobStore() };
		// Records only: their first commits need the trees of a later version (written below).
		const heads: [string, string, TestRepoOptions][] = [];
		const repo = async (id: string, options: TestRepoOptions) =>
			heads.push([id, await createTestRepo(deps, id, { ...options, recordOnly: true }), options]);
		for (const id of ["google/flan-t5-base", "hubkit-demo/tiny", "facebook/opt-125m", "meta-llama/llama-3"]) {
			await repo(id, { date: SEEDED });
		}
		await repo("google/fleurs", { type: "dataset", date: SEEDED });
		for (const name of ["google", "Hubkit-Demo", "alice", "org-maker"]) {
			tokens[name] = (await createAccessToken(old.db, name, { role: "write" })).token;
		}
		// `google` signed up with a password (sign-up let the name through then).
		await old.db
			.updateTable("users")
			.set({ password_hash: await hashPassword(PASSWORD) })
			.where("name", "=", "google")
			.execute();
		// alice's own repository, made after she signed up.
		await repo("alice/mine", { date: new Date(Date.now() + 1000).toISOString() });
		// An organisation made under a seeded namespace.
		const orgId = newObjectId();
		const makerId = (
			await old.db.selectFrom("users").select("id").where("name", "=", "org-maker").executeTakeFirstOrThrow()
		).id;
		await old.db
			.insertInto("users")
			.values({
				id: orgId,
				name: "facebook",
				fullname: "facebook",
				email: null,
				created_at: new Date().toISOString(),
				kind: "org",
			})
			.execute();
		await old.db
			.insertInto("org_members")
			.values({ org_id: orgId, user_id: makerId, role: "admin", created_at: new Date().toISOString() })
			.execute();
		await old.close();

		hub = await openTestHub(testDb.config);
		for (const [id, sha, options] of heads) await writeFirstCommit(hub.deps, id, sha, options);
		await createUser(hub.deps.db, {
			username: "site-root",
			email: "root@example.com",
			password: "long enough pass",
			isAdmin: true,
		});
		tokens.admin = (await createAccessToken(hub.deps.db, "site-root", { role: "write" })).token;
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	const commit = (who: string, id: string, type: "models" | "datasets" = "models") =>
		commitRaw(server.url, tokens[who] as string, id, [header(`edit by ${who}`), inline(`${who}.md`, "x\n")], { type });
	const settings = (who: string, id: string) =>
		call(`${server.url}/api/models/${id}/settings`, { method: "PUT", token: tokens[who], body: { private: true } });
	const move = (who: string, from: string, to: string) =>
		call(`${server.url}/api/repos/move`, { token: tokens[who], body: { fromRepo: from, toRepo: to, type: "model" } });
	const remove = (who: string, id: string) =>
		call(`${server.url}/api/repos/delete`, { method: "DELETE", token: tokens[who], body: { name: id, type: "model" } });

	it("records the conflicts and makes the unclaimed namespace the site's", async () => {
		const conflicts = await hub.deps.db.selectFrom("namespace_conflicts").selectAll().orderBy("name").execute();
		expect(
			conflicts.map((row) => [row.name, JSON.parse(row.namespaces), JSON.parse(row.accounts), row.decision]),
		).toEqual([
			["facebook", ["facebook"], ["facebook"], null],
			["google", ["google"], ["google"], null],
			["hubkit-demo", ["hubkit-demo"], ["Hubkit-Demo"], null],
		]);
		const site = await hub.deps.db.selectFrom("users").select(["name", "kind"]).where("site_managed", "=", 1).execute();
		expect(site).toEqual([{ name: "meta-llama", kind: "org" }]);
	});

	it("takes every write in a contested namespace from the claimant, and keeps the site admin's", async () => {
		expect((await commit("google", "google/flan-t5-base")).status).toBe(403);
		expect((await commit("google", "google/fleurs", "datasets")).status).toBe(403);
		expect((await settings("google", "google/flan-t5-base")).status).toBe(403);
		expect((await move("google", "google/flan-t5-base", "google/renamed")).status).toBe(403);
		expect((await remove("google", "google/flan-t5-base")).status).toBe(403);
		expect((await commit("Hubkit-Demo", "hubkit-demo/tiny")).status).toBe(403);
		expect((await commit("org-maker", "facebook/opt-125m")).status).toBe(403);
		expect((await commit("google", "meta-llama/llama-3")).status).toBe(403);
		const row = await hub.deps.db
			.selectFrom("models")
			.select("private")
			.where("id", "=", "google/flan-t5-base")
			.executeTakeFirst();
		expect(row?.private).toBe(0);

		// Deleting the account would take the namespace's repositories with it.
		const browser = accountClient(server.url);
		const login = await browser("/api/auth/login", { body: { username: "google", password: PASSWORD } });
		expect(login.status).toBe(200);
		const session = sessionCookie(login.headers)?.value;
		const deletion = await browser("/api/settings/account", {
			method: "DELETE",
			session,
			body: { confirm: "google" },
		});
		expect(deletion.status).toBe(409);
		expect(deletion.body.error).toContain("contested");
		expect(await hub.deps.db.selectFrom("models").select("id").where("author", "=", "google").execute()).toHaveLength(
			1,
		);

		expect((await commit("alice", "alice/mine")).status).toBe(200);
		expect((await commit("admin", "google/flan-t5-base")).status).toBe(200);
		expect((await settings("admin", "meta-llama/llama-3")).status).toBe(200);
	});

	it("hides a contested namespace's private repositories from the claimant, not from the site admin", async () => {
		expect((await settings("admin", "google/flan-t5-base")).status).toBe(200);
		const info = (who: string) => call(`${server.url}/api/models/google/flan-t5-base`, { token: tokens[who] });
		const listed = async (who: string) => {
			const answer = await call(`${server.url}/api/models?author=google`, { token: tokens[who] });
			expect(answer.status, JSON.stringify(answer.body)).toBe(200);
			return (answer.body as { id: string }[]).map((model) => model.id);
		};
		expect((await info("google")).status).toBe(404);
		expect(await listed("google")).not.toContain("google/flan-t5-base");
		expect((await info("admin")).status).toBe(200);
		const unhide = await call(`${server.url}/api/models/google/flan-t5-base/settings`, {
			method: "PUT",
			token: tokens.admin,
			body: { private: false },
		});
		expect(unhide.status).toBe(200);
	});

	it("lists the conflicts with `hubkit namespaces`", async () => {
		const listed = await hubkit(["namespaces"]);
		expect(listed.code, listed.stderr).toBe(0);
		const lines = listed.stdout.trim().split("\n");
		expect(lines[0]).toMatch(/^NAME\s+NAMESPACES\s+ACCOUNTS\s+DECISION\s+REASON$/);
		expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 4))).toEqual([
			["facebook", "facebook", "facebook", "undecided"],
			["google", "google", "google", "undecided"],
			["hubkit-demo", "hubkit-demo", "Hubkit-Demo", "undecided"],
		]);
	});

	it("hands the namespace over with `grant`, after which the account writes there", async () => {
		const wrongCase = await hubkit(["namespaces", "grant", "hubkit-demo", "Hubkit-Demo"]);
		expect(wrongCase.code).toBe(1);
		expect(wrongCase.stderr).toContain("not spelled like the namespace");

		const granted = await hubkit(["namespaces", "grant", "google", "google"]);
		expect(granted.code, granted.stderr).toBe(0);
		expect((await commit("google", "google/flan-t5-base")).status).toBe(200);
		expect((await settings("google", "google/flan-t5-base")).status).toBe(200);
		const owners = await hub.deps.db.selectFrom("datasets").select("owner").where("author", "=", "google").execute();
		expect(owners).toEqual([{ owner: "google" }]);
	});

	it("leaves the namespace to the site with `keep`, renaming an account spelled like it", async () => {
		const unnamed = await hubkit(["namespaces", "keep", "facebook"]);
		expect(unnamed.code).toBe(1);
		expect(unnamed.stderr).toContain("rename-account");

		const kept = await hubkit(["namespaces", "keep", "facebook", "--rename-account", "facebook-fans"]);
		expect(kept.code, kept.stderr).toBe(0);
		const caseOnly = await hubkit(["namespaces", "keep", "hubkit-demo"]);
		expect(caseOnly.code, caseOnly.stderr).toBe(0);

		const holders = await hub.deps.db
			.selectFrom("users")
			.select(["name", "kind", "site_managed"])
			.where("name", "in", ["facebook", "facebook-fans", "hubkit-demo", "Hubkit-Demo"])
			.orderBy("name")
			.execute();
		expect(holders).toEqual([
			{ name: "Hubkit-Demo", kind: "user", site_managed: 0 },
			{ name: "facebook", kind: "org", site_managed: 1 },
			{ name: "facebook-fans", kind: "org", site_managed: 0 },
			{ name: "hubkit-demo", kind: "org", site_managed: 1 },
		]);
		expect((await commit("org-maker", "facebook/opt-125m")).status).toBe(403);
		expect((await commit("Hubkit-Demo", "hubkit-demo/tiny")).status).toBe(403);
		expect((await commit("admin", "hubkit-demo/tiny")).status).toBe(200);

		const left = await hubkit(["namespaces"]);
		expect(left.stderr).toContain("No conflicts to decide");
		const all = await hubkit(["namespaces", "list", "--all"]);
		expect(all.stdout).toMatch(/facebook\s+facebook\s+facebook\s+kept/);
		expect(all.stdout).toMatch(/google\s+google\s+google\s+granted google/);
	});
});
