/**
 * The text-ranking "Try it" in Chromium against the sample hub, in both themes at
 * 390 and 1280 px: the form holds the model's own query and texts (its widget
 * data), Run orders them with the one that answers the query first, the task
 * page's demo does the same, and a model page's widget and inference panel name
 * the same provider — or, when none serves, give the same reason.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";

const RANKER = "hubkit-demo/wink-static-ranking";
/** Of the ranker's sample texts, the one that answers its sample query. */
const ANSWER = "Click 'Forgot password' on the sign-in page to get a reset link.";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

async function widgetData(id: string): Promise<{ source_sentence?: string; query?: string; sentences?: string[] }> {
	const response = await fetch(siteUrl(`/api/models/${id}?expand[]=widgetData`));
	const body = (await response.json()) as { widgetData?: { source_sentence?: string; sentences?: string[] }[] };
	return body.widgetData?.[0] ?? {};
}

async function rankedTexts(page: Page): Promise<{ text: string; score: number }[]> {
	const list = page.getByTestId("model-widget").getByTestId("widget-ranking");
	await list.waitFor();
	return list.locator("li").evaluateAll((items) =>
		items.map((item) => ({
			text: item.querySelector(".widget-ranking-text")?.textContent ?? "",
			score: Number(item.querySelector(".widget-chart-score")?.textContent),
		})),
	);
}

/** The query and texts the form holds. */
async function formValues(page: Page): Promise<{ query: string; texts: string[] }> {
	const widget = page.getByTestId("model-widget");
	const query = await widget.getByLabel("Query", { exact: true }).inputValue();
	const texts = await widget
		.getByRole("group", { name: "Texts to rank" })
		.getByRole("textbox")
		.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
	return { query, texts };
}

const VIEWS = [
	{ width: 390, colorScheme: "light" },
	{ width: 390, colorScheme: "dark" },
	{ width: 1280, colorScheme: "light" },
	{ width: 1280, colorScheme: "dark" },
] as const;

describe("text-ranking widget", () => {
	for (const view of VIEWS) {
		const name = `${view.colorScheme}-${view.width}`;

		it(`ranks the model's own sample, and the panel names the widget's provider (${name})`, async () => {
			const sample = await widgetData(RANKER);
			expect(sample.sentences).toContain(ANSWER);
			const context = await newContext(browser, view);
			const page = await context.newPage();
			await visit(page, `/${RANKER}`);
			const widget = page.getByTestId("model-widget");
			expect(await widget.getAttribute("data-state")).toBe("ready");
			expect(await widget.getAttribute("data-provider")).toBe("hf-inference");
			expect(await widget.locator(".widget-provider").textContent()).toBe("via hf-inference");
			// A form of the task's own, from the widget data: never the raw JSON box.
			expect(await widget.getByLabel("Payload (JSON)").count()).toBe(0);
			expect(await formValues(page)).toEqual({
				query: sample.query ?? sample.source_sentence,
				texts: sample.sentences,
			});

			// The panel below opens on the provider the widget calls, with a call that works here.
			const panel = page.getByTestId("inference-panel");
			expect(await panel.getByLabel("Provider").inputValue()).toBe("hf-inference");
			expect(await panel.getByTestId("not-routed-reason").count()).toBe(0);
			expect(await page.getByText("No inference provider serves this model").count()).toBe(0);
			expect(await panel.locator(".code-block code").last().textContent()).toContain(`/hf-inference/models/${RANKER}`);

			await widget.getByRole("button", { name: "Run" }).click();
			const ranked = await rankedTexts(page);
			expect(ranked.map((row) => row.text).sort()).toEqual([...(sample.sentences ?? [])].sort());
			expect(ranked[0]?.text).toBe(ANSWER);
			expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 1);
			// The form, the ranked answer and the panel's call: no serious or critical axe finding.
			expect(await seriousViolations(page)).toEqual([]);
			await widget.scrollIntoViewIfNeeded();
			await screenshot(page, `ranking-widget-${name}`);

			if (view.width === 1280 && view.colorScheme === "light") {
				// The order follows the visitor's own query and texts.
				await widget.getByLabel("Query", { exact: true }).fill("when is the office closed");
				await widget.getByRole("button", { name: "Add a text" }).click();
				await widget.getByLabel("Text 3", { exact: true }).fill("The harbour ferry leaves every hour.");
				await widget.getByRole("button", { name: "Run" }).click();
				await expect
					.poll(async () => (await rankedTexts(page))[0]?.text)
					.toBe("Our office is closed on public holidays.");
				expect((await rankedTexts(page)).length).toBe(3);
			}
			await context.close();
		});
	}

	for (const view of [VIEWS[1], VIEWS[2]]) {
		const name = `${view.colorScheme}-${view.width}`;
		it(`runs on the text-ranking task page (${name})`, async () => {
			const context = await newContext(browser, view);
			const page = await context.newPage();
			await visit(page, "/tasks/text-ranking");
			const widget = page.getByTestId("model-widget");
			await widget.getByRole("link", { name: RANKER }).waitFor();
			expect(await widget.getByLabel("Payload (JSON)").count()).toBe(0);
			expect((await formValues(page)).texts).toContain(ANSWER);
			await widget.getByRole("button", { name: "Run" }).click();
			expect((await rankedTexts(page))[0]?.text).toBe(ANSWER);
			await widget.scrollIntoViewIfNeeded();
			await screenshot(page, `ranking-task-page-${name}`);
			await context.close();
		});
	}

	for (const view of [VIEWS[0], VIEWS[3]]) {
		const name = `${view.colorScheme}-${view.width}`;
		it(`says in the widget and the panel alike that no provider serves a model (${name})`, async () => {
			const context = await newContext(browser, view);
			const page = await context.newPage();
			// Mapped to a provider this hub has no key for; then mapped to none at all.
			for (const model of ["deepseek-ai/DeepSeek-R1", "facebook/deit-base-distilled-patch16-224"]) {
				await visit(page, `/${model}`);
				const widget = page.getByTestId("model-widget");
				expect(await widget.getAttribute("data-state")).toBe("unavailable");
				const reason = await widget.locator(".widget-unavailable p:not(.widget-unavailable-title)").textContent();
				expect(reason).toBeTruthy();
				expect(await page.getByTestId("inference-unavailable").textContent()).toBe(reason);
				const picker = page.getByTestId("inference-panel").getByLabel("Provider");
				if ((await picker.count()) > 0) expect(await page.getByTestId("not-routed-reason").count()).toBe(1);
			}
			await page.getByTestId("model-widget").scrollIntoViewIfNeeded();
			await screenshot(page, `ranking-unserved-${name}`);
			await context.close();
		});
	}
});
