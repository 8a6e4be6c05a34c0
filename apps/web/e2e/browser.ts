/**
 * One Chromium per test file: Debian's /usr/bin/chromium, headless, driven by
 * playwright-core (no browser download). Screenshots go to .test-results/screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
	type Browser,
	type BrowserContext,
	chromium,
	errors,
	type Page,
	type Request,
	type Response,
} from "playwright-core";
import { inject } from "vitest";

export const SCREENSHOT_DIR = join(new URL("../../..", import.meta.url).pathname, ".test-results", "screenshots");

export function siteUrl(path = "/"): string {
	return new URL(path, inject("siteUrl")).href;
}

export async function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
		headless: true,
		args: ["--headless", "--no-sandbox", "--disable-gpu"],
	});
}

export async function newContext(
	browser: Browser,
	options: { width?: number; height?: number; colorScheme?: "light" | "dark" } = {},
): Promise<BrowserContext> {
	return browser.newContext({
		viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
		colorScheme: options.colorScheme ?? "light",
		baseURL: inject("siteUrl"),
	});
}

/**
 * Waits until streamed sections have replaced their loading states: the document's
 * load event can come before React reveals the last Suspense boundary.
 */
export async function settle(page: Page): Promise<void> {
	await page.locator(".loading-state").first().waitFor({ state: "detached" });
}

/**
 * Opens a page of the site and waits for it to settle. A navigation that times out says
 * which requests were still open and whether their answers had begun: a page that never
 * loads is a fault of the site or the hub, and the failure should point at it.
 */
export async function visit(page: Page, path: string): Promise<void> {
	const open = new Map<Request, { since: number; answered: boolean }>();
	const started = (request: Request) => open.set(request, { since: Date.now(), answered: false });
	const answered = (response: Response) => {
		const entry = open.get(response.request());
		if (entry) entry.answered = true;
	};
	const ended = (request: Request) => open.delete(request);
	page.on("request", started);
	page.on("response", answered);
	page.on("requestfinished", ended);
	page.on("requestfailed", ended);
	try {
		await page.goto(siteUrl(path));
	} catch (error) {
		if (!(error instanceof errors.TimeoutError)) throw error;
		const now = Date.now();
		const lines = [...open].map(
			([request, entry]) =>
				`  ${request.method()} ${request.url()} (${request.resourceType()}, open ${now - entry.since} ms, ${entry.answered ? "answer begun" : "no answer seen"})`,
		);
		throw new Error(`${error.message}\nRequests still open:\n${lines.join("\n") || "  none"}`);
	} finally {
		page.off("request", started);
		page.off("response", answered);
		page.off("requestfinished", ended);
		page.off("requestfailed", ended);
	}
	await settle(page);
}

/**
 * Whole pages up to this height; a longer one (the docs) is kept to what the window shows: a
 * capture of the whole docs page, clipped or not, took over 30 s under load.
 */
const FULL_PAGE_MAX_HEIGHT = 6000;

export async function screenshot(page: Page, name: string): Promise<void> {
	await settle(page);
	// The header's account corner asks the hub who is signed in after the page paints; a picture
	// taken before it answers shows an empty corner that no person would see for long.
	await page.waitForFunction(() => {
		const corner = document.querySelector(".header-account");
		return !corner || corner.querySelector("a, img") !== null;
	});
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const height = await page.evaluate(() => document.documentElement.scrollHeight);
	await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: height <= FULL_PAGE_MAX_HEIGHT });
}
