/**
 * `hubkit serve`'s own output (dist/cli.js, so the package must be built): with
 * HUBKIT_LOG_FORMAT=json every line it writes is one JSON object, start-up and
 * shutdown included, with an access line per request; the provider key and the
 * metrics token it was given, and the token, cookie and query secret a client
 * sent, appear nowhere in it. By default the lines are plain text for a person,
 * without an access log.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { spawnCli } from "./support/cli.js";

const PROVIDER_KEY = "sk-provider-key-in-env-7777";
const METRICS_TOKEN = "metrics-token-in-env-8888";
const CLIENT_TOKEN = "hf_client_sent_token_9999";
const COOKIE = "cookie-client-sent-0000";
const QUERY_SECRET = "query-secret-client-sent-1212";

const dirs: string[] = [];
afterAll(() => {
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "hubkit-logs-"));
	dirs.push(dir);
	return dir;
}

describe("hubkit serve's log", () => {
	it("is one JSON object a line with HUBKIT_LOG_FORMAT=json, access lines included, and no secret", async () => {
		const served = spawnCli(["serve", "--port", "0", "--data", dataDir()], {
			HUBKIT_LOG_FORMAT: "json",
			HUBKIT_PROVIDER_KEY_TOGETHER: PROVIDER_KEY,
			HUBKIT_METRICS_TOKEN: METRICS_TOKEN,
		});
		try {
			await served.waitFor("listening on http://");
			const url = /listening on (http:\/\/[0-9.:]+)/.exec(served.output())?.[1] ?? "";
			const answers: { status: number; requestId: string }[] = [];
			for (const [path, headers] of [
				[`/api/models?search=x&token=${QUERY_SECRET}`, { authorization: `Bearer ${CLIENT_TOKEN}` }],
				["/api/tasks", { cookie: `hubkit_session=${COOKIE}` }],
				["/metrics", { authorization: `Bearer ${METRICS_TOKEN}` }],
			] as const) {
				const response = await fetch(`${url}${path}`, { headers });
				await response.arrayBuffer();
				answers.push({ status: response.status, requestId: response.headers.get("x-request-id") ?? "" });
			}
			expect(answers.map((answer) => answer.status)).toEqual([401, 200, 200]);
			for (const { requestId } of answers) await served.waitFor(`"requestId":"${requestId}"`);
			served.child.kill("SIGTERM");
			const finished = await served.exited;
			expect(finished.code).toBe(0);

			const lines = finished.output.split("\n").filter(Boolean);
			const parsed = lines.map((line) => {
				try {
					return JSON.parse(line) as Record<string, unknown>;
				} catch {
					throw new Error(`not a JSON line: ${line}`);
				}
			});
			expect(parsed.map((line) => line.msg)).toEqual(
				expect.arrayContaining([`Hubkit hub listening on ${url}`, "Stopped: every request in flight was answered"]),
			);
			for (const { status, requestId } of answers) {
				const access = parsed.find((line) => line.type === "access" && line.requestId === requestId);
				expect(access).toMatchObject({ level: "info", status, pid: expect.any(Number) });
			}
			for (const secret of [PROVIDER_KEY, METRICS_TOKEN, CLIENT_TOKEN, COOKIE, QUERY_SECRET]) {
				expect(finished.output).not.toContain(secret);
			}
		} finally {
			served.child.kill("SIGKILL");
		}
	});

	it("is plain lines for a person by default, without an access log", async () => {
		const served = spawnCli(["serve", "--port", "0", "--data", dataDir()]);
		try {
			await served.waitFor("listening on http://");
			const url = /listening on (http:\/\/\S+)/.exec(served.output())?.[1] ?? "";
			const response = await fetch(`${url}/api/tasks`);
			expect(response.status).toBe(200);
			await response.arrayBuffer();
			served.child.kill("SIGTERM");
			const finished = await served.exited;
			expect(finished.code).toBe(0);
			expect(finished.output).toMatch(/^Hubkit hub listening on http:\/\/127\.0\.0\.1:\d+$/m);
			expect(finished.output).not.toContain("/api/tasks");
			expect(finished.output).not.toContain("{");
		} finally {
			served.child.kill("SIGKILL");
		}
	});
});

describe("the log settings", () => {
	const read = (env: Record<string, string>) => {
		const { logFormat, accessLog, metricsToken } = loadConfig({}, env);
		return { logFormat, accessLog, metricsToken };
	};

	it("default to text without an access log; json turns the access log on unless it is turned off", () => {
		expect(read({})).toEqual({ logFormat: "text", accessLog: false, metricsToken: undefined });
		expect(read({ HUBKIT_LOG_FORMAT: "json" })).toMatchObject({ logFormat: "json", accessLog: true });
		expect(read({ HUBKIT_LOG_FORMAT: "json", HUBKIT_ACCESS_LOG: "off" })).toMatchObject({ accessLog: false });
		expect(read({ HUBKIT_ACCESS_LOG: "1" })).toMatchObject({ logFormat: "text", accessLog: true });
		expect(read({ HUBKIT_METRICS_TOKEN: "m" })).toMatchObject({ metricsToken: "m" });
	});

	it("refuse values they do not know, naming the variable", () => {
		expect(() => read({ HUBKIT_LOG_FORMAT: "xml" })).toThrow('HUBKIT_LOG_FORMAT must be text or json, got "xml"');
		expect(() => read({ HUBKIT_ACCESS_LOG: "maybe" })).toThrow('HUBKIT_ACCESS_LOG must be on or off, got "maybe"');
	});
});
