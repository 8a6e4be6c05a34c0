/**
 * Syntax-highlighted snippets: rendered on the server (the HTML arrives with the
 * page), coloured by the site's theme, markup in a model's sample shown as text,
 * and the copy button still copying the plain code; a model card's code blocks
 * highlighted the same way, their markup still text. Also the highlighter's
 * cache key and the hash its blocks travel under.
 */
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeKey, HighlightCache } from "../components/snippet/highlight-cache";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { HOSTILE_MODEL_ID } from "./hostile-model";
import { SNIPPET_MODEL_ID, SNIPPET_TEXT } from "./snippet-model";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

describe("highlighted snippets", () => {
	it("arrive highlighted in the server's HTML, follow the theme, and copy as plain code", async () => {
		// The HTML as served, before any script runs: the highlighting is the server's.
		const html = await (await fetch(siteUrl("/openai/gpt-oss-120b"))).text();
		expect(html).toMatch(/<span class="hl-k">import<\/span>/);

		const context = await newContext(browser, { colorScheme: "light" });
		await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl("/") });
		const page = await context.newPage();
		await visit(page, "/openai/gpt-oss-120b");
		const panel = page.getByTestId("inference-panel");
		const block = panel.locator(".code-block:not(:has(.code-block-title:text-is('Install')))").last();
		const code = block.locator("code");
		const keyword = code.locator(".hl-k").first();
		const string = code.locator(".hl-s").first();
		await keyword.waitFor();
		const light = { keyword: await colourOf(keyword), string: await colourOf(string), plain: await colourOf(code) };
		expect(new Set(Object.values(light)).size).toBe(3);

		await block.getByRole("button", { name: /^Copy/ }).click();
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());

		await page.getByRole("button", { name: "Dark theme" }).click();
		expect(await colourOf(keyword)).not.toBe(light.keyword);
		expect(await colourOf(string)).not.toBe(light.string);
		await context.close();
	});

	it("shows markup from a model's sample as text inside the highlighted code", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${SNIPPET_MODEL_ID}`);
		const code = page.getByTestId("inference-panel").locator(".code-block code").last();
		await code.locator("span").first().waitFor();
		expect(await code.textContent()).toContain(SNIPPET_TEXT);
		expect(await code.locator("b, img").count()).toBe(0);
		await context.close();
	});
});

describe("highlighted model cards", () => {
	it("colour a card's code block in a known language on the server, as text, and leave others plain", async () => {
		const html = await (await fetch(siteUrl(`/${HOSTILE_MODEL_ID}`))).text();
		expect(html).toMatch(/<code class="language-python"><span class="hl-c"># &lt;b&gt;not bold&lt;\/b&gt;<\/span>/);

		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		await visit(page, `/${HOSTILE_MODEL_ID}`);
		const card = page.getByTestId("model-card");
		const python = card.locator("pre code.language-python");
		expect(await python.locator(".hl-f").first().textContent()).toBe("print");
		expect(await python.locator(".hl-s").count()).toBeGreaterThan(0);
		// The markup in the code is shown as the author wrote it, and none of it is an element.
		expect(await python.textContent()).toBe(
			`# <b>not bold</b>\nprint("<img src=x onerror=\\"window.__pwned = 'code'\\">")\n`,
		);
		expect(await python.locator("b, img").count()).toBe(0);
		const text = card.locator("pre code.language-text");
		expect(await text.textContent()).toBe('<script>window.__pwned = "text";</script>\n');
		expect(await text.locator("*").count()).toBe(0);
		expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
		await screenshot(page, "model-card-code-dark");
		await context.close();
	});
});

describe("highlight cache and block keys", () => {
	it("keys on the grammar and on the code", () => {
		const cache = new HighlightCache(10);
		cache.set("python", "x = 1", "<python>");
		expect(cache.get("python", "x = 1")).toBe("<python>");
		expect(cache.get("javascript", "x = 1")).toBeUndefined();
		expect(cache.get("python", "x = 2")).toBeUndefined();
	});

	it("lets the least recently used entry go first", () => {
		const cache = new HighlightCache(2);
		cache.set("sh", "a", "A");
		cache.set("sh", "b", "B");
		expect(cache.get("sh", "a")).toBe("A");
		cache.set("sh", "c", "C");
		expect(cache.get("sh", "b")).toBeUndefined();
		expect(cache.get("sh", "a")).toBe("A");
		expect(cache.size).toBe(2);
	});

	it("hashes code to a stable key that any change alters", () => {
		expect(codeKey("print(1)")).toBe(codeKey("print(1)"));
		expect(codeKey("print(1)")).not.toBe(codeKey("print(2)"));
		expect(codeKey("print(1)")).not.toBe(codeKey("print(1) "));
	});
});
