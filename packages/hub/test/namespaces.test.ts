/**
 * Namespaces belong to someone, over real HTTP on both engines: seeding makes the catalogue's
 * namespaces site-managed organisations with no members; sign-up and organisation creation
 * refuse any held name (an account's, an organisation's, any repository's namespace), without
 * regard to case; nobody but a site admin writes in a site namespace; `hubkit import` into a new
 * namespace makes one too, into an account's namespace leaves it the account's.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { createUser } from "../src/services/accounts.js";
import { importFile } from "../src/services/import-folder.js";
import { namespaceRole } from "../src/services/namespaces.js";
import { ingestSnapshot } from "../src/services/repo-ingest.js";
import { commitRaw, header, inline } from "./commits-fixture.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestRepo } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const PASSWORD = "correct horse battery";

describe.each(ENGINES)("namespaces that belong to someone (%s)", (engine) => {
	const hub = useHttpHub(engine, [
		seedModel("google/flan-t5-base"),
		seedModel("hubkit-demo/tiny-classifier"),
		seedModel("facebook/opt-125m"),
	]);
	let signUp: ReturnType<typeof accountClient>;
	let adminToken: string;
	let mallorySession: string;
	let malloryToken: string;

	beforeAll(async () => {
		signUp = accountClient(hub.url);
		await createUser(hub.deps.db, {
			username: "site-root",
			email: "root@example.com",
			password: PASSWORD,
			isAdmin: true,
		});
		adminToken = (await createAccessToken(hub.deps.db, "site-root", { role: "write" })).token;
		const mallory = await signUp("/api/auth/signup", {
			body: { username: "mallory", email: "mallory@example.com", password: PASSWORD },
		});
		expect(mallory.status).toBe(201);
		mallorySession = sessionCookie(mallory.headers)?.value ?? "";
		malloryToken = (await createAccessToken(hub.deps.db, "mallory", { role: "write" })).token;
	});

	it("makes the seeded namespaces site-managed organisations with no members", async () => {
		const rows = await hub.deps.db
			.selectFrom("users")
			.select(["name", "kind", "site_managed"])
			.where("name", "in", ["google", "hubkit-demo", "facebook"])
			.orderBy("name")
			.execute();
		expect(rows).toEqual([
			{ name: "facebook", kind: "org", site_managed: 1 },
			{ name: "google", kind: "org", site_managed: 1 },
			{ name: "hubkit-demo", kind: "org", site_managed: 1 },
		]);
		const members = await hub.deps.db
			.selectFrom("org_members")
			.innerJoin("users", "users.id", "org_members.org_id")
			.select("users.name")
			.where("users.site_managed", "=", 1)
			.execute();
		expect(members).toEqual([]);
	});

	it("refuses to sign up under a held name, in any case", async () => {
		for (const username of ["google", "Hubkit-Demo", "FACEBOOK", "mallory", "Mallory"]) {
			const answer = await signUp("/api/auth/signup", {
				body: { username, email: `${username.toLowerCase()}-x@example.com`, password: PASSWORD },
			});
			expect(answer.status, username).toBe(409);
			expect(answer.body.error).toBe(`The name ${JSON.stringify(username)} is already taken`);
			expect(answer.headers.get("x-error-code")).toBe("NameTaken");
		}
	});

	it("refuses a name that is only a repository's namespace", async () => {
		// A repository written without any account behind its namespace (as older hubs seeded them).
		await createTestRepo(hub.deps, "orphan-ns/old-model");
		const answer = await signUp("/api/auth/signup", {
			body: { username: "Orphan-NS", email: "orphan@example.com", password: PASSWORD },
		});
		expect(answer.status).toBe(409);
		const org = await signUp("/api/organizations", { session: mallorySession, body: { name: "orphan-ns" } });
		expect(org.status).toBe(409);
	});

	it("refuses to create an organisation under a held name", async () => {
		for (const name of ["facebook", "Facebook", "google"]) {
			const answer = await signUp("/api/organizations", { session: mallorySession, body: { name } });
			expect(answer.status, name).toBe(409);
			expect(answer.body.error).toBe(`The name ${JSON.stringify(name)} is already taken`);
		}
		expect(
			(await signUp("/api/organizations", { session: mallorySession, body: { name: "mallory-lab" } })).status,
		).toBe(201);
	});

	it("gives nobody but a site admin a say in a site namespace", async () => {
		const mallory = await hub.deps.auth.identify(`Bearer ${malloryToken}`);
		expect(await namespaceRole(hub.deps.db, "google", mallory)).toBeUndefined();
		expect(await namespaceRole(hub.deps.db, "mallory", mallory)).toBe("owner");
		expect(await namespaceRole(hub.deps.db, "mallory-lab", mallory)).toBe("admin");
		expect(await namespaceRole(hub.deps.db, "google", undefined)).toBeUndefined();

		const commit = (token: string) =>
			commitRaw(hub.url, token, "hubkit-demo/tiny-classifier", [header("edit"), inline("notes.md", "hello\n")]);
		expect((await commit(malloryToken)).status).toBe(403);
		expect((await commit(adminToken)).status).toBe(200);
		const settings = await call(`${hub.url}/api/models/google/flan-t5-base/settings`, {
			method: "PUT",
			token: adminToken,
			body: { gated: "manual" },
		});
		expect(settings.status).toBe(200);
	});

	it("makes a new namespace of `hubkit import` the site's, and leaves an account's namespace to it", async () => {
		const folder = await mkdtemp(join(tmpdir(), "hubkit-ns-"));
		try {
			await writeFile(join(folder, "README.md"), "# Imported\n");
			const files = [await importFile(hub.deps.blobStore, folder, "README.md")];
			await ingestSnapshot(hub.deps, { type: "model", id: "imported-lab/model", files, summary: "Import" });
			await ingestSnapshot(hub.deps, { type: "model", id: "mallory/imported", files, summary: "Import" });
		} finally {
			await rm(folder, { recursive: true, force: true });
		}
		const holders = await hub.deps.db
			.selectFrom("users")
			.select(["name", "kind", "site_managed"])
			.where("name", "in", ["imported-lab", "mallory"])
			.orderBy("name")
			.execute();
		expect(holders).toEqual([
			{ name: "imported-lab", kind: "org", site_managed: 1 },
			{ name: "mallory", kind: "user", site_managed: 0 },
		]);
		const commit = (id: string) => commitRaw(hub.url, malloryToken, id, [header("edit"), inline("a.md", "a\n")]);
		expect((await commit("imported-lab/model")).status).toBe(403);
		expect((await commit("mallory/imported")).status).toBe(200);
	});
});
