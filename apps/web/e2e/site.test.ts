/** Across the site: the theme switch, the image optimizer's widths, libraries, docs and one origin. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe("site", () => {
	it("starts in the system theme and keeps a chosen theme across a reload, set before the first paint", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		// Record the theme at the first moment a script of ours can look: the body's first child.
		await page.addInitScript(() => {
			document.addEventListener(
				"readystatechange",
				() => {
					(window as { __firstTheme?: string }).__firstTheme ??= document.documentElement.dataset.theme;
				},
				{ once: true },
			);
		});
		await visit(page, "/tasks");
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

		const toggle = page.getByRole("button", { name: "Dark theme" });
		await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
		await toggle.click();
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
		await page.reload();
		expect(await page.evaluate(() => (window as { __firstTheme?: string }).__firstTheme)).toBe("light");
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
		expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
		await screenshot(page, "tasks-light-after-toggle");
		await context.close();
	});

	it("answers /_next/image for listed widths only", async () => {
		const image = (width: number) =>
			fetch(
				siteUrl(`/_next/image?url=${encodeURIComponent("/assets/demo/object-detection-input.png")}&w=${width}&q=75`),
			);
		const small = await image(16);
		expect(small.status).toBe(200);
		expect(small.headers.get("content-type")).toMatch(/^image\//);
		expect((await image(3840)).status).toBe(200);
		expect((await image(17)).status).toBe(400);
	});

	it("serves the hub API, files and pages from one origin", async () => {
		const api = await fetch(siteUrl("/api/models?limit=1"));
		expect(api.headers.get("content-type")).toContain("application/json");
		const unknownApi = await fetch(siteUrl("/api/not-a-route"));
		expect(unknownApi.status).toBe(404);
		expect(await unknownApi.json()).toHaveProperty("error");
		const pageResponse = await fetch(siteUrl("/libraries"));
		expect(pageResponse.headers.get("content-type")).toContain("text/html");
	});

	it("sends its security headers on pages and static files, and pages run under that policy", async () => {
		const pageResponse = await fetch(siteUrl("/tasks"));
		const policy = pageResponse.headers.get("content-security-policy") ?? "";
		expect(policy).toContain("frame-ancestors 'none'");
		expect(policy).toContain("object-src 'none'");
		expect(pageResponse.headers.get("x-frame-options")).toBe("DENY");
		expect(pageResponse.headers.get("x-content-type-options")).toBe("nosniff");
		expect(pageResponse.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
		const script = /<script src="([^"]+)"/.exec(await pageResponse.text())?.[1];
		expect(script).toBeDefined();
		const scriptResponse = await fetch(siteUrl(script));
		expect(scriptResponse.headers.get("x-content-type-options")).toBe("nosniff");
		const missing = await fetch(siteUrl("/nobody/no-such-model"));
		expect(missing.headers.get("content-security-policy")).toBe(policy);

		// Next's inline runtime and the theme script run: the page hydrates, and the browser reports no violation.
		const context = await newContext(browser);
		const page = await context.newPage();
		const violations: string[] = [];
		page.on("console", (message) => {
			if (message.text().includes("Content Security Policy")) violations.push(message.text());
		});
		await page.addInitScript(() => {
			document.addEventListener("securitypolicyviolation", (event) => {
				console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
			});
		});
		await visit(page, "/models");
		const toggle = page.getByRole("button", { name: "Dark theme" });
		await toggle.click();
		await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
		await visit(page, "/tasks/image-classification");
		expect(violations).toEqual([]);
		await context.close();
	});

	it("lists libraries, shows one with its models, and links the docs from the footer", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/libraries");
		await page.getByRole("link", { name: "Transformers", exact: true }).click();
		await page.waitForURL("**/libraries/transformers");
		await page.getByRole("list", { name: "Models using Transformers" }).getByRole("listitem").first().waitFor();
		await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
		await page.waitForURL("**/docs/api");
		await page.getByRole("heading", { name: "API reference" }).first().waitFor();
		// A client-side navigation sets the title after the new page renders.
		await expect.poll(() => page.title()).toBe("API reference · Hubkit");
		await screenshot(page, "docs-api-light");
		await context.close();
	});
});
