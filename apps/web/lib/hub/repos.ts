/**
 * What models and datasets share, read as the visitor: the listing (`GET /api/models`,
 * `GET /api/datasets`, with its cursor and counts), one repository's info, the files on `main`,
 * the card (README.md), and the visitor's standing with the repository: `GET …/access` (gated,
 * their request's status, whether they may download, write or administer) and whether
 * they like it (`GET /api/users/{name}/likes`).
 */
import "server-only";
import { cache } from "react";
import { type RepoType, repoApiPath, repoPagePath } from "../paths";
import { failure, hubAsVisitor, isMissing, type PageInfo, pageInfoOf, readAsVisitor } from "./fetch";
import { getSessionUser } from "./users";

/** A listing's query: the values that are set, in the order given; one `filter` per tag; 30 a page unless told. */
export function listingQueryString<Query extends { filter?: string[]; limit?: number }>(
	query: Query,
	keys: readonly (keyof Query & string)[],
): string {
	const params = new URLSearchParams();
	for (const key of keys) {
		const value = query[key];
		if (typeof value === "string" && value) params.set(key, value);
	}
	for (const tag of query.filter ?? []) params.append("filter", tag);
	params.set("limit", String(query.limit ?? 30));
	return params.toString();
}

const listingPath = (type: RepoType) => `/api/${type}s`;

/** One page of a listing and where the next one starts. */
export async function listRepos<Item>(type: RepoType, queryString: string): Promise<{ items: Item[] } & PageInfo> {
	const response = await hubAsVisitor(`${listingPath(type)}?${queryString}`);
	if (!response.ok) throw await failure(response);
	return { items: (await response.json()) as Item[], ...pageInfoOf(response.headers) };
}

/**
 * One repository's info, or undefined when the hub has none by that id (or the visitor may not
 * see it). A renamed id is answered with a 307 that fetch follows, so the `id` is the current one.
 */
export async function getRepoInfo<Info>(type: RepoType, id: string): Promise<Info | undefined> {
	const response = await hubAsVisitor(repoApiPath(type, id));
	if (isMissing(response)) return undefined;
	if (!response.ok) throw await failure(response);
	return (await response.json()) as Info;
}

/** A profile's repositories, newest change first (private ones too when the visitor may see them). */
export async function getReposBy<Item>(type: RepoType, author: string): Promise<Item[]> {
	return (
		(await readAsVisitor<Item[]>(
			`${listingPath(type)}?author=${encodeURIComponent(author)}&sort=lastModified&limit=100`,
		)) ?? []
	);
}

export interface TreeEntry {
	type: "file" | "directory";
	path: string;
	size: number;
	oid: string;
	lfs?: { oid: string; size: number; pointerSize: number };
}

/** Every file and folder on `main`, or none when the repository is missing. */
export async function getRepoTree(type: RepoType, id: string): Promise<TreeEntry[]> {
	const response = await hubAsVisitor(`${repoApiPath(type, id)}/tree/main?recursive=true&limit=1000`);
	if (isMissing(response)) return [];
	if (!response.ok) throw await failure(response);
	return (await response.json()) as TreeEntry[];
}

/** A model's or dataset's card (README.md on main), or undefined when it has none. */
export async function getRepoReadme(type: RepoType, id: string): Promise<string | undefined> {
	const response = await hubAsVisitor(`${repoPagePath(type, id)}/raw/main/README.md`);
	if (response.status === 404 || response.status === 401) return undefined;
	if (!response.ok) throw await failure(response);
	return await response.text();
}

export type AccessStatus = "pending" | "accepted" | "rejected";

export interface RepoAccess {
	gated: false | "auto" | "manual";
	status: AccessStatus | null;
	mayDownload: boolean;
	mayWrite: boolean;
	/** Settings, access requests, moving and deleting: the owner or an organisation's admins. */
	mayAdmin: boolean;
	/** The upstream repository's URL when this one mirrors it (read-only here, not served over git). */
	mirrorOf: string | null;
}

export interface ViewerStanding {
	/** The signed-in person's name, if any. */
	viewer?: string;
	access: RepoAccess;
	liked: boolean;
}

const NO_ACCESS: RepoAccess = {
	gated: false,
	status: null,
	mayDownload: true,
	mayWrite: false,
	mayAdmin: false,
	mirrorOf: null,
};

export interface LikedRepo {
	createdAt: string;
	repo: { name: string; type: RepoType };
}

export async function getLikesOf(name: string): Promise<LikedRepo[]> {
	return (await readAsVisitor<LikedRepo[]>(`/api/users/${encodeURIComponent(name)}/likes`)) ?? [];
}

/** Once per request: the layout and the page both ask. */
export const getViewerStanding = cache(async (type: RepoType, id: string): Promise<ViewerStanding> => {
	const [user, access] = await Promise.all([
		getSessionUser(),
		readAsVisitor<RepoAccess>(`${repoApiPath(type, id)}/access`),
	]);
	if (!user) return { access: access ?? NO_ACCESS, liked: false };
	const likes = await getLikesOf(user.name);
	const liked = likes.some((like) => like.repo.type === type && like.repo.name === id);
	return { viewer: user.name, access: { ...NO_ACCESS, ...access }, liked };
});
