/** The model list: filters and sort live in the URL, the list follows them, and the cursor pager goes both ways. */
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

const modelIds = (page: import("playwright-core").Page) =>
	page.getByRole("list", { name: "Models" }).locator(".model-item-id").allTextContents();

describe("models", () => {
	it("filters by task: the URL updates and the list changes", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/models");
		await expect.poll(() => modelIds(page)).toHaveLength(30);
		const everything = await modelIds(page);

		await page.getByLabel("Task").selectOption("text-classification");
		await page.waitForURL((url) => url.searchParams.get("pipeline_tag") === "text-classification");
		// Empty fields and the default sort stay out of the URL people share.
		expect(new URL(page.url()).search).toBe("?pipeline_tag=text-classification");
		await expect.poll(() => modelIds(page)).not.toEqual(everything);
		const tasks = await page.getByRole("list", { name: "Models" }).locator(".model-item-task").allTextContents();
		expect(tasks.length).toBeGreaterThan(0);
		expect(new Set(tasks)).toEqual(new Set(["Text Classification"]));
		// A client-side navigation sets the title after the new page renders.
		await expect.poll(() => page.title()).toBe("Models: Text Classification · Hubkit");
		await screenshot(page, "models-text-classification-light");

		await page.getByLabel("Sort").selectOption("likes");
		await page.waitForURL((url) => url.searchParams.get("sort") === "likes");
		expect(new URL(page.url()).searchParams.get("pipeline_tag")).toBe("text-classification");
		await context.close();
	});

	it("searches from the header and shows an empty state when nothing matches", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/");
		await page.getByRole("search").first().getByRole("searchbox").fill("whisper");
		await page.keyboard.press("Enter");
		await page.waitForURL((url) => url.searchParams.get("search") === "whisper");
		await expect.poll(async () => (await modelIds(page)).length).toBeGreaterThan(0);
		const ids = await modelIds(page);
		for (const id of ids) expect(id.toLowerCase()).toContain("whisper");
		await visit(page, "/models?search=no-model-is-called-this");
		await page.getByText("No model matches these filters").waitFor();
		await context.close();
	});

	it("pages forward with the hub's cursor and back with the stack in the URL", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/models?sort=downloads");
		await expect.poll(() => modelIds(page)).toHaveLength(30);
		const first = await modelIds(page);
		expect(await page.getByRole("link", { name: "← Previous" }).count()).toBe(0);

		await page.getByRole("link", { name: "Next →" }).click();
		await page.waitForURL((url) => url.searchParams.has("cursor"));
		await expect.poll(() => modelIds(page)).not.toEqual(first);
		await expect.poll(() => modelIds(page)).toHaveLength(30);
		const second = await modelIds(page);
		expect(second.some((id) => first.includes(id))).toBe(false);

		await page.getByRole("link", { name: "Next →" }).click();
		await page.waitForURL((url) => url.searchParams.getAll("back").length === 2);
		await expect.poll(() => modelIds(page)).not.toEqual(second);
		const third = await modelIds(page);
		expect(third.length).toBeGreaterThan(0);
		expect(third.some((id) => second.includes(id) || first.includes(id))).toBe(false);

		await page.getByRole("link", { name: "← Previous" }).click();
		await page.waitForURL((url) => url.searchParams.getAll("back").length === 1);
		await expect.poll(() => modelIds(page)).toEqual(second);
		await page.getByRole("link", { name: "← Previous" }).click();
		await page.waitForURL((url) => !url.searchParams.has("cursor"));
		await expect.poll(() => modelIds(page)).toEqual(first);
		await context.close();
	});

	it("shows the total the hub counts, for a filter too, and none for a search (the hub does not count those)", async () => {
		const hubTotal = async (query: string) =>
			(await fetch(siteUrl(`/api/models?limit=1&${query}`))).headers.get("x-total-count");
		const context = await newContext(browser);
		const page = await context.newPage();
		const total = page.getByRole("heading", { level: 1 }).getByTestId("models-total");

		const all = await hubTotal("");
		expect(Number(all)).toBeGreaterThan(30);
		await visit(page, "/models");
		expect(await total.textContent()).toBe(Number(all).toLocaleString("en"));

		const filtered = await hubTotal("pipeline_tag=text-classification");
		expect(Number(filtered)).toBeLessThan(Number(all));
		await visit(page, "/models?pipeline_tag=text-classification");
		expect(await total.textContent()).toBe(Number(filtered).toLocaleString("en"));

		expect(await hubTotal("search=whisper")).toBeNull();
		await visit(page, "/models?search=whisper");
		await page.getByRole("list", { name: "Models" }).waitFor();
		expect(await total.count()).toBe(0);
		await context.close();
	});
});
