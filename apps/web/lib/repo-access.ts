/**
 * The visitor's standing with one repository, read on the server with their session:
 * `GET …/access` (gated, their request's status, whether they may download, write or administer)
 * and whether they like it (`GET /api/users/{name}/likes`).
 */
import "server-only";
import { cache } from "react";
import { type RepoType, repoApiPath } from "./paths";
import { getSessionUser, readAsVisitor } from "./session";

export type AccessStatus = "pending" | "accepted" | "rejected";

export interface RepoAccess {
	gated: false | "auto" | "manual";
	status: AccessStatus | null;
	mayDownload: boolean;
	mayWrite: boolean;
	/** Settings, access requests, moving and deleting: the owner or an organisation's admins. */
	mayAdmin: boolean;
}

export interface ViewerStanding {
	/** The signed-in person's name, if any. */
	viewer?: string;
	access: RepoAccess;
	liked: boolean;
}

const NO_ACCESS: RepoAccess = { gated: false, status: null, mayDownload: true, mayWrite: false, mayAdmin: false };

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
