/**
 * `hubkit oauth-app create | list | delete`, the real command (dist/cli.js) next
 * to a real `hubkit serve` on the same database, on both engines: an operator's
 * confidential app gets its secret printed once, and that secret is what the
 * token endpoint then asks for; a public app gets none; the served hub's output
 * holds none of the secrets.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { CLI, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
}

const REDIRECT = "https://tool.example/callback";

describe.each(ENGINES)("hubkit oauth-app commands on %s", (engine) => {
	let testDb: TestDatabase;
	let served: ServingCli;
	let env: Record<string, string>;
	const secrets: string[] = [];

	function hubkit(args: string[]): Promise<Run> {
		const child = spawn(process.execPath, [CLI, ...args, "--data", testDb.config.dataDir], { env });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.stdin.end();
		return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		env = { PATH: process.env.PATH ?? "", ...testDb.cliEnv };
		served = await serveCli(["--data", testDb.config.dataDir], env);
	});

	afterAll(async () => {
		served?.child.kill("SIGTERM");
		await served?.exited;
		await testDb?.cleanup();
	});

	it("registers apps from the shell; a confidential app's secret is printed once and works", async () => {
		const made = await hubkit(["oauth-app", "create", "--name", "Tool", "--redirect-uri", REDIRECT]);
		expect(made.code, made.stderr).toBe(0);
		const clientId = /^client_id=(\S+)$/m.exec(made.stdout)?.[1] ?? "";
		const clientSecret = /^client_secret=(\S+)$/m.exec(made.stdout)?.[1] ?? "";
		expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
		expect(clientSecret).toMatch(/^hfs_/);
		secrets.push(clientSecret);
		expect(made.stderr).toContain("shown once");

		const open = await hubkit(["oauth-app", "create", "--name", "Page", "--redirect-uri", REDIRECT, "--public"]);
		expect(open.code, open.stderr).toBe(0);
		expect(open.stdout).not.toContain("client_secret");
		const bad = await hubkit(["oauth-app", "create", "--name", "Bad", "--redirect-uri", "not a url"]);
		expect(bad.code).toBe(1);
		expect(bad.stderr).toContain("Invalid redirect URI");

		const list = await hubkit(["oauth-app", "list"]);
		expect(list.stdout).toContain(clientId);
		expect(list.stdout).toMatch(/Tool\s+confidential\s+operator/);
		expect(list.stdout).toMatch(/Page\s+public\s+operator/);
		expect(list.stdout).not.toContain("hfs_");

		// Someone signs in and approves; the code is exchanged with the printed secret.
		const call = accountClient(served.url);
		const signup = await call("/api/auth/signup", {
			body: { username: "rosa", email: "rosa@example.com", password: "a long enough password" },
		});
		const session = sessionCookie(signup.headers)?.value ?? "";
		secrets.push(session, "a long enough password");
		const verifier = randomBytes(40).toString("base64url");
		const consent = await fetch(`${served.url}/oauth/authorize`, {
			method: "POST",
			redirect: "manual",
			headers: {
				cookie: `hubkit_session=${session}`,
				origin: served.url,
				"content-type": "application/x-www-form-urlencoded",
			},
			body: new URLSearchParams({
				client_id: clientId,
				redirect_uri: REDIRECT,
				response_type: "code",
				scope: "openid profile",
				code_challenge: createHash("sha256").update(verifier).digest("base64url"),
				code_challenge_method: "S256",
				decision: "approve",
			}),
		});
		const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
		secrets.push(code);
		const exchange = (secret: string) =>
			fetch(`${served.url}/oauth/token`, {
				method: "POST",
				headers: {
					"content-type": "application/x-www-form-urlencoded",
					authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
				},
				body: new URLSearchParams({
					grant_type: "authorization_code",
					code,
					redirect_uri: REDIRECT,
					code_verifier: verifier,
				}),
			});
		expect((await exchange("hfs_wrong")).status).toBe(401);
		const answer = await exchange(clientSecret);
		expect(answer.status).toBe(200);
		const body = (await answer.json()) as { access_token: string; refresh_token: string };
		secrets.push(body.access_token, body.refresh_token);

		const deleted = await hubkit(["oauth-app", "delete", clientId]);
		expect(deleted.code, deleted.stderr).toBe(0);
		const whoami = await fetch(`${served.url}/api/whoami-v2`, {
			headers: { authorization: `Bearer ${body.access_token}` },
		});
		expect(whoami.status).toBe(401);
		expect((await hubkit(["oauth-app", "delete", clientId])).code).toBe(1);
	});

	it("writes nothing secret to the served hub's output", () => {
		const output = served.output();
		for (const secret of secrets.filter((item) => item.length > 0)) expect(output).not.toContain(secret);
	});
});
