/**
 * A repository the Files tab works on: its type and id. Models live at `/{id}` and
 * `/api/models/{id}`, datasets at `/datasets/{id}` and `/api/datasets/{id}`; the
 * writing components take one of these so dataset pages can reuse them.
 */
export type RepoType = "model" | "dataset";

export interface RepoRef {
	type: RepoType;
	id: string;
}

export const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** `/api/models/{id}` or `/api/datasets/{id}`. */
export function repoApiPath(repo: RepoRef): string {
	return `/api/${repo.type}s/${encodePath(repo.id)}`;
}

/** The repository's page: `/{id}` or `/datasets/{id}`. */
export function repoPagePath(repo: RepoRef): string {
	return `${repo.type === "dataset" ? "/datasets" : ""}/${encodePath(repo.id)}`;
}

/** A file's bytes as stored (`raw`: an LFS file's pointer is not what `resolve` gives, so editors read `resolve`). */
export function resolvePath(repo: RepoRef, revision: string, path: string): string {
	return `${repoPagePath(repo)}/resolve/${encodeURIComponent(revision)}/${encodePath(path)}`;
}
