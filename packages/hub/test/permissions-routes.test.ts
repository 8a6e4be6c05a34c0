/**
 * Every route that changes something goes through the rule (src/auth/permissions.ts): each POST,
 * PUT, PATCH and DELETE route the app registers declares its `permission` in the description its
 * route module exports beside the route (src/openapi/route-doc.ts) (with the reason for the few that need no caller), and each declared route, called over real
 * HTTP with a well-formed request, refuses a caller without credentials (401) and a write token
 * limited to another repository (403), changing nothing; and an organisation's write member gets
 * past the routes declared `write` but not those declared `admin`, so a declaration says what its
 * route enforces. A new write route that forgets to ask the rule fails here: undeclared, or
 * answering those callers with anything but the refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { documentedRoutes, routeKey } from "../src/openapi/document.js";
import { ROUTE_PERMISSIONS } from "../src/openapi/route-docs.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { call, createTestRepo } from "./support/repos.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const OID = "a".repeat(64);
const ORG = "anvil";

/** A well-formed request for each rule-decided route: alice's public model, the organisation she administers. */
const SAMPLES: Record<string, { path: string; body?: unknown }> = {
	"POST /api/repos/create": { path: "/api/repos/create", body: { name: "fresh", organization: "alice" } },
	"DELETE /api/repos/delete": { path: "/api/repos/delete", body: { name: "public", organization: "alice" } },
	"POST /api/repos/move": { path: "/api/repos/move", body: { fromRepo: "alice/public", toRepo: "alice/moved" } },
	"PUT /api/{plural}/{namespace}/{name}/settings": {
		path: "/api/models/alice/public/settings",
		body: { private: true },
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/handle": {
		path: "/api/models/alice/public/user-access-request/handle",
		body: { user: "bob", status: "accepted" },
	},
	"POST /api/{plural}/{namespace}/{name}/user-access-request/grant": {
		path: "/api/models/alice/public/user-access-request/grant",
		body: { user: "bob" },
	},
	"POST /api/{plural}/{namespace}/{name}/preupload/{revision}": {
		path: "/api/models/alice/public/preupload/main",
		body: { files: [{ path: "a.txt", size: 1, sample: "" }] },
	},
	"POST /api/{plural}/{namespace}/{name}/commit/{revision}": {
		path: "/api/models/alice/public/commit/main",
		body: { key: "header", value: { summary: "nothing" } },
	},
	"POST /api/{plural}/{namespace}/{name}/branch/{branch}": { path: "/api/models/alice/public/branch/dev", body: {} },
	"DELETE /api/{plural}/{namespace}/{name}/branch/{branch}": { path: "/api/models/alice/public/branch/dev" },
	"POST /api/{plural}/{namespace}/{name}/tag/{revision}": {
		path: "/api/models/alice/public/tag/main",
		body: { tag: "v1" },
	},
	"DELETE /api/{plural}/{namespace}/{name}/tag/{tag}": { path: "/api/models/alice/public/tag/v1" },
	"POST /api/{plural}/{namespace}/{name}/super-squash/{branch}": {
		path: "/api/models/alice/public/super-squash/main",
		body: { message: "One commit" },
	},
	"POST /api/{plural}/{namespace}/{name}/duplicate": {
		path: "/api/models/alice/public/duplicate",
		body: { repository: "alice/copy" },
	},
	"POST /{namespace}/{name}/info/lfs/objects/batch": {
		path: "/alice/public.git/info/lfs/objects/batch",
		body: { operation: "upload", transfers: ["basic"], objects: [{ oid: OID, size: 1 }] },
	},
	"POST /{namespace}/{name}/info/lfs/objects/verify": {
		path: "/alice/public.git/info/lfs/objects/verify",
		body: { oid: OID, size: 1 },
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/batch": {
		path: "/datasets/alice/public.git/info/lfs/objects/batch",
		body: { operation: "upload", transfers: ["basic"], objects: [{ oid: OID, size: 1 }] },
	},
	"POST /datasets/{namespace}/{name}/info/lfs/objects/verify": {
		path: "/datasets/alice/public.git/info/lfs/objects/verify",
		body: { oid: OID, size: 1 },
	},
	"POST /api/organizations": { path: "/api/organizations", body: { name: "fresh-org" } },
	"PUT /api/organizations/{name}/members/{user}": {
		path: `/api/organizations/${ORG}/members/bob`,
		body: { role: "admin" },
	},
	"DELETE /api/organizations/{name}/members/{user}": { path: `/api/organizations/${ORG}/members/alice` },
	"PUT /api/organizations/{name}/settings": { path: `/api/organizations/${ORG}/settings`, body: { bio: "taken" } },
	"PUT /api/organizations/{name}/avatar": { path: `/api/organizations/${ORG}/avatar` },
	"DELETE /api/organizations/{name}/avatar": { path: `/api/organizations/${ORG}/avatar` },
	"PUT /api/settings/profile": { path: "/api/settings/profile", body: { bio: "taken" } },
	"POST /api/settings/password": { path: "/api/settings/password", body: { current: "x", new: "y" } },
	"POST /api/settings/sign-out-everywhere": { path: "/api/settings/sign-out-everywhere" },
	"POST /api/settings/tokens": { path: "/api/settings/tokens", body: { name: "more", role: "write" } },
	"DELETE /api/settings/tokens/{id}": { path: "/api/settings/tokens/0123456789abcdef01234567" },
	"PUT /api/settings/avatar": { path: "/api/settings/avatar" },
	"DELETE /api/settings/avatar": { path: "/api/settings/avatar" },
	"DELETE /api/settings/account": { path: "/api/settings/account", body: { confirm: "alice" } },
	"POST /api/settings/oauth-apps": {
		path: "/api/settings/oauth-apps",
		body: { name: "app", redirectUris: ["https://app.example/cb"] },
	},
	"DELETE /api/settings/oauth-apps/{clientId}": { path: "/api/settings/oauth-apps/some-client" },
	"POST /oauth/authorize": { path: "/oauth/authorize", body: {} },
	"PATCH /api/admin/users/{name}": { path: "/api/admin/users/bob", body: { isAdmin: true } },
	"POST /api/admin/users/{name}/password": { path: "/api/admin/users/bob/password", body: { password: "x" } },
	"POST /api/admin/namespaces/{name}/grant": { path: "/api/admin/namespaces/alice/grant", body: { account: "bob" } },
	"POST /api/admin/namespaces/{name}/keep": { path: "/api/admin/namespaces/alice/keep", body: {} },
	"POST /api/admin/mirrors/refresh": { path: "/api/admin/mirrors/refresh", body: { id: "alice/public" } },
	"POST /api/admin/mirrors/evict": { path: "/api/admin/mirrors/evict", body: { id: "alice/public" } },
	// git push; an empty push gets past the rule and is answered by receive-pack.
	"POST /{namespace}/{name}/git-receive-pack": { path: "/alice/public/git-receive-pack" },
	"POST /datasets/{namespace}/{name}/git-receive-pack": { path: "/datasets/alice/public/git-receive-pack" },
	// Signed-in reads: the caller's own like or request on a repository they see.
	"POST /api/{plural}/{namespace}/{name}/like": { path: "/api/models/alice/public/like" },
	"DELETE /api/{plural}/{namespace}/{name}/like": { path: "/api/models/alice/public/like" },
	"POST /api/{plural}/{namespace}/{name}/ask-access": { path: "/api/models/alice/public/ask-access", body: {} },
};

