/**
 * The sample models whose "Try it" changed, in Chromium (both themes, 390 and 1280 px): the
 * OCR model, the clinical-notes tagger and PocketSphinx answer their own widget samples with what the hub-level
 * test (packages/hub/test/sample-answers.test.ts) expects, and so does Apertium on the translation
 * task page where Debian's apertium-eng-spa is installed (`.ci/run` installs it); task pages on which
 * no model can be tried here (summarization, object detection) say in one line what to add. Run
 * waits for the sample picture it sends (a press before it came sent nothing).
 */
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, visit } from "./browser";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** Where the hub lists its translation sample (runtime/packaged/apertium.ts checks the same file). */
const APERTIUM = existsSync("/usr/share/apertium/modes/eng-spa.mode");
const NO_MODEL_TASKS = [
	["summarization", "summarization"],
	["object-detection", "object detection"],
	...(APERTIUM ? [] : [["translation", "translation"]]),
] as const;

/** A first call loads the model in a worker, on a machine busy with the browser and the site. */
const MODEL_CALL_TIMEOUT_MS = 180_000;

const VIEWS = [
	{ colorScheme: "light", width: 1280 },
	{ colorScheme: "dark", width: 390 },
	{ colorScheme: "dark", width: 1280 },
	{ colorScheme: "light", width: 390 },
] as const;

async function runSample(page: Page): Promise<ReturnType<Page["getByTestId"]>> {
	const widget = page.getByTestId("model-widget");
	await expect.poll(() => widget.getAttribute("data-state")).toBe("ready");
	// The first page's scripts may take a while on a busy machine: Run appears once React runs the form.
	await widget.getByRole("button", { name: "Run" }).click({ timeout: MODEL_CALL_TIMEOUT_MS });
	const result = widget.getByTestId("widget-result");
	// A failure is shown, not waited out: the test then fails with the widget's own words.
	const failure = widget.getByTestId("widget-error");
	await result.or(failure).waitFor({ timeout: MODEL_CALL_TIMEOUT_MS });
	if (await failure.count()) throw new Error(`The widget failed: ${await failure.textContent()}`);
	return result;
}

/** Holds back the widget's own fetches of a picture (its sample) until `release` is called. */
async function holdSamplePicture(page: Page): Promise<{ held: Promise<void>; release(): void }> {
	let release = () => {};
	const released = new Promise<void>((resolve) => {
		release = resolve;
	});
	let seen = () => {};
	const held = new Promise<void>((resolve) => {
		seen = resolve;
	});
	await page.route(/\.(png|jpe?g|webp)$/, async (route) => {
		if (route.request().resourceType() !== "fetch") return route.continue();
		seen();
		await released;
		await route.continue();
	});
	return { held, release };
}

const INVOICE_LINES = ["No. 1042", "Date: 2026-03-14", "Office chair 89.00", "TOTAL 154.20"];

