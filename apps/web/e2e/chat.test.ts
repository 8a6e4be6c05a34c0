/**
 * The chat widget in Chromium against a chat model the hub runs itself (a GGUF
 * with random weights through llama.cpp, e2e/chat-model.ts): the answer streams
 * in over several paints, Stop ends a long answer halfway and keeps it marked as
 * stopped, and the widget then takes the next message. A GGUF chat model the hub
 * cannot run (the sample's is a placeholder file) says so before anyone types.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, visit } from "./browser";
import { LOCAL_CHAT_MODEL } from "./chat-model";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/**
 * Records the last answer's text at every frame the page paints, from now on
 * (the answer grows in the browser far faster than a test could poll it).
 */
async function recordAnswerPaints(page: Page): Promise<void> {
	await page.evaluate(() => {
		const seen: string[] = [];
		(window as unknown as { answerPaints: string[] }).answerPaints = seen;
		const sample = () => {
			const turns = document.querySelectorAll(".widget-turn-assistant");
			// The answer's own words: the bubble's text nodes, not its labels and marks.
			const text = [...(turns[turns.length - 1]?.childNodes ?? [])]
				.filter((node) => node.nodeType === Node.TEXT_NODE)
				.map((node) => node.textContent)
				.join("");
			if (text && text !== seen.at(-1)) seen.push(text);
			requestAnimationFrame(sample);
		};
		requestAnimationFrame(sample);
	});
}

const answerPaints = (page: Page) =>
	page.evaluate(() => (window as unknown as { answerPaints: string[] }).answerPaints);

/** The text of an assistant bubble without its screen-reader label and stop mark. */
const answerText = (turn: Locator) =>
	turn.evaluate((element) =>
		[...element.childNodes]
			.filter((node) => node.nodeType === Node.TEXT_NODE)
			.map((node) => node.textContent)
			.join(""),
	);

describe("chat widget against the hub's own chat model", () => {
	it("streams an answer, stops a long one halfway, then answers the next message", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${LOCAL_CHAT_MODEL}`);
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("ready");
		expect(await widget.textContent()).toContain("hf-inference");
		// The snippets beside it call the same route: the hub says it serves it.
		const panel = page.getByTestId("inference-panel");
		expect(await panel.getByLabel("Provider").inputValue()).toBe("hf-inference");
		expect(await panel.textContent()).not.toContain("not routed");
		const box = widget.getByLabel("Message");
		const tokens = widget.getByLabel("Max tokens");
		const send = widget.getByRole("button", { name: "Send" });
		const stop = widget.getByRole("button", { name: "Stop" });
		const answers = widget.locator(".widget-turn-assistant");

		// A whole answer: it grows paint after paint, each text the start of the next.
		await tokens.fill("600");
		await recordAnswerPaints(page);
		await box.fill("Tell me about lighthouses.");
		await send.click();
		await stop.waitFor();
		await send.waitFor();
		const whole = await answerText(answers.first());
		const paints = await answerPaints(page);
		expect(new Set(paints).size).toBeGreaterThanOrEqual(2);
		for (const [index, text] of paints.entries()) {
			expect(text.length).toBeGreaterThan(0);
			expect(whole.startsWith(text), `paint ${index} is a start of the answer`).toBe(true);
		}
		expect(paints.at(0)?.length).toBeLessThan(whole.length);
		expect(paints.at(-1)).toBe(whole);
		// 600 tokens of letters and word starts (the model almost never ends on its own).
		expect(whole.length).toBeGreaterThanOrEqual(600);
		expect(await answers.first().getAttribute("data-stopped")).toBeNull();

		// A long answer, stopped once it has grown twice.
		await tokens.fill("4000");
		await recordAnswerPaints(page);
		await box.fill("Now write a very long story.");
		await box.press("Enter");
		await expect.poll(async () => new Set(await answerPaints(page)).size, { timeout: 30_000 }).toBeGreaterThan(2);
		await stop.click();
		await send.waitFor();
		const note = widget.getByTestId("widget-chat-note");
		expect(await note.textContent()).toBe("Stopped: the answer above is cut short.");
		const stoppedTurn = answers.nth(1);
		expect(await stoppedTurn.getAttribute("data-stopped")).toBe("true");
		expect(await stoppedTurn.locator(".widget-turn-stopped").textContent()).toBe("Stopped");
		const cutShort = await answerText(stoppedTurn);
		// Kept, and well short of 4,000 tokens (each is at least one character).
		expect(cutShort.length).toBeGreaterThan(0);
		expect(cutShort.length).toBeLessThan(4000);
		expect(await box.isEditable()).toBe(true);
		await screenshot(page, "widget-chat-stopped-light");

		// The widget takes the next message, and the model (no longer busy with the stopped one) answers it.
		await tokens.fill("24");
		await box.fill("And a short one?");
		await send.click();
		await stop.waitFor();
		await send.waitFor();
		expect(await answers.count()).toBe(3);
		expect((await answerText(answers.nth(2))).length).toBeGreaterThan(0);
		expect(await answers.nth(2).getAttribute("data-stopped")).toBeNull();
		expect(await widget.getByTestId("widget-error").count()).toBe(0);
		// The stopped answer did not grow meanwhile, and keeps its mark; the note is for the last Stop only.
		expect(await answerText(stoppedTurn)).toBe(cutShort);
		expect(await stoppedTurn.getAttribute("data-stopped")).toBe("true");
		expect(await note.textContent()).toBe("");
		await widget.scrollIntoViewIfNeeded();
		await screenshot(page, "widget-chat-after-stop-light");
		await context.close();
	});

	it("says plainly that no provider serves a chat model the hub cannot run", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		await visit(page, "/hubkit-demo/gemma-2-2b-it-GGUF");
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("unavailable");
		// Its GGUF file is a sample placeholder: the hub's runtime does not take it, and no other provider is mapped.
		expect(await widget.getByTestId("widget-unavailable").textContent()).toBe(
			"No provider serves this modelNone is mapped to it yet. A model whose files this hub runs itself (ONNX or GGUF weights for a task it supports) is served here as soon as they are uploaded.",
		);
		expect(await widget.getByLabel("Message").count()).toBe(0);
		expect(await widget.getByRole("button", { name: "Send" }).count()).toBe(0);
		await screenshot(page, "widget-chat-unavailable-dark");
		await context.close();
	});
});
