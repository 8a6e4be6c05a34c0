/**
 * The permission table: who may do what, as the specification of the rule in
 * src/auth/permissions.ts. Each row is a resource and an action; each column a caller; each cell
 * the answer ("yes", or the status of the refusal). The callers are one person, alice, holding
 * each kind of credential, plus anonymous and a site admin (root, a member of nothing). alice owns
 * her namespace, is an admin of `anvil`, has the write role in `bolt` and the read role in `crane`;
 * bob owns his namespace and the organisation `dock`.
 *
 * The table is checked three ways: against the rule itself (no database), over real HTTP on
 * both engines through one representative route per resource and action, and against the
 * "Permissions" section of packages/hub/README.md, which shows it to people.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../src/auth/caller.js";
import { type Action, decide, type NamespaceRole, type Resource } from "../src/auth/permissions.js";
import { createSession } from "../src/auth/sessions.js";
import { createAccessToken, newObjectId } from "../src/auth/tokens.js";
import { accountClient } from "./support/accounts.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { createTestRepo } from "./support/repos.js";

const CALLERS = [
	"anonymous",
	"session",
	"read token",
	"write token",
	"scoped token",
	"token for another repo",
	"OAuth: profile",
	"OAuth: read-repos",
	"OAuth: write-repos",
	"site admin",
] as const;
type CallerName = (typeof CALLERS)[number];

type Answer = "yes" | 401 | 403 | 404;
const Y = "yes";

/** What each resource is, and alice's role there. */
const RESOURCES = {
	"own private repo": { kind: "repo", id: "alice/private", role: "owner" },
	"org private repo, admin role": { kind: "repo", id: "anvil/private", role: "admin" },
	"org private repo, write role": { kind: "repo", id: "bolt/private", role: "write" },
	"org private repo, read role": { kind: "repo", id: "crane/private", role: "read" },
	"another's private repo": { kind: "repo", id: "bob/private", role: undefined },
	"another's public repo": { kind: "repo", id: "bob/public", role: undefined },
	"another's gated repo": { kind: "repo", id: "bob/gated", role: undefined },
	"own mirror of another hub's repo": { kind: "repo", id: "alice/mirror", role: "owner" },
	"own namespace (new repo)": { kind: "namespace", id: "alice", role: "owner" },
	"org namespace, write role": { kind: "namespace", id: "bolt", role: "write" },
	"org namespace, read role": { kind: "namespace", id: "crane", role: "read" },
	"another's namespace": { kind: "namespace", id: "bob", role: undefined },
	"organisation, admin role": { kind: "organization", id: "anvil", role: "admin" },
	"organisation, write role": { kind: "organization", id: "bolt", role: "write" },
	"organisation, read role": { kind: "organization", id: "crane", role: "read" },
	"another's organisation": { kind: "organization", id: "dock", role: undefined },
	"own account": { kind: "account", id: "alice", role: "owner" },
	"the site": { kind: "site", id: "", role: undefined },
} as const satisfies Record<string, { kind: Resource["kind"]; id: string; role: NamespaceRole | undefined }>;
type ResourceName = keyof typeof RESOURCES;

type Row = [ResourceName, Action, Answer[]];

