/**
 * With `HUBKIT_UPSTREAM` set: before a read names a repository (its info, revision, tree, refs,
 * commits, paths-info, or a file through `/resolve`), the caching mirror makes sure it is here and
 * fresh (services/upstream-mirror.ts), and the revision the read names too when it is not `main`,
 * or every branch and tag for a listing of them (`/refs`); the route then answers from what this
 * hub holds, as for any repository. Writes never reach the upstream. A revision is one path
 * segment, percent-encoded as huggingface_hub sends it
 * (`refs%2Fpr%2F1`, `feature%2Fx`); only `/revision/` takes the rest of the path, slashes and all.
 */
import type { MiddlewareHandler } from "hono";
import type { HubEnv } from "../deps.js";
import type { RepoType } from "../services/repos.js";
import type { UpstreamMirror } from "../services/upstream-mirror.js";
import { repoIdProblem } from "../storage/repo-path.js";
import { isTrue } from "./query.js";

/** `/api/models/{ns}/{name}…` and `/api/datasets/{ns}/{name}…`. */
const API_READ = /^\/api\/(models|datasets)\/([^/]+)\/([^/]+)(?:\/|$)/;
/** `/{ns}/{name}/resolve/{revision}/…` and `/datasets/{ns}/{name}/resolve/{revision}/…`. */
const RESOLVE = /^\/(datasets\/)?([^/]+)\/([^/]+)\/resolve\/([^/]+)\//;
/** What follows the id in an API read that names a revision. */
const API_REVISION = /^(?:revision\/(.+)|(?:tree|paths-info|commits)\/([^/]+))/;

export interface RepositoryRead {
	type: RepoType;
	id: string;
	/** The revision the read names, decoded; undefined when it names none (the repository's `main`). */
	revision?: string;
	/** A listing of the repository's branches and tags (`/refs`): every one the upstream has is wanted. */
	refs?: true;
}

/** The repository a read names, if any, and the revision it names in it. */
export function repositoryReadBy(method: string, path: string): RepositoryRead | undefined {
	const get = method === "GET" || method === "HEAD";
	const api = API_READ.exec(path);
	if (api && (get || (method === "POST" && path.includes("/paths-info/")))) {
		const after = path.slice(api[0].length);
		const rest = API_REVISION.exec(after);
		const read = named(api[1] === "datasets" ? "dataset" : "model", api[2], api[3], rest?.[1] ?? rest?.[2]);
		return read && get && /^refs\/?$/.test(after) ? { ...read, refs: true } : read;
	}
	const resolve = get ? RESOLVE.exec(path) : null;
	return resolve ? named(resolve[1] ? "dataset" : "model", resolve[2], resolve[3], resolve[4]) : undefined;
}

function named(type: RepoType, namespace?: string, name?: string, revision?: string): RepositoryRead | undefined {
	const id = idOf(namespace, name);
	if (id === undefined) return undefined;
	try {
		return { type, id, revision: revision === undefined ? undefined : decodeURIComponent(revision) };
	} catch {
		// Not a revision this hub can read: the route answers it.
		return { type, id };
	}
}

/** The id the path names, when it is one a repository can have (nothing else is asked upstream). */
function idOf(namespace = "", name = ""): string | undefined {
	try {
		const [owner, repo] = [decodeURIComponent(namespace), decodeURIComponent(name).replace(/\.git$/, "")];
		return repoIdProblem(owner, repo) ? undefined : `${owner}/${repo}`;
	} catch {
		return undefined;
	}
}

export function upstreamMirrorMiddleware(mirror: UpstreamMirror): MiddlewareHandler<HubEnv> {
	return async (c, next) => {
		const named = repositoryReadBy(c.req.method, c.req.path);
		if (named?.refs) {
			const pullRequests = isTrue(c.req.query("include_prs"));
			await mirror.ensureRefs(named.type, named.id, { pullRequests });
			if (pullRequests) c.set("upstreamPullRequests", mirror.pullRequestsListed(named.type, named.id));
		} else if (named) await mirror.ensure(named.type, named.id, named.revision);
		await next();
	};
}
