/**
 * Mirroring another hub's repositories: `mirrorRevision` copies one revision (its files through
 * services/mirror.ts, checked; one commit keeping the upstream's id through repo-ingest.ts), which
 * `hubkit mirror` runs by hand and the caching mirror (`HUBKIT_UPSTREAM`) on first use.
 *
 * The caching mirror: a read of a public repository this hub lacks fetches its `main` from the
 * upstream before it is answered, and a mirror's `main` older than `HUBKIT_MIRROR_REFRESH_SECONDS`
 * is asked of the upstream again. A read naming another revision fetches that one too
 * (services/mirror-refs.ts): a branch, tag, pull request's head (`refs/pr/N`) or conversion
 * (`refs/convert/parquet`) is re-checked as `main` is, a commit id once held is
 * never asked again. One fetch per repository and revision at a time in a process: clients asking
 * together wait for the same one. With the upstream unreachable what is mirrored is served as it
 * is, and a repository that is not is a 502 naming the upstream; `HUBKIT_UPSTREAM_OFFLINE=1` never
 * calls it. `HUBKIT_UPSTREAM_ALLOW` and `HUBKIT_UPSTREAM_DENY` (namespaces or ids) restrict what
 * is fetched. A namespace held here by an account or organisation is local only (local first), and a
 * repository held here that is not a mirror is never replaced, but for the sample catalogue's
 * placeholders (real names without files), which yield to the upstream's. Private upstream
 * repositories are not mirrored on demand, and gated ones are gated here too (repo-ingest.ts): the
 * operator's token must not open them to everyone.
 *
 * LFS files are lazy in the caching mirror: a revision is committed with its metadata and regular
 * files, and each LFS file is recorded from the upstream's listing (sha256 and size, so its tree
 * entry and `/resolve` headers are the upstream's) without its bytes, fetched by the first GET of
 * them (services/mirrored-blobs.ts). `hubkit mirror` copies every file at once, or those its
 * patterns want (the others' LFS files recorded the same lazy way). Either takes a file this hub
 * already stores from the store (services/mirror-held-files.ts), so a mirror run again fetches
 * only what is new or changed.
 */
import { join } from "node:path";
import type { HubConfig } from "../config.js";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import {
	deferredLfsFile,
	MirrorError,
	type MirroredFile,
	type MirrorSource,
	mirrorFile,
	readSourceRevision,
	type SourceRevision,
	sourceBaseUrl,
} from "./mirror.js";
import { heldFile } from "./mirror-held-files.js";
import {
	forgetMirroredRef,
	type HeldRef,
	heldRef,
	heldRefs,
	holdsCommit,
	isCommitId,
	isMainRevision,
	type MirrorRef,
	readSourceRef,
	readSourceRefs,
	type SourceRef,
	touchMirroredRef,
	writeMirroredRevision,
} from "./mirror-refs.js";
import { recordShadowedRead } from "./mirror-shadowed.js";
import { recordMirroredWeights } from "./mirror-weights.js";
import { isSpecialKind, qualifiedRef } from "./ref-names.js";
import type { ListedPullRequest } from "./refs.js";
import { removeRepo } from "./repo-admin.js";
import { type IngestResult, ingestSnapshot } from "./repo-ingest.js";
import { findRepo, PLACEHOLDER_TAG, type Repo, type RepoType, repoKey } from "./repos.js";

type MirrorDeps = Pick<HubDeps, "db" | "blobStore" | "logger" | "config">;

export interface MirroredRevision {
	revision: SourceRevision;
	files: MirroredFile[];
	result: IngestResult;
}

/**
 * Copies `source`'s revision into `target` (default: the same id) and commits it under the
 * upstream's commit id, on `ref` (default `main`). `onFile` hears of each file as it is stored.
 * With `lazyLfs` the LFS files are recorded without their bytes (mirror.ts `deferredLfsFile`),
 * fetched when asked for; `wanted` says which files to fetch now, the others' LFS files recorded
 * so (a regular file is always copied: a commit needs its bytes).
 */