/** What the page's own horizontal overflow is: 0 when nothing sticks out sideways. */
const overflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the sample models a visitor can try", () => {
	for (const view of VIEWS) {
		const name = `${view.colorScheme}-${view.width}`;

		it(
			`reads the sample invoice's number, date and amounts (OCR, ${name})`,
			async () => {
				const context = await newContext(browser, view);
				const page = await context.newPage();
				await visit(page, "/hubkit-demo/tesseract-eng");
				const text = (await (await runSample(page)).textContent()) ?? "";
				for (const line of INVOICE_LINES) expect(text).toContain(line);
				await screenshot(page, `sample-ocr-${name}`);
				await context.close();
			},
			MODEL_CALL_TIMEOUT_MS * 2,
		);

		it(
			`tags the clinical note's drugs, doses, frequencies and conditions (${name})`,
			async () => {
				const context = await newContext(browser, view);
				const page = await context.newPage();
				await visit(page, "/hubkit-demo/clinical-notes-ner");
				const spans = (await runSample(page)).getByTestId("widget-spans");
				const marks = await spans
					.locator("mark")
					.evaluateAll((items) =>
						items.map((item) => [
							item.querySelector(".widget-span-label")?.textContent ?? "",
							item.firstChild?.textContent ?? "",
						]),
					);
				expect(marks).toEqual([
					["DRUG", "metformin"],
					["DOSE", "500 mg"],
					["FREQUENCY", "twice daily"],
					["CONDITION", "diabetes"],
					["DRUG", "lisinopril"],
					["DOSE", "10 mg"],
					["FREQUENCY", "once daily"],
					["CONDITION", "hypertension"],
				]);
				expect(await overflow(page)).toBe(0);
				await page.getByTestId("model-widget").scrollIntoViewIfNeeded();
				await screenshot(page, `sample-clinical-ner-${name}`);
				await context.close();
			},
			MODEL_CALL_TIMEOUT_MS,
		);

		it(
			`transcribes PocketSphinx's own test recording (${name})`,
			async () => {
				const context = await newContext(browser, view);
				const page = await context.newPage();
				await visit(page, "/hubkit-demo/pocketsphinx-en-us");
				// The model's own recording, from its repository, is the sample.
				await page.getByTestId("widget-recording").waitFor();
				const text = (await runSample(page)).getByTestId("widget-text");
				expect(await text.textContent()).toBe("go forward ten meters");
				expect(await overflow(page)).toBe(0);
				await page.getByTestId("model-widget").scrollIntoViewIfNeeded();
				await screenshot(page, `sample-pocketsphinx-${name}`);
				await context.close();
			},
			MODEL_CALL_TIMEOUT_MS,
		);

		it(
			`translates the translation page's sample with Apertium where it is installed (${name})`,
			async () => {
				const context = await newContext(browser, view);
				const page = await context.newPage();
				await visit(page, "/tasks/translation");
				if (!APERTIUM) {
					expect(await page.getByTestId("model-widget").count()).toBe(0);
					await context.close();
					return;
				}
				expect(await page.getByTestId("model-widget").textContent()).toContain("hubkit-demo/apertium-eng-spa");
				const text = (await runSample(page)).getByTestId("widget-text");
				expect(await text.textContent()).toBe("El tiempo es bueno hoy, así que estamos yendo a la playa.");
				expect(await overflow(page)).toBe(0);
				await page.getByTestId("model-widget").scrollIntoViewIfNeeded();
				await screenshot(page, `sample-apertium-${name}`);
				await context.close();
			},
			MODEL_CALL_TIMEOUT_MS,
		);

		it(
			`says in one line what to add where no model can be tried (${name})`,
			async () => {
				const context = await newContext(browser, view);
				const page = await context.newPage();
				for (const [task, label] of NO_MODEL_TASKS) {
					await visit(page, `/tasks/${task}`);
					expect(await page.getByTestId("model-widget").count(), task).toBe(0);
					const none = page.getByTestId("task-widget-none");
					expect(await none.getByRole("heading", { name: "Try it" }).count(), task).toBe(1);
					expect(await none.locator("p").textContent(), task).toBe(
						`No ${label} model ships with this hub: add a model repository holding an ONNX folder for the task (transformers.js layout: config.json, tokenizer files, onnx/model.onnx) to try one here.`,
					);
					expect(await overflow(page), task).toBe(0);
				}
				await page.getByTestId("task-widget-none").scrollIntoViewIfNeeded();
				await screenshot(page, `task-try-it-none-${name}`);
				await context.close();
			},
			MODEL_CALL_TIMEOUT_MS,
		);
	}

	it(
		"runs the OCR sample only once its picture has come: Run waits for it",
		async () => {
			const context = await newContext(browser, VIEWS[0]);
			const page = await context.newPage();
			const picture = await holdSamplePicture(page);
			await visit(page, "/hubkit-demo/tesseract-eng");
			const widget = page.getByTestId("model-widget");
			// The sample is fetched from an effect: React has taken over the widget. The render that
			// effect pass scheduled (the form's hydrated state) has run once the page's next frame has.
			await picture.held;
			await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
			await widget.getByText("Loading the sample picture…").waitFor();
			expect(await widget.getByRole("button", { name: "Run" }).isDisabled()).toBe(true);
			picture.release();
			// Pressed as soon as it can be: the picture is there by then.
			const text = (await (await runSample(page)).textContent()) ?? "";
			for (const line of INVOICE_LINES) expect(text).toContain(line);
			await context.close();
		},
		MODEL_CALL_TIMEOUT_MS * 2,
	);
});
