/**
 * Absolute URLs in answers (pagination `Link`s, `avatarUrl`) start with the
 * hub's public URL and never with the Host header a client sent; forwarded
 * headers count only when proxies are trusted. The avatar they name is served.
 * Real HTTP on 127.0.0.1 (node:http, which lets a test send any Host), both engines.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { type HubConfig, loadConfig } from "../src/config.js";
import { silentLogger } from "../src/logger.js";
import { loadSeed } from "../src/seed/load.js";
import { type RunningHub, startHub } from "../src/server.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { manyModels, seedModel } from "./support/seed-records.js";

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** A GET with exactly these headers (Host included), over a fresh connection. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
	const { hostname, port } = new URL(base);
	return new Promise((resolve, reject) => {
		const outgoing = request({ hostname, port, path, method: "GET", headers, agent: false }, (response) => {
			let body = "";
			response.setEncoding("utf8");
			response.on("data", (chunk: string) => {
				body += chunk;
			});
			response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
		});
		outgoing.on("error", reject);
		outgoing.end();
	});
}

const nextLink = (answer: Answer) => /<([^>]+)>; rel="next"/.exec(String(answer.headers.link ?? ""))?.[1];

describe.each(ENGINES)("public URLs on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let token: string;
	const servers: Listening[] = [];

	/** The hub's app with some settings changed, on its own listener. */
	async function serve(settings: Partial<HubConfig>): Promise<string> {
		const server = await listen(createHubApp({ ...hub.deps, config: { ...hub.deps.config, ...settings } }));
		servers.push(server);
		return server.url;
	}

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		await loadSeed(hub.deps, manyModels(5));
		await loadSeed(hub.deps, [seedModel("acme/files", { files: [{ path: "a.txt", content: "a" }] })]);
		token = (await createAccessToken(hub.deps.db, "jane-doe")).token;
	});
	afterAll(async () => {
		for (const server of servers) await server.close();
		await hub.close();
		await testDb.cleanup();
	});

	it("ignores the Host header: links and avatarUrl name the address the hub listens on", async () => {
		const url = await serve({});
		const listing = await get(url, "/api/models?limit=2&filter=en", { Host: "evil.example" });
		expect(listing.status).toBe(200);
		const link = nextLink(listing);
		expect(link).toMatch(new RegExp(`^${url}/api/models\\?limit=2&filter=en&cursor=`));
		const whoami = await get(url, "/api/whoami-v2", { Host: "evil.example", Authorization: `Bearer ${token}` });
		expect(JSON.parse(whoami.body).avatarUrl).toBe(`${url}/api/avatars/jane-doe.svg`);
		expect(listing.body + String(listing.headers.link) + whoami.body).not.toContain("evil.example");
	});

	it("builds them from HUBKIT_PUBLIC_URL when it is set, path included", async () => {
		const publicUrl = loadConfig({}, { HUBKIT_PUBLIC_URL: "https://hub.example.com/models-hub/" }).publicUrl;
		expect(publicUrl).toBe("https://hub.example.com/models-hub");
		const url = await serve({ publicUrl, trustedProxies: 1 });
		const headers = { Host: "evil.example", "X-Forwarded-Host": "other.example", "X-Forwarded-Proto": "http" };
		const listing = await get(url, "/api/models?limit=2", headers);
		expect(nextLink(listing)).toMatch(/^https:\/\/hub\.example\.com\/models-hub\/api\/models\?limit=2&cursor=/);
		const tree = await get(url, "/api/models/acme/files/tree/main?limit=1", headers);
		expect(tree.status).toBe(200);
		expect(nextLink(tree)).toMatch(
			/^https:\/\/hub\.example\.com\/models-hub\/api\/models\/acme\/files\/tree\/main\?limit=1&cursor=/,
		);
		const whoami = await get(url, "/api/whoami-v2", { ...headers, Authorization: `Bearer ${token}` });
		expect(JSON.parse(whoami.body).avatarUrl).toBe("https://hub.example.com/models-hub/api/avatars/jane-doe.svg");
	});

	it("takes X-Forwarded-Host/Proto only from trusted proxies, and only well-formed ones", async () => {
		const untrusting = await serve({});
		const forwarded = { "X-Forwarded-Host": "hub.example.org", "X-Forwarded-Proto": "https" };
		expect(nextLink(await get(untrusting, "/api/models?limit=2", forwarded))).toMatch(new RegExp(`^${untrusting}/`));

		const behindProxy = await serve({ trustedProxies: 1 });
		expect(nextLink(await get(behindProxy, "/api/models?limit=2", forwarded))).toMatch(
			/^https:\/\/hub\.example\.org\/api\/models\?/,
		);
		// The client's own entry is left of the proxy's: only the proxy's counts.
		const appended = { "X-Forwarded-Host": "evil.example, hub.example.org:8443" };
		expect(nextLink(await get(behindProxy, "/api/models?limit=2", appended))).toMatch(
			/^http:\/\/hub\.example\.org:8443\/api\/models\?/,
		);
		for (const host of ["evil.example/path", "evil.example@x", "a b", "evil.example\\x"]) {
			const link = nextLink(await get(behindProxy, "/api/models?limit=2", { "X-Forwarded-Host": host }));
			expect(link, host).toMatch(new RegExp(`^${behindProxy}/`));
		}

		const twoProxies = await serve({ trustedProxies: 2 });
		// One entry where two proxies should have written: not from them, so not trusted.
		expect(nextLink(await get(twoProxies, "/api/models?limit=2", forwarded))).toMatch(new RegExp(`^${twoProxies}/`));
	});

	it("serves the avatar avatarUrl points at: SVG initials, the same for the same name", async () => {
		const url = await serve({});
		const whoami = await get(url, "/api/whoami-v2", { Authorization: `Bearer ${token}` });
		const avatarUrl = JSON.parse(whoami.body).avatarUrl as string;
		const avatar = await get(url, new URL(avatarUrl).pathname);
		expect(avatar.status).toBe(200);
		expect(avatar.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
		expect(avatar.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
		expect(avatar.body).toContain(">JD</text>");
		expect((await get(url, "/api/avatars/jane-doe.svg")).body).toBe(avatar.body);
		const other = await get(url, "/api/avatars/bob.svg");
		expect(other.body).toContain(">BO</text>");
		expect(other.body.replace(/>BO</, "")).not.toBe(avatar.body.replace(/>JD</, ""));
		for (const bad of ["/api/avatars/jane-doe", "/api/avatars/%3Cscript%3E.svg", "/api/avatars/-x.svg"]) {
			const answer = await get(url, bad);
			expect(answer.status, bad).toBe(400);
			expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
		}
	});
});

describe("public URL of a started hub", () => {
	let testDb: TestDatabase;
	let running: RunningHub;
	beforeAll(async () => {
		testDb = await startTestDatabase("sqlite");
		running = await startHub({ ...testDb.config, host: "127.0.0.1", port: 0 }, silentLogger);
	});
	afterAll(async () => {
		await running?.close();
		await testDb?.cleanup();
	});

	it("defaults to the URL the start command prints", async () => {
		const listing = await get(running.url, "/api/models?limit=1", { Host: "evil.example" });
		expect(nextLink(listing)).toMatch(new RegExp(`^${running.url}/api/models\\?limit=1&cursor=`));
	});

	it("refuses a public URL that is not a plain http(s) URL", () => {
		for (const bad of [
			"hub.example.com",
			"ftp://hub.example.com",
			"https://user:pw@hub.example.com",
			"https://h/?q=1",
		]) {
			expect(() => loadConfig({}, { HUBKIT_PUBLIC_URL: bad }), bad).toThrow(/HUBKIT_PUBLIC_URL/);
		}
	});
});
