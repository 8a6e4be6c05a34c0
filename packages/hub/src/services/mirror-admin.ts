/**
 * The site administrator's view of the mirrors (`/api/admin/mirrors`): every repository that mirrors
 * one on another hub, with its upstream, the upstream commit it holds, its size and when the
 * upstream was last read; a refresh reads the upstream's `main` again now, and eviction deletes the
 * mirror (services/repo-admin.ts: its files go to the collector), so the next read fetches it afresh.
 */
import type { Caller } from "../auth/caller.js";
import type { HubDeps } from "../deps.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { MirrorError } from "./mirror.js";
import { forgetMirroredRef, heldRefs, readSourceRefs } from "./mirror-refs.js";
import { deleteRepo } from "./repo-admin.js";
import { isRepoType, parseRepoKey, type RepoType, repoKey, upstreamRepoUrl } from "./repos.js";
import { followSourceRef, mirrorRevision } from "./upstream-mirror.js";

export interface MirrorSummary {
	type: RepoType;
	id: string;
	/** The repository it mirrors, on the upstream hub. */
	upstream: string;
	/** The upstream commit `main` holds here; null before the first copy completed. */
	upstreamSha: string | null;
	/** Bytes of the files at `main`. */
	size: number;
	createdAt: string;
	refreshedAt: string;
}

export async function listMirrors(deps: Pick<HubDeps, "db">): Promise<MirrorSummary[]> {
	const rows = await deps.db.selectFrom("mirrored_repos").selectAll().orderBy("repo_id").execute();
	const sizes = new Map<string, number>();
	for (const table of ["models", "datasets"] as const) {
		const type: RepoType = table === "models" ? "model" : "dataset";
		const ids = rows.map((row) => parseRepoKey(row.repo_id)).filter((repo) => repo.type === type);
		if (ids.length === 0) continue;
		const found = await deps.db
			.selectFrom(table)
			.select(["id", "main_size"])
			.where(
				"id",
				"in",
				ids.map((repo) => repo.id),
			)
			.execute();
		for (const repo of found) sizes.set(repoKey(type, repo.id), Number(repo.main_size));
	}
	return rows.map((row) => {
		const { type, id } = parseRepoKey(row.repo_id);
		return {
			type,
			id,
			upstream: upstreamRepoUrl(row.upstream, type, row.upstream_id),
			upstreamSha: row.upstream_sha,
			size: sizes.get(row.repo_id) ?? 0,
			createdAt: row.created_at,
			refreshedAt: row.refreshed_at,
		};
	});
}

/** The mirror `type`/`id` names, checked: a 400 for a malformed request, a 404 for a repository that is not a mirror. */
export function mirrorNamed(body: Record<string, unknown>): { type: RepoType; id: string } {
	const { type = "model", id } = body;
	if (typeof type !== "string" || !isRepoType(type)) throw badRequest("type must be model or dataset");
	if (typeof id !== "string" || !/^[^/]+\/[^/]+$/.test(id)) throw badRequest("id must be owner/name");
	return { type, id };
}

/**
 * Reads the upstream's `main`, and the other refs the mirror holds (services/ref-names.ts), again
 * now and copies what moved (files already held are not fetched again; on a hub with
 * `HUBKIT_UPSTREAM`, LFS files wait upstream until first asked for); a ref the upstream deleted
 * goes here too.
 */
export async function refreshMirror(
	deps: Pick<HubDeps, "db" | "blobStore" | "logger" | "config">,
	type: RepoType,
	id: string,
): Promise<MirrorSummary> {
	const row = await deps.db
		.selectFrom("mirrored_repos")
		.selectAll()
		.where("repo_id", "=", repoKey(type, id))
		.executeTakeFirst();
	if (!row) throw notFound(`${id} is not a mirror`);
	// The operator's upstream token goes to the upstream it was given for, never to another hub.
	const token = deps.config.upstream && new URL(deps.config.upstream).origin === new URL(row.upstream).origin;
	const source = {
		from: row.upstream,
		type,
		id: row.upstream_id,
		revision: "main",
		token: token ? deps.config.upstreamToken : undefined,
	};
	// A hub that can fetch a file when it is first asked for leaves LFS files upstream until then.
	const lazyLfs = deps.config.upstream !== undefined && !deps.config.upstreamOffline;
	try {
		const { result } = await mirrorRevision(deps, source, { target: id, lazyLfs });
		const held = await heldRefs(deps.db, result.repo.key);
		const pullRequests = held.some((ref) => ref.kind === "pr");
		const listed = held.length > 0 ? await readSourceRefs(source, { pullRequests }) : [];
		for (const ref of held) {
			const found = listed.find((item) => item.ref.kind === ref.kind && item.ref.name === ref.name);
			if (!found) await forgetMirroredRef(deps.db, result.repo, ref);
			else await followSourceRef(deps, result.repo, { ...source, revision: found.sha }, { found, held: ref, lazyLfs });
		}
	} catch (error) {
		if (error instanceof MirrorError) throw new HubError(502, `The upstream failed: ${error.message}`);
		throw error;
	}
	const refreshed = (await listMirrors(deps)).find((mirror) => mirror.type === type && mirror.id === id);
	if (!refreshed) throw notFound(`${id} is not a mirror`);
	return refreshed;
}

/** Deletes a mirror and everything keyed by it; its files go to the collector. */
export async function evictMirror(
	deps: Pick<HubDeps, "db">,
	caller: Caller,
	type: RepoType,
	id: string,
): Promise<void> {
	const row = await deps.db
		.selectFrom("mirrored_repos")
		.select("repo_id")
		.where("repo_id", "=", repoKey(type, id))
		.executeTakeFirst();
	if (!row) throw notFound(`${id} is not a mirror`);
	await deleteRepo(deps.db, type, id, caller);
}

/** A repository asked for here that the mirror did not fetch: its namespace is held here (local first). */
export interface ShadowedRead {
	type: RepoType;
	id: string;
	reads: number;
	firstRead: string;
	lastRead: string;
}

/** The reads kept local (services/mirror-shadowed.ts), the most recently read first. */
export async function listShadowedReads(deps: Pick<HubDeps, "db">): Promise<ShadowedRead[]> {
	const rows = await deps.db
		.selectFrom("mirror_shadowed_reads")
		.selectAll()
		.orderBy("last_read_at", "desc")
		.orderBy("repo_id")
		.execute();
	const reads = rows.map((row) => ({
		...parseRepoKey(row.repo_id),
		reads: Number(row.reads),
		firstRead: row.first_read_at,
		lastRead: row.last_read_at,
	}));
	// A name created here since it was read no longer hides anything: the hub answers it itself.
	const created = await existingRepoKeys(deps, reads);
	return reads.filter((read) => !created.has(repoKey(read.type, read.id)));
}

async function existingRepoKeys(deps: Pick<HubDeps, "db">, repos: Array<{ type: RepoType; id: string }>) {
	const idsOf = (type: RepoType) => repos.filter((repo) => repo.type === type).map((repo) => repo.id);
	const [models, datasets] = [idsOf("model"), idsOf("dataset")];
	const keys = new Set<string>();
	if (models.length > 0) {
		const rows = await deps.db.selectFrom("models").select("id").where("id", "in", models).execute();
		for (const row of rows) keys.add(repoKey("model", row.id));
	}
	if (datasets.length > 0) {
		const rows = await deps.db.selectFrom("datasets").select("id").where("id", "in", datasets).execute();
		for (const row of rows) keys.add(repoKey("dataset", row.id));
	}
	return keys;
}
