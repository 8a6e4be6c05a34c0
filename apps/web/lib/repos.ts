/**
 * Models and datasets share one shape of pages and files: a model lives at `/{id}`,
 * a dataset at `/datasets/{id}` (the paths clients build, and the hub's file routes
 * under them: `…/resolve/main/…`). Safe on both server and client.
 */
export type RepoType = "model" | "dataset";

export const encodeRepoId = (id: string) => id.split("/").map(encodeURIComponent).join("/");

/** The repository's page on this site, and the prefix of its `resolve`/`raw` URLs. */
export function repoWebPath(type: RepoType, id: string): string {
	return type === "model" ? `/${encodeRepoId(id)}` : `/datasets/${encodeRepoId(id)}`;
}

/** Where the hub's JSON API has it: `/api/models/{id}` or `/api/datasets/{id}`. */
export function repoApiPath(type: RepoType, id: string): string {
	return `/api/${type}s/${encodeRepoId(id)}`;
}
