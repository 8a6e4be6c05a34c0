/**
 * The site's one way to the hub on the server: its public HTTP API at `HUBKIT_HUB_URL`.
 * Pages never import the hub's code, so the site can run (and scale) apart from it.
 * Every call is made per request (`connection()`): the hub's data changes while the
 * site runs, and the build must not try to reach a hub. Reads go as the visitor (their
 * `hubkit_session` cookie is passed on), so private repositories, settings and tokens
 * show to those who may see them. Only GET requests are made from here; every change is
 * the browser's own same-origin call (`browser.ts`), which the hub's CSRF rule accepts.
 */
import "server-only";
import { cookies } from "next/headers";
import { connection } from "next/server";

const SESSION_COOKIE = "hubkit_session";

/** The hub's address as the site reaches it (loopback by default). */
export function hubUrl(): string {
	return (process.env.HUBKIT_HUB_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
}

/** The hub answered with an error the page cannot turn into "not found". */
export class HubRequestError extends Error {
	readonly status: number;
	constructor(status: number, message: string) {
		super(message);
		this.name = "HubRequestError";
		this.status = status;
	}
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

/** A GET that is the same for everyone (no cookie): the hub's catalogue of providers and tasks. */
export async function readPublic(path: string): Promise<unknown> {
	await connection();
	try {
		const response = await fetch(`${hubUrl()}${path}`, { cache: "no-store", headers: { Accept: "application/json" } });
		if (!response.ok) return undefined;
		return (await response.json()) as unknown;
	} catch {
		return undefined;
	}
}

/** Fetches a hub file for the site's own asset routes (the image optimizer reads them in process). */
export async function fetchHubAsset(path: string): Promise<Response> {
	return fetch(`${hubUrl()}${path}`, { cache: "no-store" });
}

export async function failure(response: Response): Promise<HubRequestError> {
	let message = `The hub answered ${response.status}`;
	try {
		const body = (await response.json()) as { error?: unknown };
		if (typeof body.error === "string") message = body.error;
	} catch {
		// Not the hub's JSON error shape: keep the status line.
	}
	return new HubRequestError(response.status, message);
}

/** A missing repository and one the visitor may not see look the same (401/404 RepoNotFound). */
export function isMissing(response: Response): boolean {
	return (
		response.status === 404 || (response.status === 401 && response.headers.get("x-error-code") === "RepoNotFound")
	);
}

/** Where a listing goes on and how long it is, from its headers. */
export interface PageInfo {
	/** The hub's opaque cursor for the next page; absent on the last page. */
	nextCursor?: string;
	/** Only when the hub sends `X-Total-Count` (it does not count searches). */
	total?: number;
	/** The hub stopped counting here (`X-Total-Count-At-Least`): there are this many or more. */
	totalAtLeast?: number;
}

/** The `cursor` parameter of the `Link: <…>; rel="next"` URL. */
export function nextCursorOf(link: string | null): string | undefined {
	const match = link?.match(/<([^>]+)>;\s*rel="next"/);
	if (!match?.[1]) return undefined;
	return new URL(match[1]).searchParams.get("cursor") ?? undefined;
}

/** A listing's `Link` and count headers as a page's cursor and totals (a count that is not a whole number is dropped). */
export function pageInfoOf(headers: Headers): PageInfo {
	const count = (name: string) => {
		const value = Number(headers.get(name) ?? Number.NaN);
		return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
	};
	return {
		nextCursor: nextCursorOf(headers.get("link")),
		total: count("x-total-count"),
		totalAtLeast: count("x-total-count-at-least"),
	};
}
