/**
 * Keyboard patterns (WAI-ARIA Authoring Practices): the "Use this model" popover
 * opens from its button with Enter or Space, takes focus, closes on Escape or an
 * outside click and gives focus back to its button; tabs are one tab stop whose
 * arrow keys (wrapping), Home and End move focus and selection together.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, visit } from "./browser";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** A model with two libraries, so its popover has tabs. */
const MODEL = "sentence-transformers/all-MiniLM-L6-v2";

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

/** Which tab is selected, which has focus, and which tabs are tab stops. */
async function tabState(list: Locator) {
	const tabs = list.getByRole("tab");
	return {
		selected: await list.locator('[role="tab"][aria-selected="true"]').textContent(),
		focused: await list.evaluate((element) =>
			element.contains(document.activeElement) ? document.activeElement?.textContent : null,
		),
		stops: (await tabs.evaluateAll((all) => all.map((tab) => (tab as HTMLElement).tabIndex))).filter(
			(index) => index >= 0,
		).length,
	};
}

describe("keyboard", () => {
	it("opens Use this model with Space, moves focus in, and Escape returns focus to the button", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const trigger = page.getByRole("button", { name: "Use this model" });
		expect(await trigger.getAttribute("aria-haspopup")).toBe("dialog");
		expect(await trigger.getAttribute("aria-expanded")).toBe("false");

		await trigger.focus();
		await page.keyboard.press("Space");
		const dialog = page.getByRole("dialog", { name: "Use this model" });
		await dialog.waitFor();
		expect(await trigger.getAttribute("aria-expanded")).toBe("true");
		expect(await trigger.getAttribute("aria-controls")).toBe(await dialog.getAttribute("id"));
		expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

		await page.keyboard.press("Escape");
		await dialog.waitFor({ state: "detached" });
		expect(await isFocused(trigger)).toBe(true);
		expect(await trigger.getAttribute("aria-expanded")).toBe("false");

		// Enter opens it too; a click outside closes it.
		await page.keyboard.press("Enter");
		await dialog.waitFor();
		await page.locator(".model-title").click();
		await dialog.waitFor({ state: "detached" });
		await context.close();
	});

	it("moves between the popover's library tabs with arrow keys, Home and End, and Escape from a tab closes it", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${MODEL}`);
		const trigger = page.getByRole("button", { name: "Use this model" });
		await trigger.focus();
		await page.keyboard.press("Enter");
		const dialog = page.getByRole("dialog", { name: "Use this model" });
		const list = dialog.getByRole("tablist", { name: "Libraries" });
		await list.waitFor();
		const names = await list.getByRole("tab").allTextContents();
		expect(names).toEqual(["sentence-transformers", "Transformers.js"]);
		const [first, last] = names as [string, string];

		// Focus starts on the selected tab, the list's only tab stop.
		await list.getByRole("tab", { selected: true }).focus();
		expect(await tabState(list)).toEqual({ selected: first, focused: first, stops: 1 });

		await page.keyboard.press("ArrowRight");
		expect(await tabState(list)).toEqual({ selected: last, focused: last, stops: 1 });
		// The panel shown is the one the selected tab controls, named by it.
		const panel = dialog.getByRole("tabpanel");
		expect(await panel.getAttribute("aria-labelledby")).toBe(
			await list.getByRole("tab", { name: last }).getAttribute("id"),
		);
		expect(await panel.textContent()).toContain("@huggingface/transformers");

		await page.keyboard.press("ArrowRight"); // wraps round to the first
		expect(await tabState(list)).toMatchObject({ selected: first, focused: first });
		await page.keyboard.press("ArrowLeft"); // and back round to the last
		expect(await tabState(list)).toMatchObject({ selected: last, focused: last });
		await page.keyboard.press("Home");
		expect(await tabState(list)).toMatchObject({ selected: first, focused: first });
		await page.keyboard.press("End");
		expect(await tabState(list)).toMatchObject({ selected: last, focused: last });

		// Tab leaves the tab list for the panel's content, not the next tab.
		await page.keyboard.press("Tab");
		expect(await list.evaluate((element) => element.contains(document.activeElement))).toBe(false);
		expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
		expect(names).not.toContain(await focusedText(page));

		await page.keyboard.press("Escape");
		await dialog.waitFor({ state: "detached" });
		expect(await isFocused(trigger)).toBe(true);
		await context.close();
	});

	it("moves between the inference panel's language tabs with arrow keys, Home and End", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/openai/gpt-oss-120b");
		const list = page.getByTestId("inference-panel").getByRole("tablist", { name: "Language" });
		await list.getByRole("tab", { selected: true }).focus();
		expect(await tabState(list)).toEqual({ selected: "Python", focused: "Python", stops: 1 });
		await page.keyboard.press("ArrowRight");
		expect(await tabState(list)).toEqual({ selected: "JavaScript", focused: "JavaScript", stops: 1 });
		await page.keyboard.press("End");
		expect(await tabState(list)).toMatchObject({ selected: "cURL", focused: "cURL" });
		await page.keyboard.press("ArrowRight");
		expect(await tabState(list)).toMatchObject({ selected: "Python", focused: "Python" });
		await page.keyboard.press("ArrowLeft");
		expect(await tabState(list)).toMatchObject({ selected: "cURL", focused: "cURL" });
		await page.keyboard.press("Home");
		expect(await tabState(list)).toMatchObject({ selected: "Python", focused: "Python" });
		await context.close();
	});
});
