/** Browsing the task catalogue: home → tasks → a task page with its demo, in both themes and at 360 px. */
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

describe("tasks", () => {
	it("goes from the home page to a task page that shows its demo", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/");
		expect(await page.title()).toBe("Hubkit – models, tasks and libraries");
		await expect.poll(() => page.locator('meta[name="description"]').getAttribute("content")).toContain("Search");
		// Home lists models from the hub, not only static catalogue data.
		expect(await page.getByRole("list", { name: "Most downloaded models" }).getByRole("listitem").count()).toBe(8);

		await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
		await page.waitForURL("**/tasks");
		await page.getByRole("link", { name: "Text Classification" }).first().click();
		await page.waitForURL("**/tasks/text-classification");
		expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Text Classification");
		const demo = page.getByTestId("task-demo");
		await demo.waitFor();
		// The chart of the demo's output draws one bar per label.
		expect(await demo.locator(".chart-row").count()).toBeGreaterThan(1);
		// A client-side navigation sets the title after the new page renders.
		await expect.poll(() => page.title()).toBe("Text Classification · Hubkit");
		await screenshot(page, "task-text-classification-light");
		await context.close();
	});

	it("renders image, audio, table and token demos, with images through /_next/image", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();

		await visit(page, "/tasks/image-classification");
		const image = page.getByTestId("task-demo").locator("img").first();
		await image.waitFor();
		expect(await image.getAttribute("src")).toContain("/_next/image?url=%2Fassets%2Fdemo%2F");
		await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
		await screenshot(page, "task-image-classification-dark");

		await visit(page, "/tasks/automatic-speech-recognition");
		expect(await page.locator("audio").first().getAttribute("src")).toBe(
			"/assets/demo/automatic-speech-recognition-input.wav",
		);
		// The explainer video is a link with a local poster: no third-party frame.
		expect(await page.locator("iframe").count()).toBe(0);
		expect(await page.getByRole("link", { name: /Watch:/ }).getAttribute("rel")).toContain("noopener");

		await visit(page, "/tasks/token-classification");
		expect(await page.locator("mark.span").count()).toBeGreaterThan(0);
		expect(await page.getByRole("list", { name: "Legend" }).getByRole("listitem").count()).toBeGreaterThan(0);

		await visit(page, "/tasks/tabular-classification");
		expect(await page.getByTestId("task-demo").locator("table th").count()).toBeGreaterThan(1);
		await context.close();
	});

	it("says so honestly on a placeholder task, and names the canonical task where one is set", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/tasks/audio-text-to-text");
		await page.getByText("This task has no page content yet").waitFor();
		await visit(page, "/tasks/summarization");
		await page.getByText("Served as").waitFor();
		expect(await page.getByRole("link", { name: "Text2Text Generation" }).getAttribute("href")).toBe(
			"/tasks/text2text-generation",
		);
		const missing = await page.goto(siteUrl("/tasks/no-such-task"));
		expect(missing?.status()).toBe(404);
		await context.close();
	});

	it("fits a 360 px screen and keeps screenshots of the key pages in both themes", async () => {
		for (const colorScheme of ["light", "dark"] as const) {
			const context = await newContext(browser, { width: 360, height: 780, colorScheme });
			const page = await context.newPage();
			for (const [name, path] of [
				["home", "/"],
				["tasks", "/tasks"],
				["task-object-detection", "/tasks/object-detection"],
				["models", "/models"],
				["model", "/openai/gpt-oss-120b"],
				["libraries", "/libraries"],
			] as const) {
				await visit(page, path);
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
				expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
				await screenshot(page, `${name}-360-${colorScheme}`);
			}
			await context.close();
		}
		const wide = await newContext(browser, { width: 1440, height: 900, colorScheme: "dark" });
		const page = await wide.newPage();
		for (const [name, path] of [
			["home", "/"],
			["models", "/models"],
			["model", "/openai/gpt-oss-120b"],
		] as const) {
			await visit(page, path);
			await screenshot(page, `${name}-wide-dark`);
		}
		await wide.close();
	});
});
