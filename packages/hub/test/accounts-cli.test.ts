/**
 * `hubkit user create | list | disable | reset-password`, the real command
 * (dist/cli.js) with the password piped on stdin, next to a real `hubkit serve`
 * on the same database, on both engines: the user made on the shell signs in over
 * HTTP; disabling ends their session and their tokens; a reset password replaces
 * the old one; and the served hub's output holds none of the secrets.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { CLI, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
}

const PASSWORD = "operator-chosen-secret";
const NEW_PASSWORD = "another-long-secret";

describe.each(ENGINES)("hubkit user commands on %s", (engine) => {
	let testDb: TestDatabase;
	let served: ServingCli;
	let env: Record<string, string>;
	const secrets: string[] = [PASSWORD, NEW_PASSWORD];

	function hubkit(args: string[], stdin = ""): Promise<Run> {
		const child = spawn(process.execPath, [CLI, ...args, "--data", testDb.config.dataDir], { env });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		// The exit status decides: a command that exits without reading its input closes the pipe (EPIPE).
		child.stdin.on("error", () => undefined);
		child.stdin.end(stdin);
		return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		env = { PATH: process.env.PATH ?? "", ...testDb.cliEnv };
		// The first administrator of a fresh hub, made before it serves.
		const admin = await hubkit(
			["user", "create", "root-admin", "--email", "root@example.com", "--password-stdin", "--admin"],
			`${PASSWORD}\n`,
		);
		expect(admin.code, admin.stderr).toBe(0);
		expect(admin.stderr).toBe("Created user root-admin (administrator).\n");
		served = await serveCli(["--data", testDb.config.dataDir], env);
	});

	afterAll(async () => {
		served?.child.kill("SIGTERM");
		await served?.exited;
		await testDb?.cleanup();
	});

	it("creates users from the shell who then sign in over HTTP, and lists them", async () => {
		const made = await hubkit(
			["user", "create", "kim", "--email", "kim@example.com", "--password-stdin"],
			`${PASSWORD}\n`,
		);
		expect(made.code, made.stderr).toBe(0);
		const call = accountClient(served.url);
		const login = await call("/api/auth/login", { body: { username: "kim", password: PASSWORD } });
		expect(login.status).toBe(200);
		secrets.push(sessionCookie(login.headers)?.value ?? "");
		const admin = await call("/api/auth/login", { body: { username: "root-admin", password: PASSWORD } });
		expect(admin.body).toMatchObject({ name: "root-admin", isAdmin: true });
		secrets.push(sessionCookie(admin.headers)?.value ?? "");

		const list = await hubkit(["user", "list"]);
		expect(list.code).toBe(0);
		const rows = list.stdout
			.trimEnd()
			.split("\n")
			.map((row) => row.split(/\s{2,}/));
		expect(rows[0]).toEqual(["NAME", "EMAIL", "ADMIN", "STATE", "CREATED"]);
		expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
			["kim", "kim@example.com", "no", "active"],
			["root-admin", "root@example.com", "yes", "active"],
		]);
		expect(list.stdout).not.toContain(PASSWORD);
	});

	it("refuses bad input with a message and exit status", async () => {
		const reserved = await hubkit(
			["user", "create", "login", "--email", "l@example.com", "--password-stdin"],
			`${PASSWORD}\n`,
		);
		expect(reserved.code).toBe(1);
		expect(reserved.stderr).toMatch(/reserved/);
		const taken = await hubkit(
			["user", "create", "kim", "--email", "k2@example.com", "--password-stdin"],
			`${PASSWORD}\n`,
		);
		expect(taken.code).toBe(1);
		expect(taken.stderr).toBe('The name "kim" is already taken\n');
		const short = await hubkit(["user", "create", "lou", "--email", "lou@example.com", "--password-stdin"], "short\n");
		expect(short.stderr).toBe("A password has at least 10 characters\n");
		const noStdin = await hubkit(["user", "create", "lou", "--email", "lou@example.com"]);
		expect(noStdin.code).toBe(2);
		const unknown = await hubkit(["user", "disable", "nobody"]);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toBe('No user named "nobody"\n');
	});

	it("resets a password: the old one and the user's sessions stop working", async () => {
		const call = accountClient(served.url);
		await hubkit(["user", "create", "mia", "--email", "mia@example.com", "--password-stdin"], `${PASSWORD}\n`);
		const login = await call("/api/auth/login", { body: { username: "mia", password: PASSWORD } });
		const session = sessionCookie(login.headers)?.value ?? "";
		secrets.push(session);
		const reset = await hubkit(["user", "reset-password", "mia", "--password-stdin"], `${NEW_PASSWORD}\n`);
		expect(reset.code, reset.stderr).toBe(0);
		expect((await call("/api/auth/session", { session })).status).toBe(401);
		expect((await call("/api/auth/login", { body: { username: "mia", password: PASSWORD } })).status).toBe(401);
		const again = await call("/api/auth/login", { body: { username: "mia", password: NEW_PASSWORD } });
		expect(again.status).toBe(200);
		secrets.push(sessionCookie(again.headers)?.value ?? "");
	});

	it("disables a user: their session, their tokens (CLI-made and settings-made) and sign-in stop", async () => {
		const call = accountClient(served.url);
		await hubkit(["user", "create", "nia", "--email", "nia@example.com", "--password-stdin"], `${PASSWORD}\n`);
		const login = await call("/api/auth/login", { body: { username: "nia", password: PASSWORD } });
		const session = sessionCookie(login.headers)?.value ?? "";
		secrets.push(session);
		const made = await call("/api/settings/tokens", { session, body: { name: "web", role: "write" } });
		secrets.push(made.body.token);
		// `hubkit token create` keeps working, for a user made with a password too.
		const cliToken = await hubkit(["token", "create", "--user", "nia"]);
		expect(cliToken.stdout).toMatch(/^hf_[A-Za-z0-9]{34}\n$/);
		const cli = cliToken.stdout.trim();
		secrets.push(cli);
		for (const token of [made.body.token, cli]) {
			expect((await call("/api/whoami-v2", { token, origin: null })).status).toBe(200);
		}

		const disabled = await hubkit(["user", "disable", "nia"]);
		expect(disabled.code, disabled.stderr).toBe(0);
		expect((await call("/api/auth/session", { session })).status).toBe(401);
		for (const token of [made.body.token, cli]) {
			expect((await call("/api/whoami-v2", { token, origin: null })).status).toBe(401);
		}
		const refused = await call("/api/auth/login", { body: { username: "nia", password: PASSWORD } });
		expect(refused.status).toBe(401);
		expect(refused.body).toEqual({ error: "Invalid username or password" });
		expect((await hubkit(["user", "list"])).stdout).toMatch(/^nia\s+nia@example.com\s+no\s+disabled/m);
	});

	it("prints no password, token or session id in the served hub's output", () => {
		const output = served.output();
		expect(output).toContain("listening on");
		for (const secret of secrets) expect(output).not.toContain(secret);
	});
});