export async function mirrorRevision(
	deps: MirrorDeps,
	source: MirrorSource,
	options: {
		target?: string;
		revision?: SourceRevision;
		lazyLfs?: boolean;
		wanted?: (path: string) => boolean;
		ref?: MirrorRef;
		onFile?: (file: MirroredFile) => void;
	} = {},
): Promise<MirroredRevision> {
	const revision = options.revision ?? (await readSourceRevision(source));
	const workDir = join(deps.config.dataDir, "mirror");
	const files: MirroredFile[] = [];
	for (const file of revision.files) {
		const later = options.lazyLfs || (options.wanted && !options.wanted(file.path));
		const mirrored =
			(await heldFile(deps, file)) ??
			(later ? deferredLfsFile(file) : undefined) ??
			(await mirrorFile(source, revision.sha, file, { blobStore: deps.blobStore, workDir }));
		options.onFile?.(mirrored);
		files.push(mirrored);
	}
	const result = await ingestSnapshot(deps, {
		type: source.type,
		id: options.target ?? source.id,
		files,
		summary: `Mirror of ${source.id} at ${revision.sha} from ${new URL(source.from).origin}`,
		private: revision.private,
		gated: revision.gated,
		upstream: { hub: sourceBaseUrl(source.from), id: source.id, sha: revision.sha },
		ref: options.ref,
	});
	if (result.changed) {
		await recordMirroredWeights(deps, result.repo, source, revision.sha).catch((error) =>
			deps.logger.warn(`Could not read the weights' headers of ${source.id} upstream: ${(error as Error).message}`),
		);
	}
	return { revision, files, result };
}

/**
 * Makes the mirror's ref `found.ref` name the upstream commit it names there: the ref `held` (as
 * last read) only noted as still right, a commit held here only named, another one copied first.
 */
export async function followSourceRef(
	deps: MirrorDeps,
	repo: Repo,
	source: MirrorSource,
	options: { found: SourceRef; held?: HeldRef; lazyLfs: boolean },
): Promise<void> {
	const { found, held } = options;
	if (held && held.kind === found.ref.kind && held.sha === found.sha) {
		await touchMirroredRef(deps.db, repo.key, held);
		return;
	}
	if (await holdsCommit(deps.db, repo.key, found.sha)) {
		await writeMirroredRevision(deps, repo, { ref: found.ref, sha: found.sha, files: [], summary: "" });
		return;
	}
	const read = await readSourceRevision({ ...source, revision: found.sha });
	if (read.private) return;
	await mirrorRevision(deps, source, { revision: read, lazyLfs: options.lazyLfs, ref: found.ref, target: repo.id });
}

/** The caching mirror's settings (config.ts): present when `HUBKIT_UPSTREAM` is set. */
type UpstreamSettings = Pick<
	HubConfig,
	"upstream" | "upstreamToken" | "upstreamOffline" | "mirrorRefreshSeconds" | "upstreamAllow" | "upstreamDeny"
>;

export class UpstreamMirror {
	readonly #inFlight = new Map<string, Promise<void>>();
	/** When each mirror's refs listing was last read from the upstream, by repo key (this process's). */
	readonly #refsListedAt = new Map<string, string>();
	/** The upstream's pull requests as its last listing with them named them, by repo key. */
	readonly #pullRequestsListed = new Map<string, ListedPullRequest[]>();

	constructor(
		readonly deps: MirrorDeps,
		readonly settings: UpstreamSettings & { upstream: string },
	) {}