// biome-ignore format: the table is laid out by hand, one column per caller
const SPEC: Row[] = [
	//                                               anon  sess  read  write scoped other  oa:pr oa:rd oa:wr site
	["own private repo",              "read",      [401, Y,    Y,    Y,    Y,     404,   404,  Y,    Y,    Y]],
	["own private repo",              "write",     [401, Y,    403,  Y,    Y,     404,   404,  403,  Y,    Y]],
	["own private repo",              "admin",     [401, Y,    403,  Y,    Y,     404,   404,  403,  403,  Y]],
	["org private repo, admin role",  "read",      [401, Y,    Y,    Y,    Y,     404,   404,  Y,    Y,    Y]],
	["org private repo, admin role",  "write",     [401, Y,    403,  Y,    Y,     404,   404,  403,  Y,    Y]],
	["org private repo, admin role",  "admin",     [401, Y,    403,  Y,    Y,     404,   404,  403,  403,  Y]],
	["org private repo, write role",  "read",      [401, Y,    Y,    Y,    Y,     404,   404,  Y,    Y,    Y]],
	["org private repo, write role",  "write",     [401, Y,    403,  Y,    Y,     404,   404,  403,  Y,    Y]],
	["org private repo, write role",  "admin",     [401, 403,  403,  403,  403,   404,   404,  403,  403,  Y]],
	["org private repo, read role",   "read",      [401, Y,    Y,    Y,    Y,     404,   404,  Y,    Y,    Y]],
	["org private repo, read role",   "write",     [401, 403,  403,  403,  403,   404,   404,  403,  403,  Y]],
	["org private repo, read role",   "admin",     [401, 403,  403,  403,  403,   404,   404,  403,  403,  Y]],
	["another's private repo",        "read",      [401, 404,  404,  404,  404,   404,   404,  404,  404,  Y]],
	["another's private repo",        "write",     [401, 404,  404,  404,  404,   404,   404,  404,  404,  Y]],
	["another's private repo",        "admin",     [401, 404,  404,  404,  404,   404,   404,  404,  404,  Y]],
	["another's public repo",         "read",      [Y,   Y,    Y,    Y,    Y,     Y,     Y,    Y,    Y,    Y]],
	["another's public repo",         "write",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["another's public repo",         "admin",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["another's gated repo",          "read",      [Y,   Y,    Y,    Y,    Y,     Y,     Y,    Y,    Y,    Y]],
	["another's gated repo",          "write",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["another's gated repo",          "admin",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["own mirror of another hub's repo", "read", [Y,   Y,    Y,    Y,    Y,     Y,     Y,    Y,    Y,    Y]],
	["own mirror of another hub's repo", "write", [401, 403,  403,  403,  403,   403,   403,  403,  403,  403]],
	["own mirror of another hub's repo", "admin", [401, Y,    403,  Y,    Y,     403,   403,  403,  403,  Y]],
	["own namespace (new repo)",      "write",     [401, Y,    403,  Y,    403,   403,   403,  403,  Y,    Y]],
	["org namespace, write role",     "write",     [401, Y,    403,  Y,    403,   403,   403,  403,  Y,    Y]],
	["org namespace, read role",      "write",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["another's namespace",           "write",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["organisation, admin role",      "read",      [401, Y,    Y,    Y,    403,   403,   403,  403,  403,  Y]],
	["organisation, admin role",      "admin",     [401, Y,    403,  Y,    403,   403,   403,  403,  403,  Y]],
	["organisation, write role",      "read",      [401, Y,    Y,    Y,    403,   403,   403,  403,  403,  Y]],
	["organisation, write role",      "admin",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["organisation, read role",       "read",      [401, Y,    Y,    Y,    403,   403,   403,  403,  403,  Y]],
	["organisation, read role",       "admin",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
	["another's organisation",        "read",      [401, 404,  404,  404,  403,   403,   403,  403,  403,  Y]],
	["another's organisation",        "admin",     [401, 404,  403,  404,  403,   403,   403,  403,  403,  Y]],
	["own account",                   "account",   [401, Y,    403,  Y,    403,   403,   403,  403,  403,  Y]],
	["own account",                   "settings",  [401, Y,    403,  403,  403,   403,   403,  403,  403,  Y]],
	["the site",                      "admin",     [401, 403,  403,  403,  403,   403,   403,  403,  403,  Y]],
];

const REPO_IDS = Object.values(RESOURCES)
	.filter((resource) => resource.kind === "repo")
	.map((resource) => resource.id);
const ORGS = ["anvil", "bolt", "crane"];

/** The callers as the caller middleware builds them, for asking the rule directly. */
function callerOf(name: CallerName): Caller | undefined {
	if (name === "anonymous") return undefined;
	const alice = (role: string, rest: Partial<Caller> = {}): Caller => ({
		userId: "alice-id",
		userName: "alice",
		fullname: "Alice",
		email: null,
		token: { displayName: name, role, createdAt: "2025-01-01T00:00:00.000Z" },
		via: "token",
		orgs: ORGS,
		isAdmin: false,
		...rest,
	});
	switch (name) {
		case "session":
			return alice("write", { via: "session" });
		case "read token":
			return alice("read");
		case "write token":
			return alice("write");
		case "scoped token":
			return alice("write", { repos: REPO_IDS });
		case "token for another repo":
			return alice("write", { repos: ["alice/elsewhere"] });
		case "OAuth: profile":
			return alice("read", { repos: [], oauthScopes: ["openid", "profile"] });
		case "OAuth: read-repos":
			return alice("read", { oauthScopes: ["openid", "read-repos"] });
		case "OAuth: write-repos":
			return alice("write", { oauthScopes: ["openid", "write-repos"] });
		case "site admin":
			return { ...alice("write", { via: "session", isAdmin: true, orgs: [] }), userId: "root-id", userName: "root" };
	}
}

function resourceFor(name: ResourceName, caller: CallerName): Resource {
	const fixture = RESOURCES[name];
	const role = caller === "anonymous" || caller === "site admin" ? undefined : fixture.role;
	switch (fixture.kind) {
		case "repo":
			return {
				kind: "repo",
				id: fixture.id,
				private: name.includes("private"),
				mirrorOf: name.includes("mirror") ? `https://upstream.example/${fixture.id}` : null,
				role,
			};
		case "namespace":
			return { kind: "namespace", name: fixture.id, repoId: `${fixture.id}/fresh`, role };
		case "organization":
			return { kind: "organization", name: fixture.id, role };
		case "account":
			return { kind: "account" };
		case "site":
			return { kind: "site" };
	}
}

function verdictOf(caller: CallerName, action: Action, resource: ResourceName): Answer {
	const verdict = decide(callerOf(caller), action, resourceFor(resource, caller));
	return verdict.allowed ? Y : (verdict.error.status as Answer);
}

/** The table as the README shows it. */
function permissionTableMarkdown(): string {
	const header = `| Resource | Action | ${CALLERS.join(" | ")} |`;
	const rule = `|${" --- |".repeat(CALLERS.length + 2)}`;
	const rows = SPEC.map(
		([resource, action, answers]) =>
			`| ${resource} | ${action} | ${answers.map((answer) => (answer === Y ? "✓" : String(answer))).join(" | ")} |`,
	);
	return [header, rule, ...rows].join("\n");
}

describe("the permission table", () => {
	it("has one answer per caller in every row, and each resource and action once", () => {
		for (const [resource, action, answers] of SPEC)
			expect(answers, `${resource} ${action}`).toHaveLength(CALLERS.length);
		const keys = SPEC.map(([resource, action]) => `${resource} ${action}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(new Set(SPEC.map(([resource]) => resource))).toEqual(new Set(Object.keys(RESOURCES)));
	});

	it("is what the rule answers", () => {
		const answers = SPEC.map(([resource, action]) => [
			resource,
			action,
			CALLERS.map((caller) => verdictOf(caller, action, resource)),
		]);
		expect(answers).toEqual(SPEC);
	});

	it("is the README's Permissions section", () => {
		const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
		const start = readme.indexOf("<!-- permissions-table:start -->");
		const end = readme.indexOf("<!-- permissions-table:end -->");
		expect(start, "README.md has no permissions-table markers").toBeGreaterThan(-1);
		const shown = readme.slice(start + "<!-- permissions-table:start -->".length, end).trim();
		expect(tableCells(shown), "paste this table into packages/hub/README.md").toEqual(
			tableCells(permissionTableMarkdown()),
		);
	});
});

/** A Markdown table's cells, row by row, whatever padding a formatter gave its columns. */
function tableCells(table: string): string[][] {
	return table
		.trim()
		.split("\n")
		.map((row) =>
			row
				.split("|")
				.slice(1, -1)
				.map((cell) => cell.trim().replace(/^-+$/, "---")),
		);
}

/** One route per resource kind and action, with the status it answers when allowed. */
interface Probe {
	method: string;
	path: string;
	body?: unknown;
	allowed: number;
}

let fresh = 0;

function probe(resource: ResourceName, action: Action): Probe {
	const { kind, id } = RESOURCES[resource];
	fresh += 1;
	if (kind === "repo") {
		if (action === "read") return { method: "GET", path: `/api/models/${id}`, allowed: 200 };
		if (action === "write") {
			const body = { files: [{ path: "probe.txt", size: 5, sample: "" }] };
			return { method: "POST", path: `/api/models/${id}/preupload/main`, body, allowed: 200 };
		}
		// The settings the repository has: an allowed call changes nothing.
		const body = { private: resource.includes("private"), gated: resource.includes("gated") ? "manual" : false };
		return { method: "PUT", path: `/api/models/${id}/settings`, body, allowed: 200 };
	}
	if (kind === "namespace") {
		const body = { name: `made-${fresh}`, organization: id };
		return { method: "POST", path: "/api/repos/create", body, allowed: 200 };
	}
	if (kind === "organization") {
		if (action === "read") return { method: "GET", path: `/api/organizations/${id}/members`, allowed: 200 };
		return { method: "PUT", path: `/api/organizations/${id}/settings`, body: { bio: "Checked" }, allowed: 200 };
	}
	if (kind === "account") {
		if (action === "account") {
			return { method: "POST", path: "/api/organizations", body: { name: `org-${fresh}` }, allowed: 201 };
		}
		return { method: "PUT", path: "/api/settings/profile", body: { bio: "Checked" }, allowed: 200 };
	}
	return { method: "PATCH", path: "/api/admin/users/bob", body: { disabled: false }, allowed: 200 };
}

describe.each(ENGINES)("the permission table over HTTP (%s)", (engine) => {
	const hub = useHttpHub(engine);
	const credentials = {} as Record<CallerName, { token?: string; session?: string }>;

	beforeAll(async () => {
		const db = hub.deps.db;
		const token = async (role: "read" | "write", repos?: string[]) =>
			(await createAccessToken(db, "alice", { role, repos })).token;
		/** A token as the OAuth token endpoint issues it (services/oauth.ts): its role and repos follow the scopes. */
		const oauthToken = async (scope: string) => {
			const scopes = scope.split(" ");
			const writes = scopes.includes("write-repos");
			const reaches = writes || scopes.includes("read-repos");
			const made = await createAccessToken(db, "alice", {
				role: writes ? "write" : "read",
				repos: reaches ? undefined : [],
			});
			await db.updateTable("access_tokens").set({ oauth_scope: scope }).where("id", "=", made.id).execute();
			return made.token;
		};
		credentials.anonymous = {};
		credentials["read token"] = { token: await token("read") };
		credentials["write token"] = { token: await token("write") };
		credentials["scoped token"] = { token: await token("write", REPO_IDS) };
		credentials["token for another repo"] = { token: await token("write", ["alice/elsewhere"]) };
		credentials["OAuth: profile"] = { token: await oauthToken("openid profile") };
		credentials["OAuth: read-repos"] = { token: await oauthToken("openid read-repos") };
		credentials["OAuth: write-repos"] = { token: await oauthToken("openid write-repos") };
		await createAccessToken(db, "bob");
		await createAccessToken(db, "root");
		await db.updateTable("users").set({ is_admin: 1 }).where("name", "=", "root").execute();
		const idOf = async (name: string) =>
			(await db.selectFrom("users").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
		credentials.session = { session: await createSession(db, await idOf("alice")) };
		credentials["site admin"] = { session: await createSession(db, await idOf("root")) };

		const at = new Date().toISOString();
		for (const [org, member, role] of [
			["anvil", "alice", "admin"],
			["bolt", "alice", "write"],
			["crane", "alice", "read"],
			["dock", "bob", "admin"],
		] as const) {
			const orgId = newObjectId();
			await db
				.insertInto("users")
				.values({ id: orgId, name: org, fullname: org, email: null, created_at: at, kind: "org" })
				.execute();
			await db
				.insertInto("org_members")
				.values({ org_id: orgId, user_id: await idOf(member), role, created_at: at })
				.execute();
		}
		for (const id of REPO_IDS) {
			await createTestRepo(hub.deps, id, {
				private: id.endsWith("/private"),
				gated: id.endsWith("/gated") ? "manual" : undefined,
			});
		}
		await db
			.insertInto("mirrored_repos")
			.values({
				repo_id: "alice/mirror",
				upstream: "https://upstream.example",
				upstream_id: "alice/mirror",
				created_at: at,
				refreshed_at: at,
			})
			.execute();
	});

	it("answers every caller on every resource and action as the table says", async () => {
		const call = accountClient(hub.url);
		const answers: string[] = [];
		const expected: string[] = [];
		for (const [resource, action, wanted] of SPEC) {
			for (const [index, caller] of CALLERS.entries()) {
				const request = probe(resource, action);
				const answer = await call(request.path, { method: request.method, body: request.body, ...credentials[caller] });
				const want = wanted[index] === Y ? request.allowed : wanted[index];
				answers.push(`${resource} · ${action} · ${caller}: ${answer.status}`);
				expected.push(`${resource} · ${action} · ${caller}: ${want}`);
			}
		}
		expect(answers).toEqual(expected);
	});
});
