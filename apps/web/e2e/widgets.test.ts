/**
 * Live widgets in Chromium against the sample hub: the model the hub runs
 * itself answers with a bar chart; a call the hub refuses (a provider's model
 * without a token, e2e/widget-env.ts) shows the hub's own words; a model no
 * provider here serves says why before anyone presses Run; a speech model takes
 * a recording; a task page offers a model the hub can run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, visit } from "./browser";
import { AUDIO_WIDGET_MODEL, CHAT_WIDGET_MODEL, TOKEN_REQUIRED_MODEL } from "./widget-env";

const ROOT = new URL("../../..", import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

async function chartRows(page: Page): Promise<{ label: string; score: number }[]> {
	const chart = page.getByTestId("model-widget").getByTestId("widget-chart");
	await chart.waitFor();
	return chart.locator("li").evaluateAll((items) =>
		items.map((item) => ({
			label: item.querySelector(".widget-chart-label")?.textContent ?? "",
			score: Number(item.querySelector(".widget-chart-score")?.textContent),
		})),
	);
}

describe("widgets", () => {
	for (const colorScheme of ["light", "dark"] as const) {
		it(`runs the hub's own sentiment model and draws the scores as bars (${colorScheme})`, async () => {
			const context = await newContext(browser, { colorScheme });
			const page = await context.newPage();
			await visit(page, "/hubkit-demo/tiny-sentiment");
			const widget = page.getByTestId("model-widget");
			await expect.poll(() => widget.getAttribute("data-state")).toBe("ready");
			expect(await widget.textContent()).toContain("hf-inference");
			// The model's own widget example fills the box.
			const input = widget.getByLabel("Text", { exact: true });
			expect(await input.inputValue()).toBe("I love this movie, the soundtrack is wonderful!");
			await screenshot(page, `widget-idle-${colorScheme}`);

			await input.fill("What a boring, awful and disappointing film.");
			await widget.getByRole("button", { name: "Run" }).click();
			const negative = await chartRows(page);
			expect(negative.map((row) => row.label).sort()).toEqual(["NEGATIVE", "POSITIVE"]);
			expect(negative[0]?.label).toBe("NEGATIVE");
			expect(negative[0]?.score).toBeGreaterThan(negative[1]?.score ?? 1);

			// Ctrl+Enter runs again from the keyboard; the chart follows the new text.
			await input.fill("A wonderful, brilliant and moving story.");
			await input.press("Control+Enter");
			await expect.poll(async () => (await chartRows(page))[0]?.label).toBe("POSITIVE");
			await widget.scrollIntoViewIfNeeded();
			await screenshot(page, `widget-result-${colorScheme}`);
			await context.close();
		});
	}

	it("shows the server's answer when a call is refused, in the server's words", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		// fal-ai serves this model here (e2e/widget-env.ts), but lends its key only to callers with a hub token.
		await visit(page, `/${TOKEN_REQUIRED_MODEL}`);
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("ready");
		expect(await widget.textContent()).toContain("fal-ai");
		const prompt = widget.getByLabel("Prompt", { exact: true });
		expect(await prompt.inputValue()).not.toBe("");
		await widget.getByRole("button", { name: "Run" }).click();
		const error = widget.getByTestId("widget-error");
		await error.waitFor();
		expect(await error.getAttribute("role")).toBe("alert");
		expect(await error.getAttribute("data-code")).toBe("TokenRequired");
		const text = await error.textContent();
		expect(text).toContain("A hub access token is required");
		expect(text).toContain("HTTP 401");
		await screenshot(page, "widget-error-light");
		await context.close();
	});

	it("takes a recording for speech recognition: the sample, a rejected picture, a chosen file", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, `/${AUDIO_WIDGET_MODEL}`);
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("ready");
		// The task's sample recording is there to start with, in a player.
		const recording = widget.getByTestId("widget-recording");
		await recording.waitFor();
		expect(await recording.locator("audio").count()).toBe(1);

		await widget.getByRole("button", { name: "Change recording" }).click();
		expect(await widget.getByTestId("upload-zone").textContent()).toContain("Drop a recording here");
		const input = widget.getByLabel("Choose a recording");
		await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("png") });
		expect(await widget.getByRole("alert").textContent()).toBe(
			"Invalid file type: photo.png is of type image/png. Use WAV, MP3, FLAC, OGG, WebM or M4A.",
		);
		await input.setInputFiles({
			name: "speech.wav",
			mimeType: "audio/wav",
			buffer: readFileSync(join(ROOT, "packages/tasks/assets/demo/automatic-speech-recognition-input.wav")),
		});
		await expect.poll(() => recording.textContent()).toContain("speech.wav");
		// Through fal-ai a visitor needs a token: the hub says so before forwarding anything.
		await widget.getByRole("button", { name: "Run" }).click();
		await widget.getByTestId("widget-error").waitFor();
		expect(await widget.getByTestId("widget-error").getAttribute("data-code")).toBe("TokenRequired");
		await context.close();
	});

	it("chats from the keyboard, and a refused message goes back to the box", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		await visit(page, `/${CHAT_WIDGET_MODEL}`);
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("ready");
		const box = widget.getByLabel("Message");
		await box.fill("Name a river in Africa.");
		await box.press("Enter");
		const error = widget.getByTestId("widget-error");
		await error.waitFor();
		expect(await error.getAttribute("data-code")).toBe("TokenRequired");
		// No answer came: the message is back in the box and the conversation is as it was.
		expect(await box.inputValue()).toBe("Name a river in Africa.");
		expect(await widget.getByTestId("widget-chat-log").count()).toBe(0);
		await screenshot(page, "widget-chat-error-dark");
		await context.close();
	});

	it("says why no provider serves a model, without a Run button", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		await visit(page, "/deepseek-ai/DeepSeek-R1");
		const widget = page.getByTestId("model-widget");
		expect(await widget.getAttribute("data-state")).toBe("unavailable");
		const reason = await widget.getByTestId("widget-unavailable").textContent();
		expect(reason).toContain("No provider serves this model");
		expect(reason).toContain("together");
		expect(reason).toContain("no key set");
		expect(await widget.getByRole("button", { name: "Run" }).count()).toBe(0);
		await screenshot(page, "widget-unavailable-dark");

		await visit(page, "/facebook/deit-base-distilled-patch16-224");
		const unmapped = page.getByTestId("model-widget").getByTestId("widget-unavailable");
		expect(await unmapped.textContent()).toContain("None is mapped to it yet.");
		await context.close();
	});

	it("offers a model the hub runs on its task page", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		await visit(page, "/tasks/text-classification");
		const widget = page.getByTestId("model-widget");
		await widget.getByRole("link", { name: "hubkit-demo/tiny-sentiment" }).waitFor();
		await widget.getByRole("button", { name: "Run" }).click();
		expect((await chartRows(page)).length).toBe(2);
		await context.close();
	});
});
