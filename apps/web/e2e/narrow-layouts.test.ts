/**
 * Layouts that must fit a phone (390 × 844) as well as a wide window (1280 px), in both
 * themes: the "Use this model" popover opens whole inside the window, even from a
 * button low on the screen; the access tokens page shows every token's Revoke button
 * in the window, with nothing wider than it (no sideways scrolling), and axe finds no
 * serious violation on that page.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, SCREENSHOT_DIR, screenshot, siteUrl, visit } from "./browser";
import { repoPeople } from "./repo-flow";

const MODEL = "openai/gpt-oss-120b";
const PERSON = `narrow-${randomBytes(4).toString("hex")}`;
const people = repoPeople("narrow layouts password");

const SIZES = [
	{ width: 390, height: 844 },
	{ width: 1280, height: 900 },
] as const;
const COMBINATIONS = SIZES.flatMap((size) =>
	(["light", "dark"] as const).map((colorScheme) => ({ ...size, colorScheme })),
);

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** A picture of what the window shows (not the whole page): whether the popover is in view is the point. */
async function windowShot(page: Page, name: string): Promise<void> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The window's visible box: the document's client area (without scroll bars). */
const viewOf = (page: Page) =>
	page.evaluate(() => ({
		width: document.documentElement.clientWidth,
		height: document.documentElement.clientHeight,
		scrollWidth: document.documentElement.scrollWidth,
	}));

describe("narrow layouts", () => {
	for (const { width, height, colorScheme } of COMBINATIONS) {
		it(`opens "Use this model" whole inside the window (${width} px, ${colorScheme})`, async () => {
			const context = await newContext(browser, { width, height, colorScheme });
			const page = await context.newPage();
			await visit(page, `/${MODEL}`);
			const trigger = page.getByRole("button", { name: "Use this model" });
			await trigger.click();
			const dialog = page.getByRole("dialog", { name: "Use this model" });
			await dialog.waitFor();
			const view = await viewOf(page);
			const box = await dialog.boundingBox();
			expect(box).not.toBeNull();
			if (!box) return;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.y).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(view.width);
			expect(box.y + box.height).toBeLessThanOrEqual(view.height);
			// It holds the snippets, not a sliver of them.
			expect(box.height).toBeGreaterThan(200);
			await windowShot(page, `use-this-model-${width}-${colorScheme}`);
			await context.close();
		});
	}

	it("opens whole inside the window from a button at the bottom edge of a phone's screen", async () => {
		const context = await newContext(browser, { width: 390, height: 844 });
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const trigger = page.getByRole("button", { name: "Use this model" });
		// Scroll so the button's bottom sits 10 px above the window's bottom.
		await trigger.evaluate((button) => {
			const bottom = button.getBoundingClientRect().bottom;
			window.scrollBy(0, bottom - (document.documentElement.clientHeight - 10));
		});
		await trigger.click();
		const dialog = page.getByRole("dialog", { name: "Use this model" });
		await dialog.waitFor();
		const view = await viewOf(page);
		const box = await dialog.boundingBox();
		const button = await trigger.boundingBox();
		if (!box || !button) throw new Error("no box");
		expect(box.y).toBeGreaterThanOrEqual(0);
		expect(box.y + box.height).toBeLessThanOrEqual(button.y);
		expect(box.y + box.height).toBeLessThanOrEqual(view.height);
		await context.close();
	});

	it("signs up someone with two tokens", async () => {
		const context = await people.signUp(browser, PERSON);
		await context.close();
		for (const [name, repos] of [
			["laptop", undefined],
			["a-token-with-a-rather-long-name-for-the-ci-server", [`${PERSON}/first-model`, `${PERSON}/second-model`]],
		] as const) {
			const made = await people.api("/api/settings/tokens", PERSON, {
				method: "POST",
				json: { name, role: "write", ...(repos ? { repos } : {}) },
			});
			expect(made.status).toBe(201);
		}
	});

	for (const { width, height, colorScheme } of COMBINATIONS) {
		it(`shows each token's Revoke button inside the window, nothing wider than it (${width} px, ${colorScheme})`, async () => {
			const context = await newContext(browser, { width, height, colorScheme });
			await context.addCookies([{ name: "hubkit_session", value: people.sessionOf(PERSON), url: siteUrl() }]);
			const page = await context.newPage();
			await visit(page, "/settings/tokens");
			const list = page.getByTestId("tokens-list");
			await list.waitFor();
			const view = await viewOf(page);
			expect(view.scrollWidth).toBeLessThanOrEqual(view.width);
			const revokes = list.getByRole("button", { name: /^Revoke / });
			expect(await revokes.count()).toBe(2);
			for (const revoke of await revokes.all()) {
				const box = await revoke.boundingBox();
				if (!box) throw new Error("a Revoke button is not drawn");
				expect(box.x).toBeGreaterThanOrEqual(0);
				expect(box.x + box.width).toBeLessThanOrEqual(view.width);
			}
			// No element reaches past the window's edges: nothing scrolls sideways, inside a box or not.
			const overflowing = await page.evaluate((limit) => {
				const found: string[] = [];
				for (const element of document.querySelectorAll("main *")) {
					const rect = element.getBoundingClientRect();
					if (rect.width > 0 && (rect.left < -0.5 || rect.right > limit + 0.5)) {
						found.push(
							`${element.tagName.toLowerCase()}.${element.className} ${Math.round(rect.left)}–${Math.round(rect.right)}`,
						);
					}
				}
				return found;
			}, view.width);
			expect(overflowing).toEqual([]);
			expect(await seriousViolations(page)).toEqual([]);
			await screenshot(page, `settings-tokens-${width}-${colorScheme}`);
			await context.close();
		});
	}
});
