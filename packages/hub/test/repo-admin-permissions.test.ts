/**
 * Who may do what with a repository, over real HTTP on both engines: anonymous, the owner's
 * read token, the owner's write token, an organisation member with the read role and one with
 * the write role, and another user, against public, private and gated repositories owned by a
 * user and by an organisation (models and datasets), for every administration, history and access route,
 * and the write path's preupload, commit and LFS batch calls. Each
 * refusal is checked to have changed nothing in the database; the allowed calls here undo
 * themselves (deleting and moving are allowed in repo-admin-delete/-move tests).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, TEST_ORG, type TestPeople } from "./support/repos.js";

type Who = "anonymous" | keyof TestPeople;
const CALLERS: Who[] = ["anonymous", "ownerRead", "ownerWrite", "orgReader", "orgWriter", "other"];

interface Case {
	type: "model" | "dataset";
	id: string;
	namespace: "alice" | typeof TEST_ORG;
	private: boolean;
	gated: "manual" | undefined;
}

const CASES: Case[] = (["model", "dataset"] as const).flatMap((type) =>
	(["alice", TEST_ORG] as const).flatMap((namespace) => [
		{ type, id: `${namespace}/public-repo`, namespace, private: false, gated: undefined },
		{ type, id: `${namespace}/private-repo`, namespace, private: true, gated: undefined },
		{ type, id: `${namespace}/gated-repo`, namespace, private: false, gated: "manual" as const },
	]),
);

/** Members of the namespace: who sees its private repositories, and (with a write token) writes. */
function member(who: Who, repo: Case): boolean {
	return repo.namespace === "alice"
		? who === "ownerRead" || who === "ownerWrite"
		: who === "orgReader" || who === "orgWriter";
}

function sees(who: Who, repo: Case): boolean {
	return !repo.private || member(who, repo);
}

/**
 * The status a write or admin route answers before it looks at the request itself; "allowed" when
 * it goes on. An organisation's write member writes but does not administer (settings, access
 * requests, move, delete): only the owner or the organisation's admins do, and none of these
 * callers is an admin of acme.
 */
function writeStatus(who: Who, repo: Case, action: "write" | "admin"): number | "allowed" {
	if (who === "anonymous") return 401;
	if (!sees(who, repo)) return 404;
	const writer = repo.namespace === "alice" ? who === "ownerWrite" : who === "orgWriter" && action === "write";
	return writer ? "allowed" : 403;
}

function readStatus(who: Who, repo: Case): number {
	if (sees(who, repo)) return 200;
	return who === "anonymous" ? 401 : 404;
}

/** A gated file: the namespace's owner or writers (whatever the token's role), else 401/403. */
function downloadStatus(who: Who, repo: Case): number {
	const read = readStatus(who, repo);
	if (read !== 200 || !repo.gated) return read;
	if (who === "anonymous") return 401;
	const writerOfNamespace = repo.namespace === "alice" ? member(who, repo) : who === "orgWriter";
	return writerOfNamespace ? 200 : 403;
}

const TABLES = [
	"models",
	"datasets",
	"commits",
	"refs",
	"ref_tags",
	"likes",
	"access_requests",
	"repo_redirects",
	"commit_merge_parents",
	"trees",
	"tree_entries",
	"lfs_objects",
] as const;

