/**
 * Tasks the hub routes to a third-party provider get forms of their own, filled
 * from the sample, never the raw JSON box: a video from a prompt, a video from a
 * picture, a picture edited by an instruction. fal-ai counts as set up here
 * (e2e/widget-env.ts), so Run reaches the hub, which answers a visitor without a
 * token in its own words before anything is forwarded.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, visit } from "./browser";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

const MODELS = [
	{ id: "Lightricks/LTX-Video", task: "Text-to-Video", field: "Prompt", picture: false },
	{ id: "tencent/HunyuanVideo-I2V", task: "Image-to-Video", field: "Prompt (optional)", picture: true },
	{ id: "black-forest-labs/FLUX.2-dev", task: "Image-Text-to-Image", field: "Instruction", picture: true },
] as const;

describe("widgets of routed tasks", () => {
	for (const view of [
		{ width: 1280, colorScheme: "light" },
		{ width: 390, colorScheme: "dark" },
	] as const) {
		const name = `${view.colorScheme}-${view.width}`;
		it(`shows a form of the task's own for video and instruction models (${name})`, async () => {
			const context = await newContext(browser, view);
			const page = await context.newPage();
			for (const model of MODELS) {
				await visit(page, `/${model.id}`);
				const widget = page.getByTestId("model-widget");
				expect(await widget.getAttribute("data-state"), model.id).toBe("ready");
				expect(await widget.getAttribute("data-provider"), model.id).toBe("fal-ai");
				expect(await widget.locator(".widget-task").textContent()).toBe(model.task);
				expect(await widget.getByLabel("Payload (JSON)").count(), model.id).toBe(0);
				expect(await widget.getByLabel(model.field, { exact: true }).inputValue(), model.id).not.toBe("");
				if (model.picture) await widget.locator(".widget-picture img").waitFor();
				await widget.getByRole("button", { name: "Run" }).click();
				const error = widget.getByTestId("widget-error");
				await error.waitFor();
				expect(await error.getAttribute("data-code"), model.id).toBe("TokenRequired");
				await widget.scrollIntoViewIfNeeded();
				await screenshot(page, `routed-widget-${model.id.split("/")[1]}-${name}`);
			}
			await context.close();
		});
	}
});
