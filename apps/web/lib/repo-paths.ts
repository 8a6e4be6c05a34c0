/**
 * Where a repository lives, for either type: its JSON routes under `/api/models/…` or
 * `/api/datasets/…`, and its page at `/{id}` or `/datasets/{id}`. Shared by the server
 * and the browser (no server-only imports), so components take a type and an id.
 */
export type RepoType = "model" | "dataset";

export const encodeRepoId = (id: string) => id.split("/").map(encodeURIComponent).join("/");

export function repoApiPath(type: RepoType, id: string): string {
	return `/api/${type}s/${encodeRepoId(id)}`;
}

export function repoPagePath(type: RepoType, id: string): string {
	return type === "dataset" ? `/datasets/${encodeRepoId(id)}` : `/${encodeRepoId(id)}`;
}

/** The sign-in page, coming back to `next` (a path on this site) afterwards. */
export const signInPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;