describe.each(ENGINES)("repository permissions (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		for (const repo of CASES) {
			await createTestRepo(hub.deps, repo.id, { type: repo.type, private: repo.private, gated: repo.gated });
		}
	});

	const tokenOf = (who: Who) => (who === "anonymous" ? undefined : people[who]);
	const snapshot = async () => {
		const rows: Record<string, unknown[]> = {};
		for (const table of TABLES) {
			const all = (await hub.deps.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
			rows[table] = all.map((row) => JSON.stringify(row)).sort();
		}
		return rows;
	};

	interface Route {
		name: string;
		/** What the route is to the rule (auth/permissions.ts). */
		action: "write" | "admin";
		method: string;
		path: (repo: Case) => string;
		body?: (repo: Case) => unknown;
		/** What an allowed caller gets, and the call that undoes it. */
		allowed: number;
		undo?: { method: string; path: (repo: Case) => string };
	}

	const api = (repo: Case, rest: string) => `/api/${repo.type}s/${repo.id}${rest}`;
	const WRITE_ROUTES: Route[] = [
		{
			name: "settings",
			action: "admin",
			method: "PUT",
			path: (repo) => api(repo, "/settings"),
			body: (repo) => ({ private: repo.private, gated: repo.gated ?? false }),
			allowed: 200,
		},
		{
			name: "create branch",
			action: "write",
			method: "POST",
			path: (repo) => api(repo, "/branch/matrix"),
			body: () => ({}),
			allowed: 200,
			undo: { method: "DELETE", path: (repo) => api(repo, "/branch/matrix") },
		},
		{
			name: "delete branch",
			action: "write",
			method: "DELETE",
			path: (repo) => api(repo, "/branch/no-such"),
			allowed: 404,
		},
		{
			name: "create tag",
			action: "write",
			method: "POST",
			path: (repo) => api(repo, "/tag/main"),
			body: () => ({ tag: "matrix" }),
			allowed: 200,
			undo: { method: "DELETE", path: (repo) => api(repo, "/tag/matrix") },
		},
		{ name: "delete tag", action: "write", method: "DELETE", path: (repo) => api(repo, "/tag/no-such"), allowed: 404 },
		{
			name: "list requests",
			action: "admin",
			method: "GET",
			path: (repo) => api(repo, "/user-access-request/pending"),
			allowed: 200,
		},
		{
			name: "handle request",
			action: "admin",
			method: "POST",
			path: (repo) => api(repo, "/user-access-request/handle"),
			body: () => ({ user: "nobody-here", status: "accepted" }),
			allowed: 0,
		},
		{
			name: "grant",
			action: "admin",
			method: "POST",
			path: (repo) => api(repo, "/user-access-request/grant"),
			body: () => ({ user: "nobody-here" }),
			allowed: 0,
		},
		{
			name: "preupload",
			action: "write",
			method: "POST",
			path: (repo) => api(repo, "/preupload/main"),
			body: () => ({ files: [{ path: "matrix.txt", size: 6, sample: "" }] }),
			allowed: 200,
		},
		{
			// A header alone is a commit that changes nothing: allowed, answered with the head, nothing written.
			name: "commit",
			action: "write",
			method: "POST",
			path: (repo) => api(repo, "/commit/main"),
			body: () => ({ key: "header", value: { summary: "matrix" } }),
			allowed: 200,
		},
		{
			// Allowed, it hands out an upload URL (an lfs_uploads row, expiring; not a table compared here).
			name: "LFS batch",
			action: "write",
			method: "POST",
			path: (repo) => `${repo.type === "model" ? "" : "/datasets"}/${repo.id}.git/info/lfs/objects/batch`,
			body: () => ({ operation: "upload", transfers: ["basic"], objects: [{ oid: "a".repeat(64), size: 6 }] }),
			allowed: 200,
		},
		{
			name: "delete repo",
			action: "admin",
			method: "DELETE",
			path: () => "/api/repos/delete",
			body: (repo) => ({ name: repo.id.split("/")[1], organization: repo.namespace, type: repo.type }),
			allowed: -1,
		},
		{
			name: "move repo",
			action: "admin",
			method: "POST",
			path: () => "/api/repos/move",
			body: (repo) => ({ fromRepo: repo.id, toRepo: `${repo.id}-moved`, type: repo.type }),
			allowed: -1,
		},
	];

	it("refuses write routes to who may not write, changing nothing; writers get through", async () => {
		const before = await snapshot();
		const answers: string[] = [];
		const expected: string[] = [];
		for (const repo of CASES) {
			for (const who of CALLERS) {
				const token = tokenOf(who);
				for (const route of WRITE_ROUTES) {
					const status = writeStatus(who, repo, route.action);
					// Allowed deletes and moves are the subject of their own tests.
					if (status === "allowed" && route.allowed === -1) continue;
					// Handling or granting for someone who does not exist: 404 on a gated repository, 400 on another.
					const allowed = route.allowed === 0 ? (repo.gated ? 404 : 400) : route.allowed;
					const answer = await call(`${hub.url}${route.path(repo)}`, {
						method: route.method,
						token,
						body: route.body?.(repo),
					});
					answers.push(`${route.name} ${repo.type} ${repo.id} as ${who}: ${answer.status}`);
					expected.push(`${route.name} ${repo.type} ${repo.id} as ${who}: ${status === "allowed" ? allowed : status}`);
					if (status === "allowed" && route.undo) {
						const undone = await call(`${hub.url}${route.undo.path(repo)}`, { method: route.undo.method, token });
						expect(undone.status).toBe(204);
					}
				}
				expect(await snapshot(), `${repo.type} ${repo.id} as ${who}`).toEqual(before);
			}
		}
		// 12 repositories x 6 callers x 13 routes, less the owner's delete and move of each of alice's six.
		expect(answers).toHaveLength(12 * 6 * 13 - 6 * 2);
		expect(answers).toEqual(expected);
	});

	it("answers reads, likes, access requests and downloads by visibility and gate", async () => {
		const answers: string[] = [];
		const expected: string[] = [];
		const record = (what: string, status: number, wanted: number) => {
			answers.push(`${what}: ${status}`);
			expected.push(`${what}: ${wanted}`);
		};
		for (const repo of CASES) {
			for (const who of CALLERS) {
				const token = tokenOf(who);
				const label = `${repo.type} ${repo.id} as ${who}`;
				const read = readStatus(who, repo);
				record(`refs ${label}`, (await call(`${hub.url}${api(repo, "/refs")}`, { token })).status, read);
				record(`commits ${label}`, (await call(`${hub.url}${api(repo, "/commits/main")}`, { token })).status, read);
				record(`access ${label}`, (await call(`${hub.url}${api(repo, "/access")}`, { token })).status, read);
				// Dataset downloads (`/datasets/{id}/resolve/…`) are the dataset read routes' part, gated by the same check.
				if (repo.type === "model") {
					const file = await call(`${hub.url}/${repo.id}/resolve/main/config.json`, { token });
					record(`download ${label}`, file.status, downloadStatus(who, repo));
					const card = await call(`${hub.url}/${repo.id}/resolve/main/README.md`, { token });
					record(`card ${label}`, card.status, read);
				}

				// Likes need a caller who sees the repository; liking and unliking leaves the count as it was.
				const likeWanted = who === "anonymous" ? 401 : read;
				record(
					`like ${label}`,
					(await call(`${hub.url}${api(repo, "/like")}`, { method: "POST", token })).status,
					likeWanted,
				);
				const unlike = await call(`${hub.url}${api(repo, "/like")}`, { method: "DELETE", token });
				record(`unlike ${label}`, unlike.status, likeWanted);

				// Asking needs a caller who sees a gated repository; owners are let in anyway.
				const askWanted = who === "anonymous" ? 401 : read !== 200 ? read : repo.gated ? 200 : 400;
				const ask = await call(`${hub.url}${api(repo, "/ask-access")}`, { method: "POST", token, body: {} });
				record(`ask ${label}`, ask.status, askWanted);
			}
		}
		expect(answers).toEqual(expected);
		for (const table of ["models", "datasets"] as const) {
			const likes = await hub.deps.db.selectFrom(table).select(["id", "likes"]).execute();
			expect(likes.every((row) => Number(row.likes) === 0)).toBe(true);
		}
	});
});
