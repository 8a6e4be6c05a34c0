/**
 * The access log hides anything shaped like one of the hub's secrets wherever it is in the URL
 * (a query value under any name, a query name, a path segment, percent-encoded or not), and keeps
 * ordinary values readable. Real HTTP on 127.0.0.1, both engines.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken } from "../src/auth/tokens.js";
import type { AccessLine, Logger } from "../src/logger.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";

describe.each(ENGINES)("secrets in logged URLs on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	const lines: AccessLine[] = [];
	const logger: Logger = { info() {}, warn() {}, error() {}, request: (line) => lines.push(line) };

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config, undefined, logger);
		server = await listen(hub.app);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	/** The access line of one request; the server writes it once the answer has gone out. */
	async function loggedPath(path: string): Promise<string> {
		const response = await fetch(`${server.url}${path}`);
		await response.arrayBuffer();
		const requestId = response.headers.get("x-request-id");
		for (let attempt = 0; attempt < 100; attempt++) {
			const line = lines.find((entry) => entry.requestId === requestId);
			if (line) return line.path;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		throw new Error(`no access line for ${path}`);
	}

	it("redacts token-shaped values under any name and in any part of the path, and keeps the rest", async () => {
		const token = newToken();
		const refresh = `hfr_${randomBytes(32).toString("base64url")}`;
		const session = randomBytes(32).toString("base64url");
		const cases: [string, string][] = [
			[`/api/models?state=${token}&search=bert`, "/api/models?state=[redacted]&search=bert"],
			[`/api/models?search=${session}`, "/api/models?search=[redacted]"],
			[`/api/models?next=${encodeURIComponent(`/x?t=${refresh}`)}`, "/api/models?next=%2Fx%3Ft%3D[redacted]"],
			[`/api/models?${token}=1`, "/api/models?[redacted]=1"],
			[`/api/models/acme/${token}`, "/api/models/acme/[redacted]"],
			[`/api/models/acme/${token.replace("_", "%5F")}`, "/api/models/acme/[redacted]"],
			["/api/models/acme/bert-base?limit=5", "/api/models/acme/bert-base?limit=5"],
		];
		for (const [path, expected] of cases) expect(await loggedPath(path)).toBe(expected);
		const written = JSON.stringify(lines);
		for (const secret of [token, refresh, session, token.slice(3)]) expect(written).not.toContain(secret);
	});
});
