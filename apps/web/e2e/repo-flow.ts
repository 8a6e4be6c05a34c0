/**
 * What the e2e files that write repositories share: dropping files on the upload area as a
 * browser does, reading the Files table's names, and people who sign up through the API and
 * act with their session, in the hub's calls and in a browser context of their own.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { newContext, siteUrl } from "./browser";

/** One dropped file: its text, or random bytes, or a huge size without holding its bytes; a media type if it matters. */
export type DropSpec = { name: string; text?: string; randomBytes?: number; hugeBytes?: number; type?: string };

/** Drops files on the upload area the way a browser does: dragenter, dragover, drop with a DataTransfer. */
export async function dropFiles(target: Page, specs: DropSpec[]): Promise<void> {
	await target.getByTestId("upload-zone").evaluate((zone, specs) => {
		const data = new DataTransfer();
		for (const spec of specs) {
			let parts: BlobPart[] = [spec.text ?? ""];
			if (spec.randomBytes) {
				// getRandomValues fills at most 64 KiB a call.
				const bytes = new Uint8Array(spec.randomBytes);
				for (let start = 0; start < bytes.length; start += 65536) {
					crypto.getRandomValues(bytes.subarray(start, start + 65536));
				}
				parts = [bytes];
			}
			if (spec.hugeBytes) {
				// Many references to one blob: a file of that size without holding its bytes.
				const chunk = new Blob([new Uint8Array(64 * 1024 * 1024)]);
				parts = Array.from({ length: Math.ceil(spec.hugeBytes / chunk.size) }, () => chunk);
			}
			data.items.add(new File(parts, spec.name, spec.type ? { type: spec.type } : {}));
		}
		for (const type of ["dragenter", "dragover", "drop"]) {
			zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
		}
	}, specs);
}

/** The names in the Files table, as shown (an LFS file's name ends with its "LFS" badge). */
export const fileRows = (target: Page) => target.locator(".files-table tbody tr .file-name").allTextContents();

export const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

export interface ApiInit {
	method?: string;
	json?: unknown;
	/** A raw body with its `type` (an NDJSON commit); `json` wins when both are given. */
	body?: string;
	type?: string;
}

/** People who sign up through the API (all with one password) and call the hub as themselves. */
export interface RepoPeople {
	/** Signs `name` up and gives a browser context that holds their session. */
	signUp(browser: Browser, name: string): Promise<BrowserContext>;
	/** A call through the site as `person` (their session cookie; the site's origin satisfies the CSRF rule), or signed out. */
	api(path: string, person: string | undefined, init?: ApiInit): Promise<Response>;
	/** The session cookie's value of someone signed up here. */
	sessionOf(name: string): string;
}

export function repoPeople(password: string): RepoPeople {
	const sessions = new Map<string, string>();
	const api = (path: string, person: string | undefined, init: ApiInit = {}) => {
		const headers: Record<string, string> = { Origin: new URL(siteUrl()).origin };
		if (person) headers.Cookie = `hubkit_session=${sessions.get(person) ?? ""}`;
		let body = init.body;
		if (init.json !== undefined) {
			headers["Content-Type"] = "application/json";
			body = JSON.stringify(init.json);
		} else if (init.type) headers["Content-Type"] = init.type;
		return fetch(siteUrl(path), { method: init.method ?? "GET", headers, body, redirect: "manual" });
	};
	return {
		api,
		sessionOf: (name) => sessions.get(name) ?? "",
		async signUp(browser, name) {
			const answer = await api("/api/auth/signup", undefined, {
				method: "POST",
				json: { username: name, email: `${name}@example.com`, password },
			});
			expect(answer.status).toBe(201);
			const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("hubkit_session="));
			const session = cookie?.split(";")[0]?.split("=")[1] ?? "";
			sessions.set(name, session);
			const context = await newContext(browser);
			await context.addCookies([{ name: "hubkit_session", value: session, url: siteUrl() }]);
			return context;
		},
	};
}

/** The upload area's rejection messages, in the order shown. */
export function uploadRejections(target: Page): Promise<string[]> {
	return target.locator(".upload-rejections li").allTextContents();
}
