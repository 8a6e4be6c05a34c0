/**
 * `hubkit token create | list | revoke`, the real command (dist/cli.js, so the
 * package must be built) against a temporary data directory, next to a running
 * hub on the same database: a revoked token is refused on the next request, and
 * the list shows ids, names, roles and last use but never a secret. On both engines.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../src/logger.js";
import { type RunningHub, startHub } from "../src/server.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const NAME_RULE =
	"a name has letters, digits, '-', '_' and '.' only, starts with a letter or digit, has no '..' or '--' and does not end with '.' or '-'";
const TOKEN_LINE = /^hf_[A-Za-z0-9]{34}\n$/;

interface Run {
	code: number;
	stdout: string;
	stderr: string;
}

describe.each(ENGINES)("hubkit token commands on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: RunningHub | undefined;

	/** The CLI as a user runs it: stdout and stderr apart, so `TOKEN=$(…)` use can be checked. */
	function hubkit(...args: string[]): Promise<Run> {
		const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...testDb.cliEnv };
		return new Promise((resolve) => {
			execFile(process.execPath, [CLI, ...args, "--data", testDb.config.dataDir], { env }, (error, stdout, stderr) => {
				const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
				resolve({ code, stdout, stderr });
			});
		});
	}

	async function whoami(token: string): Promise<number> {
		if (!hub) throw new Error("the hub is not running");
		const response = await fetch(`${hub.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });
		await response.arrayBuffer();
		return response.status;
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
	});

	afterAll(async () => {
		await hub?.close();
		await testDb?.cleanup();
	});

	it("creates, lists and revokes tokens; a revoked token stops working at once", async () => {
		const laptop = await hubkit("token", "create", "--user", "dana", "--name", "laptop");
		expect(laptop.code, laptop.stderr).toBe(0);
		// stdout holds the token alone; the id and the role are said on stderr.
		expect(laptop.stdout).toMatch(TOKEN_LINE);
		const laptopToken = laptop.stdout.trim();
		const laptopId = /Token ([0-9a-f]{24}) for dana \(read\)/.exec(laptop.stderr)?.[1];
		expect(laptopId, laptop.stderr).toBeDefined();
		const ci = await hubkit("token", "create", "--user", "dana", "--name", "ci", "--role", "write");
		expect(ci.stdout).toMatch(TOKEN_LINE);
		const ciToken = ci.stdout.trim();
		const ciId = /Token ([0-9a-f]{24}) for dana \(write\)/.exec(ci.stderr)?.[1];

		const before = await hubkit("token", "list", "--user", "dana");
		expect(before.code, before.stderr).toBe(0);
		const rows = before.stdout.trimEnd().split("\n");
		expect(rows[0]?.split(/\s{2,}/)).toEqual(["ID", "NAME", "ROLE", "CREATED", "LAST USED"]);
		expect(rows.slice(1).map((row) => row.split(/\s{2,}/))).toEqual([
			[laptopId, "laptop", "read", expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "never"],
			[ciId, "ci", "write", expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "never"],
		]);

		hub = await startHub({ ...testDb.config, host: "127.0.0.1", port: 0 }, silentLogger);
		expect(await whoami(laptopToken)).toBe(200);
		expect(await whoami(ciToken)).toBe(200);

		const revoked = await hubkit("token", "revoke", laptopId ?? "");
		expect(revoked.code, revoked.stderr).toBe(0);
		expect(await whoami(laptopToken)).toBe(401);
		expect(await whoami(ciToken)).toBe(200);

		// Last use is written when the hub closes (and at most once a minute while it runs).
		await hub.close();
		hub = undefined;
		const after = await hubkit("token", "list", "--user", "dana");
		const afterRows = after.stdout.trimEnd().split("\n").slice(1);
		expect(afterRows.map((row) => row.split(/\s{2,}/))).toEqual([
			[ciId, "ci", "write", expect.any(String), expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)],
		]);
		for (const output of [before, after]) {
			expect(output.stdout + output.stderr).not.toContain(laptopToken);
			expect(output.stdout + output.stderr).not.toContain(ciToken);
		}
	});

	it("says so, with exit status 1, for an unknown token or user", async () => {
		const unknownToken = await hubkit("token", "revoke", "0".repeat(24));
		expect(unknownToken).toMatchObject({ code: 1, stdout: "" });
		expect(unknownToken.stderr).toBe(`No token with id "${"0".repeat(24)}"\n`);
		const unknownUser = await hubkit("token", "list", "--user", "nobody");
		expect(unknownUser).toMatchObject({ code: 1, stdout: "", stderr: 'No user named "nobody"\n' });
	});

	it("refuses a reserved or malformed user name with the reason, exit status 1, and creates no one", async () => {
		for (const [name, reason] of [
			["login", '"login" is reserved for the hub\'s own pages'],
			["API", '"API" is reserved for the hub\'s own pages'],
			["hf-inference", '"hf-inference" is reserved for the hub\'s own pages'],
			["bad/name", NAME_RULE],
			["trailing-", NAME_RULE],
		]) {
			const run = await hubkit("token", "create", "--user", name ?? "");
			// One line a person can act on: no stack trace, no token on stdout.
			expect(run, name).toMatchObject({ code: 1, stdout: "" });
			expect(run.stderr, name).toBe(`Cannot create user ${JSON.stringify(name)}: ${reason}\n`);
			const list = await hubkit("token", "list", "--user", name ?? "");
			expect(list.stderr, name).toBe(`No user named ${JSON.stringify(name)}\n`);
		}
	});

	it("refuses malformed commands with the usage and exit status 2", async () => {
		for (const args of [
			["token", "revoke"],
			["token", "list"],
			["token", "rotate"],
		]) {
			const run = await hubkit(...args);
			expect(run.code, args.join(" ")).toBe(2);
			expect(run.stderr, args.join(" ")).toContain("hubkit token revoke ID");
		}
	});
});
