/**
 * An axe-core scan of every page kind, in both themes, on a desktop screen and at
 * 360 px: no serious or critical violation. axe's own source is injected into the
 * page (nothing is fetched from outside); interactive states that only exist after
 * a click (the "Use this model" popover) are opened before the scan.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, siteUrl, visit } from "./browser";

/** The page kinds, each with what must be on screen (or opened) before the scan. */
const PAGES: { name: string; path: string; prepare?: (page: Page) => Promise<void> }[] = [
	{ name: "home", path: "/" },
	{ name: "tasks", path: "/tasks" },
	// Demo kinds: text and chart, image, audio, table, highlighted tokens; and a placeholder task.
	{ name: "task with text and chart", path: "/tasks/text-classification" },
	{ name: "task with images", path: "/tasks/object-detection" },
	{ name: "task with audio", path: "/tasks/automatic-speech-recognition" },
	{ name: "task with a table", path: "/tasks/tabular-classification" },
	{ name: "task with token spans", path: "/tasks/token-classification" },
	{ name: "placeholder task", path: "/tasks/audio-text-to-text" },
	{ name: "models with filters", path: "/models?pipeline_tag=text-classification&library=transformers&sort=likes" },
	{
		name: "model with Use this model open and the inference panel",
		path: "/openai/gpt-oss-120b",
		prepare: async (page) => {
			await page.getByTestId("inference-panel").waitFor();
			await page.getByRole("button", { name: "Use this model" }).click();
			await page.getByRole("dialog", { name: "Use this model" }).waitFor();
		},
	},
	{ name: "model files", path: "/openai/gpt-oss-120b/tree/main" },
	// Widget states (components/widget/): a result, a refused call, an upload rejection, the canvas editor.
	{
		name: "widget with a result",
		path: "/hubkit-demo/tiny-sentiment",
		prepare: async (page) => {
			await page.getByTestId("model-widget").getByRole("button", { name: "Run" }).click();
			await page.getByTestId("widget-chart").waitFor();
		},
	},
	{
		name: "widget with an error",
		path: "/black-forest-labs/FLUX.1-dev",
		prepare: async (page) => {
			await page.getByTestId("model-widget").getByRole("button", { name: "Run" }).click();
			await page.getByTestId("widget-error").waitFor();
		},
	},
	{
		name: "image widget with a rejected file",
		path: "/black-forest-labs/FLUX.1-Kontext-dev",
		prepare: async (page) => {
			const widget = page.getByTestId("model-widget");
			await widget.getByRole("button", { name: "Change picture" }).click();
			await widget.locator('input[type="file"]').setInputFiles({
				name: "notes.txt",
				mimeType: "text/plain",
				buffer: Buffer.from("not a picture"),
			});
			await widget.getByRole("alert").waitFor();
		},
	},
	{
		name: "canvas editor",
		path: "/black-forest-labs/FLUX.1-Kontext-dev",
		prepare: async (page) => {
			await page.getByTestId("model-widget").getByRole("button", { name: "Edit", exact: true }).click();
			await page.getByRole("application", { name: "Drawing area" }).waitFor();
		},
	},
	{ name: "libraries", path: "/libraries" },
	{ name: "a library", path: "/libraries/transformers" },
	{ name: "docs", path: "/docs/api" },
	{ name: "404", path: "/nobody/no-such-model" },
];

const VARIANTS = [
	{ colorScheme: "light", width: 1280, height: 900 },
	{ colorScheme: "dark", width: 1280, height: 900 },
	{ colorScheme: "light", width: 360, height: 780 },
	{ colorScheme: "dark", width: 360, height: 780 },
] as const;

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

describe.each(VARIANTS)("axe-core, $colorScheme theme, $width px wide", (variant) => {
	let context: BrowserContext;
	beforeAll(async () => {
		context = await newContext(browser, variant);
	});
	afterAll(async () => {
		await context?.close();
	});

	it.each(PAGES)("$name ($path) has no serious or critical violation", async ({ path, prepare }) => {
		const page = await context.newPage();
		try {
			await visit(page, path);
			// A not-found page under a streamed segment can replace the document after the head script ran;
			// the theme toggle sets the theme again when it mounts, so wait for that before reading it.
			await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
			expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(variant.colorScheme);
			await prepare?.(page);
			expect(await seriousViolations(page), siteUrl(path)).toEqual([]);
		} finally {
			await page.close();
		}
	});
});

describe("the scan itself", () => {
	it("reports a serious violation when a page has one", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await page.setContent('<!doctype html><html lang="en"><title>t</title><main><button></button></main></html>');
		expect((await seriousViolations(page)).join("\n")).toContain("button-name (critical)");
		await context.close();
	});
});