	/**
	 * Makes the repository, and the revision a read names when it is not `main`, as fresh as the
	 * settings ask before the read is answered.
	 */
	ensure(type: RepoType, id: string, revision?: string): Promise<void> {
		const other = revision !== undefined && !isMainRevision(revision) ? revision : undefined;
		return this.#once(type, id, other ?? "", () =>
			other === undefined ? this.#ensure(type, id) : this.#ensureRevision(type, id, other),
		);
	}

	/**
	 * For a listing of the repository's refs: every branch, tag and conversion the upstream lists
	 * becomes the mirror's (their LFS files lazy, as any revision's); with `pullRequests` the
	 * upstream's pull requests are noted (`pullRequestsListed`), each copied only when a read names
	 * it. Refs it no longer lists are dropped. The upstream's listing is read again once
	 * HUBKIT_MIRROR_REFRESH_SECONDS have passed.
	 */
	ensureRefs(type: RepoType, id: string, options: { pullRequests?: boolean } = {}): Promise<void> {
		const pullRequests = options.pullRequests === true;
		// A name no revision can have: refs listings do not wait on a revision's fetch, nor it on them.
		const what = pullRequests ? "\u0000refs+pr" : "\u0000refs";
		return this.#once(type, id, what, () => this.#ensureRefs(type, id, pullRequests));
	}

	/**
	 * The upstream's pull requests as the last `ensureRefs` with `pullRequests` read them (copied
	 * here or not); undefined when it could not, and what is held answers.
	 */
	pullRequestsListed(type: RepoType, id: string): ListedPullRequest[] | undefined {
		return this.#pullRequestsListed.get(repoKey(type, id));
	}

	/** One run of `work` per repository and `what` at a time: callers asking together wait for the same one. */
	#once(type: RepoType, id: string, what: string, work: () => Promise<void>): Promise<void> {
		const key = `${repoKey(type, id)}\u0000${what}`;
		const running = this.#inFlight.get(key);
		if (running) return running;
		const run = work().finally(() => this.#inFlight.delete(key));
		this.#inFlight.set(key, run);
		return run;
	}

	async #ensureRefs(type: RepoType, id: string, pullRequests: boolean): Promise<void> {
		await this.ensure(type, id);
		if (this.settings.upstreamOffline || !this.#mayMirror(id)) return;
		const repo = await findRepo(this.deps.db, type, id);
		const listing = `${repo?.key}${pullRequests ? "\u0000pr" : ""}`;
		if (!repo || repo.mirrorOf === null || !this.#old(this.#refsListedAt.get(listing))) return;
		let listed: Awaited<ReturnType<typeof readSourceRefs>>;
		try {
			listed = await readSourceRefs(this.#source(type, id, "main"), { pullRequests });
		} catch (error) {
			if (!(error instanceof MirrorError)) throw error;
			this.deps.logger.warn(`Listing the refs of the mirror of ${id} as they are: ${error.message}`);
			// What is held is listed, as with the upstream unreachable from the start.
			if (pullRequests) this.#pullRequestsListed.delete(repo.key);
			return;
		}
		this.#refsListedAt.set(listing, new Date().toISOString());
		if (pullRequests) {
			const heads = listed.filter((found) => found.ref.kind === "pr");
			this.#pullRequestsListed.set(
				repo.key,
				heads.map((found) => ({ name: found.ref.name, sha: found.sha })),
			);
		}
		for (const found of listed) {
			if (found.ref.name === "main" && found.ref.kind === "branch") continue;
			// A repository may have hundreds of pull requests: each is copied when it is read.
			if (found.ref.kind === "pr") continue;
			const qualified = qualifiedRef(found.ref);
			// Keyed as a read of the revision is (a branch or tag by its bare name): the two never fetch it at once.
			const key = isSpecialKind(found.ref.kind) ? qualified : found.ref.name;
			await this.#once(type, id, key, () => this.#ensureRevision(type, id, qualified, found)).catch((error) => {
				this.deps.logger.warn(`Could not mirror ${qualified} of ${id}: ${(error as Error).message}`);
			});
		}
		for (const held of await heldRefs(this.deps.db, repo.key)) {
			// A listing without pull requests says nothing of them.
			if (held.kind === "pr" && !pullRequests) continue;
			const still = listed.some((found) => found.ref.kind === held.kind && found.ref.name === held.name);
			if (!still) await forgetMirroredRef(this.deps.db, repo, held);
		}
	}

	/** `known`: what the revision names upstream, when a listing just read it. */
	async #ensureRevision(type: RepoType, id: string, revision: string, known?: SourceRef): Promise<void> {
		// The repository, its record and card come from `main`: it is made sure of first.
		await this.ensure(type, id);
		if (this.settings.upstreamOffline || !this.#mayMirror(id)) return;
		const repo = await findRepo(this.deps.db, type, id);
		if (!repo || repo.mirrorOf === null) return;
		// A commit never changes: once held, never asked again. A branch or tag is, once old.
		const byId = isCommitId(revision);
		const held = byId ? undefined : await heldRef(this.deps.db, repo.key, revision);
		if (byId ? await holdsCommit(this.deps.db, repo.key, revision) : held && !this.#old(held.refreshedAt)) return;
		try {
			await this.#fetchRevision(repo, revision, held, known);
		} catch (error) {
			if (!(error instanceof MirrorError)) throw error;
			if (error.status !== undefined && error.status < 500) return;
			if (held) {
				this.deps.logger.warn(`Serving ${revision} of the mirror of ${id} as it is: ${error.message}`);
				return;
			}
			throw new HubError(
				502,
				`${id} at ${revision} is not mirrored here yet and the upstream failed: ${error.message}`,
			);
		}
	}

	async #fetchRevision(repo: Repo, revision: string, held: HeldRef | undefined, known?: SourceRef): Promise<void> {
		const source = this.#source(repo.type, repo.id, revision);
		const found = known ?? (await readSourceRef(source, revision));
		if (!found) {
			// The upstream names nothing by it (any more): answered here as any unknown revision.
			if (held) await forgetMirroredRef(this.deps.db, repo, held);
			return;
		}
		await followSourceRef(this.deps, repo, source, { found, held, lazyLfs: true });
	}

	#source(type: RepoType, id: string, revision: string): MirrorSource {
		return { from: this.settings.upstream, type, id, revision, token: this.settings.upstreamToken };
	}

	/** Whether an upstream read at `at` is older than the settings allow. */
	#old(at: string | undefined): boolean {
		const age = Date.now() - Date.parse(at ?? "");
		return !(age < this.settings.mirrorRefreshSeconds * 1000);
	}

	async #ensure(type: RepoType, id: string): Promise<void> {
		if (this.settings.upstreamOffline || !this.#mayMirror(id)) return;
		const found = await findRepo(this.deps.db, type, id);
		// A placeholder of the sample catalogue (a real name without files) yields to the real repository.
		const placeholder = found && found.mirrorOf === null && (await this.#placeholder(found)) ? found : undefined;
		const repo = placeholder ? undefined : found;
		if (repo?.mirrorOf === null) return;
		if (!repo && (await this.#localNamespace(id))) {
			// Never asked upstream; recorded so site administrators see the local name hiding it.
			await recordShadowedRead(this.deps, type, id);
			return;
		}
		if (repo && !(await this.#stale(repo.key))) return;
		try {
			await this.#fetch(type, id, repo?.sha, placeholder);
		} catch (error) {
			if (!(error instanceof MirrorError)) throw error;
			// The upstream has no such public repository: answered here as any missing one.
			if (error.status !== undefined && error.status < 500) return;
			if (repo) {
				this.deps.logger.warn(`Serving the mirror of ${id} as it is: ${error.message}`);
				return;
			}
			throw new HubError(502, `${id} is not mirrored here yet and the upstream failed: ${error.message}`);
		}
	}

	async #fetch(type: RepoType, id: string, heldSha: string | undefined, placeholder?: Repo): Promise<void> {
		const source = this.#source(type, id, "main");
		const revision = await readSourceRevision(source);
		if (revision.private) return;
		if (placeholder) await removeRepo(this.deps.db, placeholder);
		if (revision.sha !== heldSha) await mirrorRevision(this.deps, source, { revision, lazyLfs: true });
		await this.deps.db
			.updateTable("mirrored_repos")
			.set({ refreshed_at: new Date().toISOString() })
			.where("repo_id", "=", repoKey(type, id))
			.execute();
	}

	/** Whether the sample catalogue made this model as a placeholder (seed/catalogue/model.ts). */
	async #placeholder(repo: Repo): Promise<boolean> {
		if (repo.type !== "model") return false;
		const tag = await this.deps.db
			.selectFrom("model_tags")
			.select("tag")
			.where("model_id", "=", repo.id)
			.where("tag", "=", PLACEHOLDER_TAG)
			.executeTakeFirst();
		return tag !== undefined;
	}

	/** The operator's lists: denied namespaces and ids never, and when there is an allow list, only what it names. */
	#mayMirror(id: string): boolean {
		const key = id.toLowerCase();
		const named = (names: string[]) => names.some((name) => name === key || name === key.slice(0, key.indexOf("/")));
		if (named(this.settings.upstreamDeny)) return false;
		return this.settings.upstreamAllow.length === 0 || named(this.settings.upstreamAllow);
	}

	/**
	 * Whether the main revision was read from the upstream longer ago than the settings allow, or
	 * never (a mirror `hubkit mirror --revision` made holds another revision only).
	 */
	async #stale(key: string): Promise<boolean> {
		const row = await this.deps.db
			.selectFrom("mirrored_repos")
			.select(["refreshed_at", "upstream_sha"])
			.where("repo_id", "=", key)
			.executeTakeFirst();
		return !row?.upstream_sha || this.#old(row.refreshed_at);
	}

	/** A namespace an account or organisation holds here: the upstream's of that name are not fetched. */
	async #localNamespace(id: string): Promise<boolean> {
		const namespace = id.slice(0, id.indexOf("/")).toLowerCase();
		const account = await this.deps.db
			.selectFrom("users")
			.select("id")
			.where((eb) => eb(eb.fn("lower", ["name"]), "=", namespace))
			.where("site_managed", "=", 0)
			.executeTakeFirst();
		return account !== undefined;
	}
}
