import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../test/support/engines.js";
import { openTestHub, type TestHub } from "../test/support/hub.js";
import { createHubApp } from "./app.js";

describe("app middleware", () => {
	let testDb: TestDatabase;
	let hub: TestHub;
	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		hub = await openTestHub({ ...testDb.config, bodyLimitBytes: 1024 });
	});
	afterAll(async () => {
		await hub.close();
		await testDb.cleanup();
	});

	it("answers unknown routes with a JSON 404 carrying a request id", async () => {
		const response = await hub.app.request("/no/such/route/here");
		expect(response.status).toBe(404);
		expect(await response.json()).toEqual({ error: "Not found: GET /no/such/route/here" });
		expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
	});

	it("keeps a tame incoming X-Request-Id and replaces anything else", async () => {
		const tame = await hub.app.request("/api/tasks", { headers: { "X-Request-Id": "proxy-1234" } });
		expect(tame.headers.get("x-request-id")).toBe("proxy-1234");
		const wild = await hub.app.request("/api/tasks", { headers: { "X-Request-Id": "<script>" } });
		expect(wild.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
	});

	it("answers an unexpected failure with a bare 500 and keeps the details in the log", async () => {
		const logged: string[] = [];
		const failing = await openTestHub(testDb.config);
		const app = createHubApp({
			...failing.deps,
			logger: { ...failing.deps.logger, error: (message, error) => logged.push(`${message} ${String(error)}`) },
		});
		app.get("/boom", () => {
			throw new Error("secret internals at /etc/hub");
		});
		const response = await app.request("/boom");
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({ error: "Internal server error" });
		expect(logged.join("\n")).toContain("secret internals");
		await failing.close();
	});

	it("exposes the headers browser clients read", async () => {
		const response = await hub.app.request("/anything", { headers: { Origin: "http://example.test" } });
		const exposed = response.headers.get("access-control-expose-headers") ?? "";
		for (const header of ["X-Error-Code", "Link", "X-Request-Id", "ETag", "Content-Range", "X-Repo-Commit"]) {
			expect(exposed).toContain(header);
		}
	});

	it.each([
		["%2F-joined ..", "/api/models/a/..%2F..%2Fetc", 400],
		["encoded backslash", "/api/models/a%5cb", 400],
		["broken percent-encoding", "/api/models/%E0%A4%A", 400],
		["huge query value", `/api/models?search=${"a".repeat(2000)}`, 400],
		["overlong URL", `/api/models/${"a".repeat(9000)}`, 414],
		// The URL parser resolves these before any route runs: they land on a harmless unknown path.
		["%2e%2e segment", "/api/models/a/%2e%2e/%2e%2e/%2e%2e/etc/passwd", 404],
		["raw backslash", "/x/resolve/main/..\\..\\secret", 404],
	])("refuses a hostile URL (%s) with a JSON error", async (_name, path, status) => {
		const response = await hub.app.request(path);
		expect(response.status).toBe(status);
		const body = (await response.json()) as { error: string };
		expect(typeof body.error).toBe("string");
		expect(JSON.stringify(body)).not.toContain("    at ");
	});

	it("refuses bodies over the limit with 413", async () => {
		const response = await hub.app.request("/api/anything", { method: "POST", body: "x".repeat(4096) });
		expect(response.status).toBe(413);
		expect(await response.json()).toEqual({ error: "Request body larger than 1024 bytes" });
	});

	it("refuses a malformed or unknown bearer token with 401", async () => {
		for (const token of ["not-a-token", `hf_${"x".repeat(34)}`]) {
			const response = await hub.app.request("/api/tasks", { headers: { Authorization: `Bearer ${token}` } });
			expect(response.status).toBe(401);
			expect(JSON.stringify(await response.json())).not.toContain(token);
		}
	});
});
