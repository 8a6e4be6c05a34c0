/**
 * Who owns which path, in the whole hub on both engines: the router claims only
 * the exact routes the inference client builds, so model pages and site pages
 * under provider-named owners (`/black-forest-labs/FLUX.1-dev`), and site
 * paths (`/login`, `/settings/tokens`, `/new`, `/datasets/{owner}/{name}`), reach the hub's not-found
 * handler or the web site, never the router's "Unknown provider" or 401.
 * Also: body limits per route, and `GET /api/providers`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubApp } from "../src/app.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadConfig } from "../src/config.js";
import { bodyLimitKind } from "../src/middleware/body-limit.js";
import { OPERATOR_KEY } from "./router-fakes.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { openTestHub, type TestHub } from "./support/hub.js";

const SITE_PATHS: Array<[string, string]> = [
	["GET", "/black-forest-labs/FLUX.1-dev"],
	["GET", "/fal-ai/AuraSR"],
	["GET", "/together/some-model/discussions"],
	["POST", "/login"],
	["POST", "/settings/tokens"],
	["GET", "/new"],
	["GET", "/new-dataset"],
	["GET", "/datasets"],
	["GET", "/datasets/nyu-mll/glue"],
	["GET", "/datasets/acme/d/tree/main"],
	["POST", "/alice/my-model"],
	["POST", "/black-forest-labs/FLUX.1-dev/settings"],
];

describe.each(ENGINES)("path ownership on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let token: string;
	let site: Server;
	const siteSaw: string[] = [];

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		token = (await createAccessToken(hub.deps.db, "carol")).token;
		site = createServer((request, response) => {
			siteSaw.push(`${request.method} ${request.url}`);
			request.resume();
			response.writeHead(200, { "content-type": "text/html" });
			response.end("<p>a page</p>");
		});
		await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
	});

	afterAll(async () => {
		await new Promise<void>((resolve) => site?.close(() => resolve()));
		await hub?.close();
		await testDb?.cleanup();
	});

	it("leaves model and site paths under provider-named owners to the hub's 404, with or without a token", async () => {
		const app = createHubApp(hub.deps, { router: { providerKeys: { "black-forest-labs": { key: OPERATOR_KEY } } } });
		for (const [method, path] of SITE_PATHS) {
			for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
				const response = await app.request(path, { method, headers });
				expect(response.status, `${method} ${path}`).toBe(404);
				expect(await response.json(), `${method} ${path}`).toEqual({ error: `Not found: ${method} ${path}` });
			}
		}
	});

	it("hands the same paths to the web site when there is one", async () => {
		const webUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
		const app = createHubApp({ ...hub.deps, config: { ...hub.deps.config, webUrl } });
		for (const [method, path] of SITE_PATHS) {
			const response = await app.request(path, { method, headers: { authorization: `Bearer ${token}` } });
			expect(response.status, `${method} ${path}`).toBe(200);
			expect(await response.text()).toBe("<p>a page</p>");
		}
		expect(siteSaw).toEqual(SITE_PATHS.map(([method, path]) => `${method} ${path}`));
		// A dataset's files stay the hub's, site or not.
		const file = await app.request("/datasets/acme/d/resolve/main/README.md");
		expect(file.status).toBe(401); // anonymous: a missing repository answers as hidden
		expect(file.headers.get("x-error-code")).toBe("RepoNotFound");
		expect(siteSaw).not.toContain("GET /datasets/acme/d/resolve/main/README.md");
	});

	it("still answers a provider call it cannot serve with a 4xx and a code", async () => {
		const app = createHubApp(hub.deps);
		const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
		const notConfigured = await app.request("/black-forest-labs/v1/flux-dev", { method: "POST", headers, body: "{}" });
		expect(notConfigured.status).toBe(400);
		expect(notConfigured.headers.get("x-error-code")).toBe("ProviderNotConfigured");
		const unknown = await app.request("/nebula-ai/v1/chat/completions", { method: "POST", headers, body: "{}" });
		expect(unknown.status).toBe(404);
		expect(unknown.headers.get("x-error-code")).toBe("UnknownProvider");
	});

	it("limits bodies per route: the API's JSON routes small, the router large", async () => {
		const app = createHubApp({
			...hub.deps,
			config: { ...hub.deps.config, bodyLimitBytes: 1024, routerBodyLimitBytes: 64 * 1024 },
		});
		const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
		const twoKib = JSON.stringify({ inputs: "x".repeat(2048) });
		const api = await app.request("/api/models/a/b/paths-info/main", { method: "POST", headers, body: twoKib });
		expect(api.status).toBe(413);
		expect(api.headers.get("x-error-code")).toBe("BodyTooLarge");
		// The same body is fine for the router (here it reaches the router, which has no runtime).
		const router = await app.request("/hf-inference/models/a/b", { method: "POST", headers, body: twoKib });
		expect(router.status).toBe(400);
		expect(router.headers.get("x-error-code")).toBe("ProviderNotConfigured");
		const tooBig = JSON.stringify({ inputs: "x".repeat(70 * 1024) });
		const over = await app.request("/hf-inference/models/a/b", { method: "POST", headers, body: tooBig });
		expect(over.status).toBe(413);
	});

	it("lists the providers it can route to, configured or not, and never a key", async () => {
		const app = createHubApp(hub.deps, { router: { providerKeys: { together: { key: OPERATOR_KEY } } } });
		const response = await app.request("/api/providers");
		expect(response.status).toBe(200);
		const text = await response.text();
		expect(text).not.toContain(OPERATOR_KEY);
		const providers = JSON.parse(text) as Array<{ id: string; kind: string; configured: boolean; tasks: string[] }>;
		const byId = new Map(providers.map((provider) => [provider.id, provider]));
		expect(byId.get("together")).toMatchObject({ kind: "remote", configured: true });
		expect(byId.get("together")?.tasks).toContain("conversational");
		expect(byId.get("fal-ai")).toMatchObject({ kind: "remote", configured: false });
		expect(byId.get("openai")).toMatchObject({ kind: "client-only", configured: false });
		expect(byId.get("hf-inference")).toMatchObject({ kind: "local", configured: false });
		// Its own engines' tasks, and chat (GGUF models through llama.cpp).
		expect(byId.get("hf-inference")?.tasks).toEqual(expect.arrayContaining(["text-classification", "conversational"]));
		expect(providers).toHaveLength(23);
	});
});

describe("body limit kinds and settings", () => {
	it.each([
		["/api/models", "api"],
		["/api/models/acme/m/paths-info/main", "api"],
		["/api/models/acme/m/commit/main", "upload"],
		["/acme/m.git/info/lfs/objects/batch", "api"],
		["/datasets/acme/d.git/info/lfs/objects/batch", "api"],
		["/acme/m.git/info/lfs/objects/verify", "api"],
		["/acme/m.git/info/lfs/uploads/secret", "upload"],
		["/datasets/acme/d.git/info/lfs/uploads/secret/parts/1", "upload"],
		["/acme/m.git/info/lfs/uploads/secret/complete", "api"],
		["/acme/m/git-receive-pack", "upload"],
		["/datasets/acme/d.git/git-upload-pack", "upload"],
		["/together/v1/chat/completions", "router"],
		["/hf-inference/models/acme/m", "router"],
		["/v1/chat/completions", "router"],
		["/login", "api"],
	])("%s → %s", (path, kind) => {
		expect(bodyLimitKind(path)).toBe(kind);
	});

	it("reads each limit and each provider deadline from the environment", () => {
		const config = loadConfig(
			{},
			{
				HUBKIT_BODY_LIMIT_BYTES: "2048",
				HUBKIT_ROUTER_BODY_LIMIT_BYTES: "4096",
				HUBKIT_UPLOAD_BODY_LIMIT_BYTES: "8192",
				HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS: "1500",
				HUBKIT_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: "2500",
				HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS: "3500",
			},
		);
		expect(config).toMatchObject({
			bodyLimitBytes: 2048,
			routerBodyLimitBytes: 4096,
			uploadBodyLimitBytes: 8192,
			upstreamConnectTimeoutMs: 1500,
			upstreamFirstByteTimeoutMs: 2500,
			upstreamIdleTimeoutMs: 3500,
		});
		const defaults = loadConfig({}, {});
		expect(defaults.bodyLimitBytes).toBe(1024 * 1024);
		expect(defaults.routerBodyLimitBytes).toBe(32 * 1024 * 1024);
		expect(() => loadConfig({}, { HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS: "soon" })).toThrow(
			/HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS/,
		);
	});
});
