/**
 * `hubkit migrate`: a hub on SQLite written to through its HTTP API (sign-ups,
 * tokens, an organisation, a model and a dataset with commits, settings, a
 * like, an access request), copied by the real command into an empty
 * PostgreSQL (the test suites' PostgreSQL: test/support/engines.ts), then a
 * hub on the target answers every read as the first one did. A second run
 * into the now full target is refused.
 */
import { join } from "node:path";
import { createRepo, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "../src/storage/disk-store.js";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { runCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

const PASSWORD = "correct horse battery staple";

interface Person {
	session: string;
	token: string;
}

/** What the test reads back from each hub, by a name: status and body of each request. */
type Reads = Record<string, { status: number; body: unknown }>;

describe("hubkit migrate --from sqlite:… --to postgres://…", () => {
	let sqlite: TestDatabase;
	let postgres: TestDatabase;
	let store: DiskBlobStore;
	const closers: (() => Promise<void>)[] = [];
	let alice: Person;
	let bob: Person;

	async function start(database: TestDatabase): Promise<{ hub: TestHub; server: Listening }> {
		const hub = await openTestHub(database.config, store);
		const server = await listen(hub.app);
		return { hub, server };
	}

	async function signUp(url: string, username: string): Promise<Person> {
		const call = accountClient(url);
		const answer = await call("/api/auth/signup", {
			body: { username, email: `${username}@example.com`, password: PASSWORD },
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const session = sessionCookie(answer.headers)?.value ?? "";
		const made = await call("/api/settings/tokens", { session, body: { name: "cli", role: "write" } });
		expect(made.status).toBe(201);
		return { session, token: made.body.token };
	}

	/** The same reads against either hub: every kind of row the writes made. */
	async function readAll(url: string): Promise<Reads> {
		const call = accountClient(url);
		const reads: [string, string, { token?: string; session?: string }][] = [
			["model", "/api/models/alice/notes", { token: alice.token }],
			["model tree", "/api/models/alice/notes/tree/main", { token: alice.token }],
			["dataset", "/api/datasets/lumen-lab/table", {}],
			["dataset tree", "/api/datasets/lumen-lab/table/tree/main", {}],
			["listing", "/api/models?author=alice", { token: alice.token }],
			["whoami by token", "/api/whoami-v2", { token: alice.token }],
			["session", "/api/auth/session", { session: bob.session }],
			["tokens", "/api/settings/tokens", { session: alice.session }],
			["organisation members", "/api/organizations/lumen-lab/members", { token: alice.token }],
			["bob's likes", "/api/users/bob/likes", {}],
			["pending requests", "/api/models/alice/notes/user-access-request/pending", { token: alice.token }],
			["bob's access", "/api/models/alice/notes/access", { token: bob.token }],
		];
		const answers: Reads = {};
		for (const [name, path, options] of reads) {
			const answer = await call(path, options);
			// Links carry the hub's own address, which differs between the two hubs.
			const body =
				answer.body === undefined ? undefined : JSON.parse(JSON.stringify(answer.body).replaceAll(url, "HUB"));
			answers[name] = { status: answer.status, body };
		}
		const readme = await fetch(`${url}/alice/notes/resolve/main/README.md`, {
			headers: { authorization: `Bearer ${alice.token}` },
		});
		answers.readme = { status: readme.status, body: await readme.text() };
		return answers;
	}

	let before: Reads;
	let migrated: Awaited<ReturnType<typeof runCli>>;

	beforeAll(async () => {
		sqlite = await startTestDatabase("sqlite");
		closers.push(() => sqlite.cleanup());
		postgres = await startTestDatabase("postgres");
		closers.push(() => postgres.cleanup());
		// Both hubs share one blob store, as an operator starts the new hub on the same --data.
		store = new DiskBlobStore(join(sqlite.config.dataDir, "store"));

		const { hub, server } = await start(sqlite);
		try {
			const url = server.url;
			const call = accountClient(url);
			alice = await signUp(url, "alice");
			bob = await signUp(url, "bob");
			expect((await call("/api/organizations", { session: alice.session, body: { name: "lumen-lab" } })).status).toBe(
				201,
			);
			const credentials = { accessToken: alice.token, hubUrl: url };
			await createRepo({ ...credentials, repo: { type: "model", name: "alice/notes" } });
			await uploadFiles({
				...credentials,
				repo: { type: "model", name: "alice/notes" },
				files: [
					{ path: "README.md", content: new Blob(["---\nlicense: mit\n---\n# Notes\n"]) },
					{ path: "config.json", content: new Blob(['{"hidden_size":8}\n']) },
				],
			});
			await createRepo({ ...credentials, repo: { type: "dataset", name: "lumen-lab/table" } });
			await uploadFiles({
				...credentials,
				repo: { type: "dataset", name: "lumen-lab/table" },
				files: [{ path: "data.csv", content: new Blob(["a,b\n1,2\n"]) }],
			});
			const gated = await call("/api/models/alice/notes/settings", {
				method: "PUT",
				token: alice.token,
				body: { gated: "manual" },
			});
			expect(gated.status).toBe(200);
			expect((await call("/api/models/alice/notes/like", { method: "POST", token: bob.token })).status).toBe(200);
			expect((await call("/api/datasets/lumen-lab/table/like", { method: "POST", token: bob.token })).status).toBe(200);
			const asked = await call("/api/models/alice/notes/ask-access", {
				token: bob.token,
				body: { reason: "research" },
			});
			expect(asked.status).toBe(200);
			before = await readAll(url);
		} finally {
			await server.close();
			await hub.close();
		}
		migrated = await runCli([
			"migrate",
			"--from",
			`sqlite:${sqlite.config.dataDir}`,
			"--to",
			postgres.config.databaseUrl ?? "",
		]);
	});

	afterAll(async () => {
		for (const close of closers.splice(0).reverse()) await close();
	});

	it("copies every table and prints each count on both sides", () => {
		expect(migrated.code, migrated.output).toBe(0);
		const counts = new Map(
			migrated.output
				.split("\n")
				.map((line) => line.trim().split(/\s+/))
				.filter((cells) => cells.length === 3 && /^\d+$/.test(cells[1] ?? ""))
				.map(([table, source, target]) => [table, { source: Number(source), target: Number(target) }]),
		);
		expect(counts.get("users")).toEqual({ source: 3, target: 3 }); // alice, bob and the organisation
		expect(counts.get("org_members")).toEqual({ source: 1, target: 1 });
		expect(counts.get("access_tokens")).toEqual({ source: 2, target: 2 });
		expect(counts.get("models")).toEqual({ source: 1, target: 1 });
		expect(counts.get("datasets")).toEqual({ source: 1, target: 1 });
		expect(counts.get("likes")).toEqual({ source: 2, target: 2 });
		expect(counts.get("access_requests")).toEqual({ source: 1, target: 1 });
		expect(counts.get("sessions")?.target).toBeGreaterThanOrEqual(2);
		for (const [table, count] of counts) expect(count.target, table).toBe(count.source);
		// Every table the migrations make is listed; the bookkeeping tables are not copied.
		expect(counts.has("hubkit_migrations")).toBe(false);
		expect(counts.size).toBeGreaterThanOrEqual(27);
		expect(migrated.output).toContain("counts match");
	});

	it("serves the same answers from the PostgreSQL hub: repos, files, sessions, tokens, likes, requests", async () => {
		const { hub, server } = await start(postgres);
		try {
			const after = await readAll(server.url);
			for (const name of Object.keys(before)) expect(after[name], name).toEqual(before[name]);
			expect(after.readme?.body).toBe("---\nlicense: mit\n---\n# Notes\n");
			expect(after["bob's likes"]?.body).toHaveLength(2);
			// The copied hub takes new writes: a third person signs up beside the copied ones.
			const carol = await signUp(server.url, "carol");
			expect(carol.token).toMatch(/^hf_/);
		} finally {
			await server.close();
			await hub.close();
		}
	});

	it("refuses a target that already holds a hub's data, and bad arguments", async () => {
		const again = await runCli([
			"migrate",
			"--from",
			`sqlite:${sqlite.config.dataDir}`,
			"--to",
			postgres.config.databaseUrl ?? "",
		]);
		expect(again.code).toBe(1);
		expect(again.output).toMatch(/The target is not empty: \w+ has rows/);
		const wrongSource = await runCli([
			"migrate",
			"--from",
			sqlite.config.dataDir,
			"--to",
			"postgres://x@127.0.0.1:1/x",
		]);
		expect(wrongSource.code).toBe(2);
		expect(wrongSource.output).toContain("--from must be sqlite:PATH");
		const help = await runCli(["migrate", "--help"]);
		expect(help.code).toBe(0);
		expect(help.output).toContain("Usage: hubkit migrate --from sqlite:PATH");
	});
});
