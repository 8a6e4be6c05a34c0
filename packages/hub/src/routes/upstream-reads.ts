/**
 * With `HUBKIT_UPSTREAM` set: before a read names a repository (its info, revision, tree, refs,
 * commits, paths-info, or a file through `/resolve`), the caching mirror makes sure it is here and
 * fresh (services/upstream-mirror.ts); the route then answers from what this hub holds, as for any
 * repository. Writes never reach the upstream.
 */
import type { MiddlewareHandler } from "hono";
import type { HubEnv } from "../deps.js";
import type { RepoType } from "../services/repos.js";
import type { UpstreamMirror } from "../services/upstream-mirror.js";
import { repoIdProblem } from "../storage/repo-path.js";

/** `/api/models/{ns}/{name}…` and `/api/datasets/{ns}/{name}…`. */
const API_READ = /^\/api\/(models|datasets)\/([^/]+)\/([^/]+)(?:\/|$)/;
/** `/{ns}/{name}/resolve/…` and `/datasets/{ns}/{name}/resolve/…`. */
const RESOLVE = /^\/(datasets\/)?([^/]+)\/([^/]+)\/resolve\//;

/** The repository a read names, if any. */
export function repositoryReadBy(method: string, path: string): { type: RepoType; id: string } | undefined {
	const get = method === "GET" || method === "HEAD";
	const api = API_READ.exec(path);
	if (api && (get || (method === "POST" && path.includes("/paths-info/")))) {
		return named(api[1] === "datasets" ? "dataset" : "model", api[2], api[3]);
	}
	const resolve = get ? RESOLVE.exec(path) : null;
	return resolve ? named(resolve[1] ? "dataset" : "model", resolve[2], resolve[3]) : undefined;
}

function named(type: RepoType, namespace?: string, name?: string): { type: RepoType; id: string } | undefined {
	const id = idOf(namespace, name);
	return id === undefined ? undefined : { type, id };
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
		if (named) await mirror.ensure(named.type, named.id);
		await next();
	};
}
