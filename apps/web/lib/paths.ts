/**
 * Where things live on this site and on the hub, for the server and the browser alike
 * (no server-only imports). A model lives at `/{id}`, a dataset at `/datasets/{id}`
 * (the paths clients build, and the hub's file routes under them: `…/resolve/main/…`);
 * their JSON routes are `/api/models/{id}` and `/api/datasets/{id}`.
 */
export type RepoType = "model" | "dataset";

/** A repository the Files tab and the editors work on: its type and id. */
export interface RepoRef {
	type: RepoType;
	id: string;
}

/** Each `/`-separated segment escaped on its own: repository ids and file paths keep their slashes. */
export const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** Where the hub's JSON API has it: `/api/models/{id}` or `/api/datasets/{id}`. */
export function repoApiPath(type: RepoType, id: string): string {
	return `/api/${type}s/${encodePath(id)}`;
}

/** The repository's page on this site, and the prefix of its `resolve`/`raw` URLs. */
export function repoPagePath(type: RepoType, id: string): string {
	return type === "dataset" ? `/datasets/${encodePath(id)}` : `/${encodePath(id)}`;
}

/** A file's bytes as stored (`raw` gives an LFS file's pointer, not its content, so editors read `resolve`). */
export function resolvePath(repo: RepoRef, revision: string, path: string): string {
	return `${repoPagePath(repo.type, repo.id)}/resolve/${encodeURIComponent(revision)}/${encodePath(path)}`;
}

/** The sign-in page, coming back to `next` (a path on this site) afterwards. */
export const signInPath = (next: string) => `/login?next=${encodeURIComponent(next)}`;

/** Where `?next=` may send someone after signing in: a path on this site, nothing else. */
export function safeNextPath(next: string | string[] | undefined): string {
	const value = Array.isArray(next) ? next[0] : next;
	if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
	// A URL parsed against a dummy origin must stay on it (no scheme, no host smuggled in).
	const parsed = new URL(value, "http://site.invalid");
	if (parsed.origin !== "http://site.invalid") return "/";
	return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** An avatar URL from the hub as a path on this origin (the hub builds them absolute from its public URL). */
export function avatarPath(avatarUrl: string | undefined, name: string): string {
	if (avatarUrl) {
		try {
			const path = new URL(avatarUrl, "http://site.invalid").pathname;
			if (path.startsWith("/api/avatars/")) return path;
		} catch {
			// Not a URL: fall back to the generated one.
		}
	}
	return `/api/avatars/${encodeURIComponent(name)}.svg`;
}
