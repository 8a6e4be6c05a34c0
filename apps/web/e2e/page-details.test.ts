/**
 * Small things a visitor notices, in both themes at 390 and 1280 px: one spelling,
 * "License", on the new-repository form and in the card editor; a profile's social
 * links show the handle they name ("@someone"), linking to the whole URL; a task
 * page's apps, which this hub does not host, are marked as examples and not linked;
 * a task page's demo pictures (object detection's: the picture and the one with boxes)
 * are framed at their own proportions, with no empty band above or under them.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, SCREENSHOT_DIR, screenshot, siteUrl, visit } from "./browser";
import { repoPeople } from "./repo-flow";

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

		it(`frames the object-detection pictures at their own shape, with no empty band (${at})`, async () => {
			const context = await newContext(browser, { width, colorScheme });
			const page = await context.newPage();
			await visit(page, "/tasks/object-detection");
			const frames = page.getByTestId("task-demo").locator(".demo-image");
			expect(await frames.count()).toBe(2);
			for (const frame of await frames.all()) {
				const picture = frame.locator("img");
				await picture.scrollIntoViewIfNeeded();
				await expect
					.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
					.toBeGreaterThan(0);
				const measured = await frame.evaluate((element) => {
					const image = element.querySelector("img") as HTMLImageElement;
					return {
						inner: element.clientHeight,
						box: image.getBoundingClientRect().height,
						// What the picture itself fills of its box: its width at its own proportions.
						drawn: (image.getBoundingClientRect().width * image.naturalHeight) / image.naturalWidth,
					};
				});
				expect(Math.abs(measured.inner - measured.drawn)).toBeLessThanOrEqual(1);
				expect(Math.abs(measured.box - measured.drawn)).toBeLessThanOrEqual(1);
			}
			await page
				.getByTestId("task-demo")
				.screenshot({ path: `${SCREENSHOT_DIR}/task-demo-object-detection-${width}-${colorScheme}.png` });
			await context.close();
		});
	}
});
