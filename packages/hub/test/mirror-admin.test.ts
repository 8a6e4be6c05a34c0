/**
 * The administrator's mirrors (`/api/admin/mirrors`), over real HTTP between two hubs on loopback:
 * a mirror made from the first hub is listed on the second with its upstream, the upstream commit
 * and its size, beside the mirror cache's use; a refresh takes the upstream's next commit (files
 * and id) and moves the branches and tags the mirror holds with the upstream's (dropping one it
 * deleted); eviction deletes it; a repository that is not a mirror is a 404, and anyone but a site
 * admin is refused.
 */
import { describe, expect, it } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import { createAccessToken } from "../src/auth/tokens.js";
import { recordMirroredBlobUse } from "../src/services/mirror-cache.js";
import { createBranch, createTag, deleteBranch } from "../src/services/refs.js";
import { findRepo, type Repo } from "../src/services/repos.js";
import { mirrorRevision } from "../src/services/upstream-mirror.js";
import { accountClient } from "./support/accounts.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { addTestCommit, createTestRepo } from "./support/repos.js";

const MODEL = "ops/model";

describe.each(ENGINES)("the administrator's mirrors (%s)", (engine) => {
	const upstream = useHttpHub(engine);
	const hub = useHttpHub(engine);

	const signIn = async () => {
		const { db } = hub.deps;
		const token = (await createAccessToken(db, "root", { role: "write" })).token;
		await db.updateTable("users").set({ is_admin: 1 }).where("name", "=", "root").execute();
		const user = await db.selectFrom("users").select("id").where("name", "=", "root").executeTakeFirstOrThrow();
		return { token, session: await createSession(db, user.id) };
	};
	const shaOf = async (url: string) =>
		((await (await fetch(`${url}/api/models/${MODEL}/revision/main`)).json()) as { sha: string }).sha;

	it("lists a mirror, refreshes it from its upstream, evicts it, and answers only a site admin", async () => {
		await createTestRepo(upstream.deps, MODEL, { files: { "README.md": "# One\n", "config.json": "{}" } });
		await createTestRepo(hub.deps, "ops/local");
		await mirrorRevision(hub.deps, { from: upstream.url, type: "model", id: MODEL, revision: "main" });
		const { token, session } = await signIn();
		const call = accountClient(hub.url);

		const listed = await call("/api/admin/mirrors", { session });
		expect(listed.status).toBe(200);
		expect(listed.body).toEqual([
			{
				type: "model",
				id: MODEL,
				upstream: `${upstream.url}/${MODEL}`,
				upstreamSha: await shaOf(upstream.url),
				size: 8,
				createdAt: expect.any(String),
				refreshedAt: expect.any(String),
			},
		]);
		expect((await call("/api/admin/mirrors", { token })).status).toBe(403);
		// The cache of mirrored LFS bytes: what is recorded, and no limit set.
		await recordMirroredBlobUse(hub.deps, "c".repeat(64), 300);
		expect(await call("/api/admin/mirrors/cache", { session })).toMatchObject({
			status: 200,
			body: { bytes: 300, files: 1, limit: null },
		});
		expect((await call("/api/admin/mirrors/cache", { token })).status).toBe(403);
		expect((await call("/api/admin/mirrors/refresh", { token, body: { id: MODEL } })).status).toBe(403);

		// Besides main, the mirror holds a branch that will move upstream, a tag, and a branch the upstream will delete.
		const first = await shaOf(upstream.url);
		const upstreamRepo = (await findRepo(upstream.deps.db, "model", MODEL)) as Repo;
		for (const branch of ["dev", "gone"]) await createBranch(upstream.deps.db, upstreamRepo, branch, {});
		await createTag(upstream.deps.db, upstreamRepo, "main", "v1", { tagger: null });
		for (const [kind, name] of [
			["branch", "dev"],
			["branch", "gone"],
			["tag", "v1"],
		] as const) {
			const source = { from: upstream.url, type: "model" as const, id: MODEL, revision: name };
			await mirrorRevision(hub.deps, source, { ref: { kind, name } });
		}
		await deleteBranch(upstream.deps.db, upstreamRepo, "gone");

		await addTestCommit(upstream.deps, "model", MODEL, { message: "Two", files: { "README.md": "# Two\n" } });
		const next = await shaOf(upstream.url);
		await createBranch(upstream.deps.db, upstreamRepo, "dev", { startingPoint: "main", overwrite: true });
		const refreshed = await call("/api/admin/mirrors/refresh", { session, body: { id: MODEL } });
		expect(refreshed.status).toBe(200);
		expect(refreshed.body).toMatchObject({ id: MODEL, upstreamSha: next });
		expect(await shaOf(hub.url)).toBe(next);
		const refs = (await (await fetch(`${hub.url}/api/models/${MODEL}/refs`)).json()) as {
			branches: { name: string; targetCommit: string }[];
			tags: { name: string; targetCommit: string }[];
		};
		expect(refs.branches.map((ref) => [ref.name, ref.targetCommit]).sort()).toEqual([
			["dev", next],
			["main", next],
		]);
		expect(refs.tags.map((ref) => [ref.name, ref.targetCommit])).toEqual([["v1", first]]);
		expect(await (await fetch(`${hub.url}/${MODEL}/resolve/main/README.md`)).text()).toBe("# Two\n");

		const notMirror = await call("/api/admin/mirrors/refresh", { session, body: { id: "ops/local" } });
		expect(notMirror).toMatchObject({ status: 404, body: { error: "ops/local is not a mirror" } });
		expect((await call("/api/admin/mirrors/evict", { session, body: { id: "ops/local" } })).status).toBe(404);
		expect((await call("/api/admin/mirrors/evict", { session, body: { id: "no-slash" } })).status).toBe(400);

		expect((await call("/api/admin/mirrors/evict", { session, body: { id: MODEL } })).status).toBe(204);
		expect((await fetch(`${hub.url}/api/models/${MODEL}`)).status).toBe(401);
		expect((await call("/api/admin/mirrors", { session })).body).toEqual([]);
		expect((await fetch(`${hub.url}/api/models/ops/local`)).status).toBe(200);
	});
});
