/**
 * Public profiles of users and organisations (`/api/users/{name}/overview`,
 * `/api/organizations/{name}/overview`) and the models they own, read with the
 * visitor's cookie so a person sees their own private models (and datasets) too.
 */
import "server-only";
import { cache } from "react";
import type { ModelListItem } from "./hub";
import { readAsVisitor } from "./session";

export type SocialLinks = Partial<Record<"github" | "x" | "linkedin" | "bluesky" | "website", string | null>>;

interface OverviewBase {
	name: string;
	fullname: string | null;
	avatarUrl: string;
	bio: string | null;
	links: SocialLinks;
	createdAt: string;
	numModels: number;
}

export interface UserOverview extends OverviewBase {
	type: "user";
	isAdmin: boolean;
	orgs: { name: string; fullname: string | null; avatarUrl: string }[];
}

export interface OrgOverview extends OverviewBase {
	type: "org";
	numMembers: number;
}

/** A user's or an organisation's overview, or undefined when the name is neither. Once per request. */
export const getOverview = cache(async (name: string): Promise<UserOverview | OrgOverview | undefined> => {
	const encoded = encodeURIComponent(name);
	const user = await readAsVisitor<UserOverview>(`/api/users/${encoded}/overview`);
	if (user) return { ...user, type: "user" };
	const org = await readAsVisitor<OrgOverview>(`/api/organizations/${encoded}/overview`);
	return org ? { ...org, type: "org" } : undefined;
});

export async function getModelsBy(author: string): Promise<ModelListItem[]> {
	return (
		(await readAsVisitor<ModelListItem[]>(
			`/api/models?author=${encodeURIComponent(author)}&sort=lastModified&limit=100`,
		)) ?? []
	);
}

/** A dataset in a list (`GET /api/datasets`): what a profile shows of it. */
export interface DatasetListItem {
	id: string;
	downloads: number;
	likes: number;
	lastModified: string;
	private: boolean;
}

export async function getDatasetsBy(author: string): Promise<DatasetListItem[]> {
	return (
		(await readAsVisitor<DatasetListItem[]>(
			`/api/datasets?author=${encodeURIComponent(author)}&sort=lastModified&limit=100`,
		)) ?? []
	);
}
