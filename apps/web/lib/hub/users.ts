/**
 * People and organisations, read as the visitor: the signed-in person (`/api/auth/session`,
 * `/api/whoami-v2`) and public profiles (`/api/users/{name}/overview`,
 * `/api/organizations/{name}/overview`). Per request, never cached across requests: the
 * answer is one person's.
 */
import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { signInPath } from "../paths";
import { readAsVisitor } from "./fetch";

export interface SessionUser {
	name: string;
	fullname: string | null;
	email: string | null;
	isAdmin: boolean;
}

export async function getSessionUser(): Promise<SessionUser | undefined> {
	return readAsVisitor<SessionUser>("/api/auth/session");
}

/** The signed-in person, or a redirect to /login that comes back to `here` afterwards. */
export async function requireSessionUser(here: string): Promise<SessionUser> {
	const user = await getSessionUser();
	if (!user) redirect(signInPath(here));
	return user;
}

export interface OrgMembership {
	name: string;
	fullname: string | null;
	avatarUrl: string;
	roleInOrg: "read" | "write" | "admin";
}

/** The visitor's organisations with their role in each, from `/api/whoami-v2`. */
export async function getMyOrganizations(): Promise<OrgMembership[]> {
	const whoami = await readAsVisitor<{ orgs?: OrgMembership[] }>("/api/whoami-v2");
	return whoami?.orgs ?? [];
}

/** A namespace the visitor may create repositories in: their own, or an organisation where they write. */
export interface WritableNamespace {
	name: string;
	kind: "user" | "org";
}

/** Their own name first, then each organisation where they write or administer. */
export function writableNamespacesOf(
	whoami: { name?: string; orgs?: OrgMembership[] } | undefined,
): WritableNamespace[] {
	if (!whoami?.name) return [];
	const orgs = (whoami.orgs ?? []).filter((org) => org.roleInOrg === "write" || org.roleInOrg === "admin");
	return [{ name: whoami.name, kind: "user" }, ...orgs.map((org) => ({ name: org.name, kind: "org" as const }))];
}

/** Empty when signed out. Site administrators may create in any existing namespace: the form lets them type one. */
export async function getWritableNamespaces(): Promise<WritableNamespace[]> {
	return writableNamespacesOf(await readAsVisitor<{ name?: string; orgs?: OrgMembership[] }>("/api/whoami-v2"));
}

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

/** An organisation's overview (or undefined when there is none by that name). */
export async function getOrgOverview(name: string): Promise<OrgOverview | undefined> {
	const org = await readAsVisitor<OrgOverview>(`/api/organizations/${encodeURIComponent(name)}/overview`);
	return org ? { ...org, type: "org" } : undefined;
}

/** A user's or an organisation's overview, or undefined when the name is neither. Once per request. */
export const getOverview = cache(async (name: string): Promise<UserOverview | OrgOverview | undefined> => {
	const user = await readAsVisitor<UserOverview>(`/api/users/${encodeURIComponent(name)}/overview`);
	if (user) return { ...user, type: "user" };
	return getOrgOverview(name);
});
