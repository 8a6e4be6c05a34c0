/**
 * Small things a visitor notices, in both themes at 390 and 1280 px: one spelling,
 * "License", on the new-repository form and in the card editor; a profile's social
 * links show the handle they name ("@someone"), linking to the whole URL; a task
 * page's apps, which this hub does not host, are marked as examples and not linked;
 * the object-detection result is exactly as tall as its picture (no empty band under it).
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { repoPeople } from "./repo-flow";
import { DETECTION_MODEL } from "./vision-models";

const PERSON = `details-${randomBytes(4).toString("hex")}`;
const REPO = `${PERSON}/card-model`;
const people = repoPeople("page details password");

const LINKS = {
	github: ["https://github.com/someone", "@someone"],
	x: ["https://x.com/some_one", "@some_one"],
	linkedin: ["https://www.linkedin.com/in/some-one/", "@some-one"],
	bluesky: ["https://bsky.app/profile/someone.bsky.social", "@someone.bsky.social"],
	website: ["https://www.example.com/blog/", "example.com/blog"],
} as const;
const LINK_NAMES = { github: "GitHub", x: "X", linkedin: "LinkedIn", bluesky: "Bluesky", website: "Website" } as const;

const COMBINATIONS = ([390, 1280] as const).flatMap((width) =>
	(["light", "dark"] as const).map((colorScheme) => ({ width, colorScheme })),
);

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
	await (await people.signUp(browser, PERSON)).close();
	const created = await people.api("/api/repos/create", PERSON, { method: "POST", json: { name: "card-model" } });
	expect(created.status).toBe(200);
	const saved = await people.api("/api/settings/profile", PERSON, {
		method: "PUT",
		json: { links: Object.fromEntries(Object.entries(LINKS).map(([key, [url]]) => [key, url])) },
	});
	expect(saved.status).toBe(200);
});
afterAll(async () => {
	await browser?.close();
});

async function signedIn(width: number, colorScheme: "light" | "dark"): Promise<BrowserContext> {
	const context = await newContext(browser, { width, height: width < 600 ? 844 : 900, colorScheme });
	await context.addCookies([{ name: "hubkit_session", value: people.sessionOf(PERSON), url: siteUrl() }]);
	return context;
}

describe("page details", () => {
	for (const { width, colorScheme } of COMBINATIONS) {
		const at = `${width} px, ${colorScheme}`;

		it(`says "License" on /new and in the card editor (${at})`, async () => {
			const context = await signedIn(width, colorScheme);
			const page = await context.newPage();
			for (const path of ["/new", `/${REPO}/edit-card`]) {
				await visit(page, path);
				await page.getByLabel("License", { exact: true }).waitFor();
				expect(await page.locator("main").textContent()).not.toMatch(/licence/i);
				const description = await page.evaluate(
					() => document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
				);
				expect(description).not.toMatch(/licence/i);
			}
			await context.close();
		});

		it(`shows a profile's social links by handle, linking to the whole URL (${at})`, async () => {
			const context = await newContext(browser, { width, colorScheme });
			const page = await context.newPage();
			await visit(page, `/${PERSON}`);
			const links = page.getByRole("list", { name: "Links" });
			for (const [key, [url, handle]] of Object.entries(LINKS)) {
				const link = links.getByRole("link", { name: LINK_NAMES[key as keyof typeof LINKS], exact: false }).filter({
					hasText: handle,
				});
				expect(await link.count()).toBe(1);
				expect(await link.getAttribute("href")).toBe(url);
			}
			await screenshot(page, `profile-links-${width}-${colorScheme}`);
			await context.close();
		});

		it(`marks a task page's apps as examples, not links (${at})`, async () => {
			const context = await newContext(browser, { width, colorScheme });
			const page = await context.newPage();
			await visit(page, "/tasks/object-detection");
			const apps = page.getByRole("region", { name: "Apps" });
			expect(await apps.textContent()).toContain("this hub does not host apps");
			const items = apps.locator(".repo-item");
			expect(await items.count()).toBeGreaterThan(0);
			for (const item of await items.all()) {
				expect(await item.locator(".badge").textContent()).toBe("Example");
				expect(await item.locator("a").count()).toBe(0);
			}
			await context.close();
		});

		it(`draws the detected boxes on a picture with no empty band under it (${at})`, async () => {
			const context = await newContext(browser, { width, colorScheme });
			const page = await context.newPage();
			await visit(page, `/${DETECTION_MODEL}`);
			const widget = page.getByTestId("model-widget");
			await expect.poll(() => widget.getAttribute("data-state")).toBe("ready");
			await widget.getByTestId("widget-picture").waitFor();
			await widget.getByRole("button", { name: "Run" }).click();
			const result = widget.getByTestId("widget-boxes");
			await result.waitFor({ timeout: 45_000 });
			const figure = result.locator(".widget-detection");
			const picture = figure.locator("img");
			await picture.evaluate((image) => (image as HTMLImageElement).decode());
			const box = figure.locator(".widget-box").first();
			await box.waitFor();
			const [frame, drawn, square] = await Promise.all([
				figure.boundingBox(),
				picture.boundingBox(),
				box.boundingBox(),
			]);
			if (!frame || !drawn || !square) throw new Error("the result is not drawn");
			expect(Math.abs(frame.height - drawn.height)).toBeLessThanOrEqual(1);
			expect(Math.abs(frame.width - drawn.width)).toBeLessThanOrEqual(1);
			// The model's one box is the picture's middle quarter: it is drawn there, on the picture.
			expect(Math.abs(square.x - (drawn.x + drawn.width / 4))).toBeLessThanOrEqual(2);
			expect(Math.abs(square.y - (drawn.y + drawn.height / 4))).toBeLessThanOrEqual(2);
			expect(Math.abs(square.height - drawn.height / 2)).toBeLessThanOrEqual(2);
			await screenshot(page, `object-detection-result-${width}-${colorScheme}`);
			await context.close();
		});
	}
});