describe.each(ENGINES)("every write route asks the rule (%s)", (engine) => {
	let database: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let elsewhere: string;
	let orgWriter: string;

	beforeAll(async () => {
		database = await startTestDatabase(engine);
		hub = await openTestHub(database.config);
		server = await listen(hub.app);
		for (const type of ["model", "dataset"] as const) await createTestRepo(hub.deps, "alice/public", { type });
		// alice's write token, limited to a repository that is not the one asked about.
		elsewhere = (await createAccessToken(hub.deps.db, "alice", { role: "write", repos: ["alice/elsewhere"] })).token;
		await createAccessToken(hub.deps.db, "bob");
		const founder = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		expect((await call(`${server.url}/api/organizations`, { token: founder, body: { name: ORG } })).status).toBe(201);
		// carol has the write role in the organisation, with a write token for her whole account.
		orgWriter = (await createAccessToken(hub.deps.db, "carol", { role: "write" })).token;
		const join = { method: "PUT", token: founder, body: { role: "write" } };
		expect((await call(`${server.url}/api/organizations/${ORG}/members/carol`, join)).status).toBe(204);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await database?.cleanup();
	});

	it("declares every POST, PUT, PATCH and DELETE route with its action, and nothing the app lacks", () => {
		const writes = documentedRoutes(hub.app.routes)
			.filter((route) => WRITE_METHODS.has(route.method))
			.map(routeKey);
		expect(writes.length).toBeGreaterThan(50);
		const undeclared = writes.filter((key) => !ROUTE_PERMISSIONS[key]);
		expect(undeclared, "write routes without a permission in their route docs (src/openapi/route-doc.ts)").toEqual([]);
		const stale = Object.keys(ROUTE_PERMISSIONS).filter((key) => !writes.includes(key));
		expect(stale, "permissions declared for routes that are not writes").toEqual([]);
	});

	it("has a sample request for every route the rule decides", () => {
		const decided = Object.entries(ROUTE_PERMISSIONS)
			.filter(([, permission]) => permission.action !== "none")
			.map(([key]) => key);
		const readsAsPost = [
			"POST /api/models/{namespace}/{name}/paths-info/{revision}",
			"POST /api/datasets/{namespace}/{name}/paths-info/{revision}",
		];
		expect(decided.filter((key) => !SAMPLES[key] && !readsAsPost.includes(key))).toEqual([]);
	});

	it("refuses every rule-decided write to no caller (401) and to a token for another repository (403)", async () => {
		const answers: string[] = [];
		const expected: string[] = [];
		for (const [key, sample] of Object.entries(SAMPLES)) {
			const permission = ROUTE_PERMISSIONS[key];
			if (!permission || permission.action === "none") throw new Error(`${key} is not a rule-decided route`);
			const method = key.split(" ")[0] as string;
			const anonymous = await call(`${server.url}${sample.path}`, { method, body: sample.body });
			answers.push(`${key} anonymous: ${anonymous.status}`);
			expected.push(`${key} anonymous: 401`);
			if (permission.action === "read") continue;
			const scoped = await call(`${server.url}${sample.path}`, { method, token: elsewhere, body: sample.body });
			answers.push(`${key} scoped elsewhere: ${scoped.status}`);
			expected.push(`${key} scoped elsewhere: 403`);
		}
		expect(answers).toEqual(expected);
		// Nothing happened: the repository is still public, no organisation or repository was made.
		const record = await hub.deps.db.selectFrom("models").select(["id", "private"]).execute();
		expect(record).toEqual([{ id: "alice/public", private: 0 }]);
		const names = await hub.deps.db.selectFrom("users").select("name").orderBy("name").execute();
		expect(names.map((row) => row.name)).toEqual(["alice", ORG, "bob", "carol"]);
	});

	it("lets an organisation's write member through the write routes of its repositories, not the admin ones", async () => {
		for (const type of ["model", "dataset"] as const) await createTestRepo(hub.deps, `${ORG}/public`, { type });
		const answers: string[] = [];
		const expected: string[] = [];
		for (const [key, sample] of Object.entries(SAMPLES)) {
			const permission = ROUTE_PERMISSIONS[key];
			if (!permission || permission.action === "none" || permission.action === "read") continue;
			if (permission.on !== "repo" && permission.on !== "namespace" && permission.on !== "organization") continue;
			// The same request on the organisation's repository (and in its namespace).
			const path = sample.path.replace("/alice/public", `/${ORG}/public`);
			const body =
				sample.body === undefined
					? undefined
					: JSON.parse(
							JSON.stringify(sample.body)
								.replaceAll("alice/", `${ORG}/`)
								.replace('"organization":"alice"', `"organization":"${ORG}"`),
						);
			const method = key.split(" ")[0] as string;
			const answer = await call(`${server.url}${path}`, { method, token: orgWriter, body });
			// A refusal is the rule's: 401, 403, or a repository answered as missing (not a missing object or branch).
			const refused =
				answer.status === 401 || answer.status === 403 || answer.headers.get("x-error-code") === "RepoNotFound";
			answers.push(`${key}: ${refused ? answer.status : "through"}`);
			expected.push(`${key}: ${permission.action === "write" ? "through" : 403}`);
		}
		expect(answers).toEqual(expected);
	});
});
