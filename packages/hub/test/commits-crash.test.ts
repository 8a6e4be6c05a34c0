/**
 * kill -9 in the middle of a commit: `hubkit serve` as a child process receives a commit
 * body that arrives slowly; once the hub has stored the first file of it (its blob is on
 * disk), the process is killed. After a restart the previous revision is what the hub
 * serves (its head unchanged, none of the cut commit's files), and sending the same commit again succeeds.
 * On SQLite and PostgreSQL.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

const REPO = "kim/crash";

describe.each(ENGINES)("a commit cut by kill -9 (%s)", (engine) => {
	let testDb: TestDatabase;
	let token = "";
	const running: ServingCli[] = [];

	function databaseEnv(): Record<string, string> {
		return testDb.cliEnv;
	}

	async function serve(): Promise<ServingCli> {
		const hub = await serveCli(["--data", testDb.config.dataDir], databaseEnv());
		running.push(hub);
		return hub;
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		const created = await runCli(
			["token", "create", "--user", "kim", "--role", "write", "--data", testDb.config.dataDir],
			databaseEnv(),
		);
		token = /hf_\w+/.exec(created.output)?.[0] ?? "";
		expect(token, created.output).not.toBe("");
	});
	afterEach(() => {
		for (const hub of running.splice(0)) if (hub.child.exitCode === null) hub.child.kill("SIGKILL");
	});
	afterAll(async () => {
		await testDb.cleanup();
	});

	/** Waits until `check` holds, asking every 20 ms. */
	async function until(check: () => boolean): Promise<void> {
		while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
	}

	it("serves the previous revision after the restart, and the retried commit succeeds", async () => {
		const hub = await serve();
		expect((await createRepoRaw(hub.url, token, { name: "crash" })).status).toBe(200);
		const before = await commitRaw(hub.url, token, REPO, [header("v1"), inline("notes.txt", "version one\n")]);
		expect(before.status).toBe(200);

		// The new commit's first file, then a pause that never ends: the body is still open when the hub dies.
		const first = `first of the cut commit ${engine}\n`;
		const firstBlob = join(
			testDb.config.dataDir,
			"blobs",
			...(() => {
				const sha = createHash("sha256").update(first).digest("hex");
				return [sha.slice(0, 2), sha.slice(2)];
			})(),
		);
		const lines = [header("v2", before.body.commitOid), inline("notes.txt", first), inline("more.txt", "more\n")];
		const body = lines.map((line) => JSON.stringify(line)).join("\n");
		// The whole body's length is declared (as clients do), then only its first two lines are sent.
		const slow = request(`${hub.url}/api/models/${REPO}/commit/main`, {
			method: "POST",
			headers: {
				authorization: `Bearer ${token}`,
				"content-type": "application/x-ndjson",
				"content-length": String(Buffer.byteLength(body)),
			},
		});
		const failed = new Promise<void>((resolve) => {
			slow.on("error", () => resolve());
			slow.on("response", (response) => {
				response.resume();
				response.on("close", () => resolve());
			});
		});
		slow.write(`${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n`);
		await until(() => existsSync(firstBlob));
		hub.child.kill("SIGKILL");
		await hub.exited;
		await failed;

		const restarted = await serve();
		const notes = await fetch(`${restarted.url}/${REPO}/resolve/main/notes.txt`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(notes.headers.get("x-repo-commit")).toBe(before.body.commitOid);
		expect(await notes.text()).toBe("version one\n");
		const tree = await (
			await fetch(`${restarted.url}/api/models/${REPO}/tree/main`, { headers: { authorization: `Bearer ${token}` } })
		).json();
		expect(tree.map((entry: { path: string }) => entry.path).sort()).toEqual([".gitattributes", "notes.txt"]);
		const checked = await runCli(["check", "--deep", "--data", testDb.config.dataDir], databaseEnv());
		expect(checked.code, checked.output).toBe(0);

		const retried = await commitRaw(restarted.url, token, REPO, lines);
		expect(retried.status).toBe(200);
		const after = await fetch(`${restarted.url}/${REPO}/resolve/main/notes.txt`);
		expect(after.headers.get("x-repo-commit")).toBe(retried.body.commitOid);
		expect(await after.text()).toBe(first);
		const history = await (await fetch(`${restarted.url}/api/models/${REPO}/tree/${retried.body.commitOid}`)).json();
		expect(history.map((entry: { path: string }) => entry.path).sort()).toEqual([
			".gitattributes",
			"more.txt",
			"notes.txt",
		]);
	});
});
