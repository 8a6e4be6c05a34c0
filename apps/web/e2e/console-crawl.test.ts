/**
 * A visitor's console stays clean. Signed out: the home page, the pages it links to and the
 * pages those link to (same origin), each loaded in Chromium until the network is idle, with
 * every console error, uncaught exception, failed request and 4xx/5xx answer recorded; there
 * must be none (an anonymous page asking `/api/whoami-v2` logs its 401 as an error). Signed in
 * (both themes, 390 and 1280 px): the header shows the avatar without any 401, and after signing
 * out no page asks again.
 *
 * Depth 2 reaches hundreds of addresses (every model, task and file page), and most differ
 * only in their ids; each distinct route shape is loaded once instead: a path's segments are
 * kept where they are the site's fixed words (`tasks`, `tree`, `settings` …) and replaced by
 * `*` where they are ids, with the query's parameter names (not values) appended. The first
 * address found for a shape, in link order from the home page, stands for it.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, settle, siteUrl, visit } from "./browser";

/** Path segments that are the site's own words, not ids. */
const FIXED_SEGMENTS = new Set([
	"tasks",
	"models",
	"datasets",
	"libraries",
	"docs",
	"login",
	"join",
	"new",
	"new-dataset",
	"settings",
	"organizations",
	"members",
	"tree",
	"blob",
	"commits",
	"commit",
	"edit",
	"edit-card",
	"admin",
	"oauth",
	"main",
]);
const VARIANTS = [390, 1280].flatMap((width) =>
	(["light", "dark"] as const).map((colorScheme) => ({ viewport: { width, height: 844 }, colorScheme })),
);
/** Links that download a file rather than open a page. */
const NOT_PAGES = /^\/(api|_next)\/|\/(resolve|raw)\//;

function routeShape(url: URL): string {
	const segments = url.pathname
		.split("/")
		.filter(Boolean)
		.map((segment) => (FIXED_SEGMENTS.has(segment) ? segment : "*"));
	const keys = [...new Set(url.searchParams.keys())].sort();
	return `/${segments.join("/")}${keys.length > 0 ? `?${keys.join("&")}` : ""}`;
}

interface Problems {
	list: string[];
	stop(): void;
}

/** Records what a visitor's console and network panel would show as errors on this page. */
function watch(page: Page): Problems {
	const list: string[] = [];
	const where = () => new URL(page.url()).pathname;
	const onConsole = (message: { type(): string; text(): string }) => {
		if (message.type() === "error") list.push(`${where()}: console: ${message.text()}`);
	};
	const onPageError = (error: Error) => list.push(`${where()}: exception: ${error.message}`);
	const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
		const reason = request.failure()?.errorText ?? "";
		// The router cancels its own link prefetches (`?_rsc=`) when it no longer needs them; the
		// visitor sees nothing of that. Any other failed request is a fault.
		if (reason === "net::ERR_ABORTED" && new URL(request.url()).searchParams.has("_rsc")) return;
		list.push(`${where()}: failed: ${request.url()} ${reason}`);
	};
	const onResponse = (response: { url(): string; status(): number }) => {
		if (response.status() >= 400) list.push(`${where()}: ${response.status()}: ${response.url()}`);
	};
	page.on("console", onConsole);
	page.on("pageerror", onPageError);
	page.on("requestfailed", onFailed);
	page.on("response", onResponse);
	return {
		list,
		stop: () => {
			page.off("console", onConsole);
			page.off("pageerror", onPageError);
			page.off("requestfailed", onFailed);
			page.off("response", onResponse);
		},
	};
}

/** The page's same-origin links that open pages, without fragments. */
async function pageLinks(page: Page): Promise<URL[]> {
	const origin = new URL(siteUrl("/")).origin;
	const hrefs = await page.evaluate(() =>
		[...document.querySelectorAll("a[href]")].map((a) => (a as HTMLAnchorElement).href),
	);
	return hrefs
		.map((href) => new URL(href))
		.filter((url) => url.origin === origin && !NOT_PAGES.test(url.pathname))
		.map((url) => {
			url.hash = "";
			return url;
		});
}

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe("the console of a visitor", () => {
	it("stays clean on every route shape two links from the home page, signed out", { timeout: 600_000 }, async () => {
		const context = await newContext(browser);
		const problems: string[] = [];
		const seen = new Set<string>();
		let frontier = [new URL(siteUrl("/"))];
		const visited: string[] = [];
		for (let depth = 0; depth <= 2; depth++) {
			const next: URL[] = [];
			for (const url of frontier) {
				const shape = routeShape(url);
				if (seen.has(shape)) continue;
				seen.add(shape);
				const page = await context.newPage();
				const watched = watch(page);
				try {
					const response = await page.goto(url.href);
					expect(response?.status(), url.href).toBe(200);
					await settle(page);
					await page.waitForLoadState("networkidle");
					if (depth < 2) next.push(...(await pageLinks(page)));
				} finally {
					watched.stop();
					problems.push(...watched.list);
					await page.close();
				}
				visited.push(`${shape} ← ${url.pathname}${url.search}`);
			}
			frontier = next;
		}
		// The crawl reached the places a visitor goes: models, tasks, their pages and the docs.
		for (const shape of ["/", "/*/*", "/tasks", "/tasks/*", "/models", "/docs/*", "/login?next"]) {
			expect([...seen], visited.join("\n")).toContain(shape);
		}
		expect(problems, visited.join("\n")).toEqual([]);
		await context.close();
	});

	it("shows a signed-in person's account corner without a 401, and asks nothing once they sign out", {
		timeout: 300_000,
	}, async () => {
		const name = `crawl-${randomBytes(4).toString("hex")}`;
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/join");
		await page.getByLabel("Username").fill(name);
		await page.getByLabel("Email").fill(`${name}@example.com`);
		await page.getByLabel("Password").fill("correct horse battery staple");
		await page.getByRole("button", { name: "Sign up" }).click();
		await page.waitForURL(siteUrl(`/${name}`));

		// The same session in both themes, on a phone and wide: the corner shows the avatar, nothing fails.
		const session = await context.storageState();
		for (const variant of VARIANTS) {
			const other = await browser.newContext({ ...variant, storageState: session, baseURL: siteUrl("/") });
			const otherPage = await other.newPage();
			const watched = watch(otherPage);
			await visit(otherPage, "/");
			const corner = otherPage.getByTestId("account-menu-button");
			await corner.locator("img").waitFor();
			expect(await corner.getAttribute("aria-label")).toBe(`Account menu for ${name}`);
			await otherPage.waitForLoadState("networkidle");
			watched.stop();
			expect(watched.list).toEqual([]);
			await screenshot(otherPage, `home-signed-in-${variant.colorScheme}-${variant.viewport.width}`);
			await other.close();
		}

		await visit(page, "/");
		const button = page.getByTestId("account-menu-button");
		await button.locator("img").waitFor();

		await button.click();
		await page.getByRole("menuitem", { name: "Sign out" }).click();
		await page.getByRole("link", { name: "Log in" }).waitFor();
		const signedOut = watch(page);
		const whoami: string[] = [];
		page.on("request", (request) => {
			if (request.url().includes("/api/whoami-v2")) whoami.push(request.url());
		});
		await visit(page, "/tasks");
		await page.getByRole("link", { name: "Log in" }).waitFor();
		await page.waitForLoadState("networkidle");
		signedOut.stop();
		expect(signedOut.list).toEqual([]);
		expect(whoami).toEqual([]);
		expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("hubkit_signed_in");
		await context.close();
	});
});
