/**
 * Reads the hub as the visitor: the browser's `hubkit_session` cookie is passed on,
 * so the hub answers for that person (their settings, tokens, organisations).
 * Only GET requests are made from here; every change is the browser's own
 * same-origin fetch (components/account/hub-call.ts), which the hub's CSRF rule
 * accepts. Per request, never cached: the answer is one person's.
 */
import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";

const SESSION_COOKIE = "hubkit_session";

function hubUrl(): string {
	return (process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
}

/** A GET of the hub's JSON API carrying the visitor's session cookie (when they have one). */
export async function hubAsVisitor(path: string): Promise<Response> {
	await connection();
	const session = (await cookies()).get(SESSION_COOKIE)?.value;
	const headers: Record<string, string> = { Accept: "application/json" };
	if (session) headers.Cookie = `${SESSION_COOKIE}=${session}`;
	return fetch(`${hubUrl()}${path}`, { cache: "no-store", headers });
}

/** The JSON answer, or undefined for any non-2xx status (the caller decides what missing means). */
export async function readAsVisitor<T>(path: string): Promise<T | undefined> {
	const response = await hubAsVisitor(path);
	if (!response.ok) return undefined;
	return (await response.json()) as T;
}

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
	if (!user) redirect(`/login?next=${encodeURIComponent(here)}`);
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

/** Empty when signed out. Site administrators may create in any existing namespace: the form lets them type one. */
export async function getWritableNamespaces(): Promise<WritableNamespace[]> {
	const whoami = await readAsVisitor<{ name?: string; orgs?: OrgMembership[] }>("/api/whoami-v2");
	if (!whoami?.name) return [];
	const orgs = (whoami.orgs ?? []).filter((org) => org.roleInOrg === "write" || org.roleInOrg === "admin");
	return [{ name: whoami.name, kind: "user" }, ...orgs.map((org) => ({ name: org.name, kind: "org" as const }))];
}
