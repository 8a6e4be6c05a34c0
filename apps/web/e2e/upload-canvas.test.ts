/**
 * The image input of a widget in Chromium: the upload area's rejections (file
 * input and a synthetic drop), paste, and the canvas editor — a brush stroke
 * changes pixels, undo and redo take it away and back, and the exported PNG
 * decodes, keeps the picture's size and differs from the original only where
 * it was drawn.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, siteUrl, visit } from "./browser";
import { IMAGE_WIDGET_MODEL } from "./widget-env";

/** An image-to-image model served through fal-ai here (e2e/widget-env.ts): its widget takes a picture. */
const MODEL = `/${IMAGE_WIDGET_MODEL}`;
const RED = [239, 68, 68];

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** A PNG of `width`×`height`, made by the browser (two colours, so pixels can be told apart). */
async function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
	const base64 = await page.evaluate(
		async ([w, h]) => {
			const canvas = new OffscreenCanvas(w as number, h as number);
			const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
			context.fillStyle = "#1d4ed8";
			context.fillRect(0, 0, w as number, h as number);
			context.fillStyle = "#fde68a";
			context.fillRect(0, 0, (w as number) / 2, (h as number) / 2);
			const blob = await canvas.convertToBlob({ type: "image/png" });
			const bytes = new Uint8Array(await blob.arrayBuffer());
			return btoa(String.fromCharCode(...bytes));
		},
		[width, height],
	);
	return Buffer.from(base64, "base64");
}

/** Drops files on the upload area the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, zone: Locator, files: { name: string; base64: string; type: string }[]) {
	const dataTransfer = await page.evaluateHandle((list) => {
		const transfer = new DataTransfer();
		for (const file of list) {
			const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
			transfer.items.add(new File([bytes], file.name, { type: file.type }));
		}
		return transfer;
	}, files);
	await zone.dispatchEvent("dragenter", { dataTransfer });
	await zone.dispatchEvent("drop", { dataTransfer });
}

async function openUploadArea(page: Page): Promise<Locator> {
	await visit(page, MODEL);
	const widget = page.getByTestId("model-widget");
	// The widget starts from the model's sample picture; "Change picture" brings the upload area.
	await widget.getByTestId("widget-picture").waitFor();
	await widget.getByRole("button", { name: "Change picture" }).click();
	await widget.getByTestId("upload-zone").waitFor();
	return widget;
}

/** The RGB of one pixel of the editor's drawing area (canvas pixels, not screen pixels). */
function pixel(canvas: Locator, x: number, y: number): Promise<number[]> {
	return canvas.evaluate(
		(element, [px, py]) => {
			const context = (element as HTMLCanvasElement).getContext("2d") as CanvasRenderingContext2D;
			return [...context.getImageData(px as number, py as number, 1, 1).data.slice(0, 3)];
		},
		[x, y],
	);
}

const near = (a: number[], b: number[]) => a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= 3);

describe("upload area", () => {
	it("turns files away with the message for each reason", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		const widget = await openUploadArea(page);
		const input = widget.locator('input[type="file"]');
		const alert = widget.getByRole("alert");

		await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
		expect(await alert.textContent()).toBe(
			"Invalid file type: notes.txt is of type text/plain. Use PNG, JPEG, WebP, GIF or BMP.",
		);

		await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024) });
		expect(await alert.textContent()).toBe("File too large: huge.png is 11 MB; the limit is 10 MB.");

		await input.setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: await pngBytes(page, 8, 8) });
		await expect.poll(() => alert.textContent()).toContain("Image too small: tiny.png is 8×8 pixels");

		await input.setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not a png at all") });
		await expect.poll(() => alert.textContent()).toBe("broken.png could not be read as a picture.");

		const zone = widget.getByTestId("upload-zone");
		const picture = (await pngBytes(page, 64, 48)).toString("base64");
		await dropFiles(page, zone, [
			{ name: "one.png", base64: picture, type: "image/png" },
			{ name: "two.png", base64: picture, type: "image/png" },
		]);
		await expect.poll(() => alert.textContent()).toBe("Too many files: choose one picture at a time.");
		await screenshot(page, "upload-rejection-light");

		// One good file dropped is taken, and the message goes away.
		await dropFiles(page, zone, [{ name: "dropped.png", base64: picture, type: "image/png" }]);
		await widget.getByTestId("widget-picture").waitFor();
		expect(await widget.getByTestId("widget-picture").textContent()).toContain("dropped.png");
		expect(await alert.count()).toBe(0);
		await context.close();
	});

	it("takes a pasted picture, and a chosen one runs through the widget", async () => {
		const context = await newContext(browser, { colorScheme: "dark" });
		const page = await context.newPage();
		const widget = await openUploadArea(page);
		const picture = (await pngBytes(page, 64, 48)).toString("base64");
		await page.evaluate((base64) => {
			const transfer = new DataTransfer();
			const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
			transfer.items.add(new File([bytes], "pasted.png", { type: "image/png" }));
			document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true }));
		}, picture);
		await widget.getByTestId("widget-picture").waitFor();
		expect(await widget.getByTestId("widget-picture").textContent()).toContain("pasted.png");

		await widget.getByRole("button", { name: "Change picture" }).click();
		await widget.locator('input[type="file"]').setInputFiles({
			name: "chosen.png",
			mimeType: "image/png",
			buffer: Buffer.from(picture, "base64"),
		});
		await widget.getByTestId("widget-picture").waitFor();
		// A visitor has no token: the hub answers before forwarding, and its words are shown.
		await widget.getByRole("button", { name: "Run" }).click();
		const error = widget.getByTestId("widget-error");
		await error.waitFor();
		expect(await error.getAttribute("data-code")).toBe("TokenRequired");
		await context.close();
	});
});

describe("canvas editor", () => {
	it("draws, undoes and redoes, and exports a PNG that differs where it was drawn", async () => {
		const context = await newContext(browser);
		const page = await context.newPage();
		const widget = await openUploadArea(page);
		const original = await pngBytes(page, 240, 160);
		await widget
			.locator('input[type="file"]')
			.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: original });
		await widget.getByTestId("widget-picture").waitFor();

		await widget.getByRole("button", { name: "Edit", exact: true }).click();
		const dialog = page.getByRole("dialog", { name: "Edit the picture" });
		const area = dialog.getByRole("application", { name: "Drawing area" });
		const canvas = area.locator("canvas");
		await canvas.waitFor();
		expect(
			await canvas.evaluate((element) => [(element as HTMLCanvasElement).width, (element as HTMLCanvasElement).height]),
		).toEqual([240, 160]);

		// A stroke across the middle (the picture is blue there) with the red brush.
		const centre = [120, 120];
		const before = await pixel(canvas, centre[0] ?? 0, centre[1] ?? 0);
		expect(near(before, RED)).toBe(false);
		const box = await canvas.boundingBox();
		if (!box) throw new Error("the drawing area is not on screen");
		const y = box.y + box.height * (120 / 160);
		await page.mouse.move(box.x + box.width * 0.25, y);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width * 0.75, y, { steps: 8 });
		await page.mouse.up();
		expect(near(await pixel(canvas, 120, 120), RED)).toBe(true);

		const undo = dialog.getByRole("button", { name: "Undo" });
		const redo = dialog.getByRole("button", { name: "Redo" });
		await undo.click();
		expect(near(await pixel(canvas, 120, 120), before)).toBe(true);
		expect(await undo.isDisabled()).toBe(true);
		await redo.click();
		expect(near(await pixel(canvas, 120, 120), RED)).toBe(true);
		// The keyboard shortcuts do the same from anywhere in the editor.
		await area.focus();
		await page.keyboard.press("Control+z");
		expect(near(await pixel(canvas, 120, 120), before)).toBe(true);
		await page.keyboard.press("Control+Shift+z");
		expect(near(await pixel(canvas, 120, 120), RED)).toBe(true);

		// The keyboard draws too: the cursor sits where the pointer last went down (60, 120);
		// five steps up (8 px each) bring it to (60, 80), and Enter stamps the chosen sticker there.
		await dialog.getByRole("radio", { name: "Sticker" }).check();
		await dialog.getByRole("radio", { name: "Star" }).check();
		await dialog.getByRole("radio", { name: "Yellow" }).check();
		const beforeStamp = await pixel(canvas, 60, 80);
		await area.focus();
		for (let step = 0; step < 5; step++) await page.keyboard.press("ArrowUp");
		await page.keyboard.press("Enter");
		expect(near(await pixel(canvas, 60, 80), beforeStamp)).toBe(false);
		expect(near(await pixel(canvas, 60, 80), [0xfa, 0xcc, 0x15])).toBe(true);
		await dialog.getByRole("radio", { name: "Text" }).check();
		await dialog.getByLabel("Text to place").fill("Hi");
		await canvas.click({ position: { x: box.width * 0.2, y: box.height * 0.2 } });
		await screenshot(page, "canvas-editor-light");
		await page.emulateMedia({ colorScheme: "dark" });
		await screenshot(page, "canvas-editor-dark");

		await dialog.getByRole("button", { name: "Use this picture" }).click();
		await dialog.waitFor({ state: "hidden" });
		const picture = widget.getByTestId("widget-picture");
		await expect.poll(() => picture.textContent()).toContain("edited.png");

		// Read the exported PNG back: it decodes, keeps the size, is red on the stroke, untouched far from it.
		const exported = await picture.locator("img").evaluate(async (image) => {
			const blob = await (await fetch((image as HTMLImageElement).src)).blob();
			const bitmap = await createImageBitmap(blob);
			const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
			const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
			context.drawImage(bitmap, 0, 0);
			const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
			const bytes = new Uint8Array(await blob.arrayBuffer());
			return {
				type: blob.type,
				signature: [...bytes.slice(0, 8)],
				width: bitmap.width,
				height: bitmap.height,
				stroke: at(120, 120),
				corner: at(5, 155),
			};
		});
		expect(exported.type).toBe("image/png");
		expect(exported.signature).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
		expect([exported.width, exported.height]).toEqual([240, 160]);
		expect(near(exported.stroke, RED)).toBe(true);
		expect(near(exported.corner, [0x1d, 0x4e, 0xd8])).toBe(true);
		await context.close();
	});
});

describe("sticker artwork", () => {
	/** The smiling face's yellow (public/stickers/smile.svg), which fills the middle of the sticker. */
	const SMILE_YELLOW = [0xff, 0xc8, 0x3d];

	it("is served by the site as SVG", async () => {
		for (const name of ["smile", "party", "cat"]) {
			const response = await fetch(siteUrl(`/stickers/${name}.svg`));
			expect(response.status, name).toBe(200);
			expect(response.headers.get("content-type"), name).toContain("image/svg+xml");
			expect(await response.text(), name).toContain("<svg");
		}
	});

	// This Chromium has no colour-emoji font (fc-list lists DejaVu and Liberation only): a sticker
	// taken from a font would draw an empty box; the artwork draws the same everywhere.
	for (const [width, colorScheme] of [
		[1280, "light"],
		[1280, "dark"],
		[390, "light"],
		[390, "dark"],
	] as const) {
		it(`stamps the smiling face from its SVG, in the editor and the export (${width} px, ${colorScheme})`, async () => {
			const context = await newContext(browser, { width, colorScheme });
			const page = await context.newPage();
			const widget = await openUploadArea(page);
			await widget
				.locator('input[type="file"]')
				.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await pngBytes(page, 240, 160) });
			await widget.getByTestId("widget-picture").waitFor();
			await widget.getByRole("button", { name: "Edit", exact: true }).click();
			const dialog = page.getByRole("dialog", { name: "Edit the picture" });
			const canvas = dialog.getByRole("application", { name: "Drawing area" }).locator("canvas");
			await canvas.waitFor();

			await dialog.getByRole("radio", { name: "Sticker" }).check();
			const choice = dialog.getByRole("radio", { name: "Smiling face" });
			await choice.check();
			// The palette shows the artwork itself, fetched from the site.
			const icon = dialog.locator('label[title="Smiling face"] img');
			expect(await icon.evaluate((image) => new URL((image as HTMLImageElement).currentSrc).pathname)).toBe(
				"/stickers/smile.svg",
			);
			expect(await icon.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

			const box = await canvas.boundingBox();
			if (!box) throw new Error("the drawing area is not on screen");
			await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
			expect(near(await pixel(canvas, 120, 80), SMILE_YELLOW)).toBe(true);
			await screenshot(page, `canvas-sticker-${width}-${colorScheme}`);

			await dialog.getByRole("button", { name: "Use this picture" }).click();
			await dialog.waitFor({ state: "hidden" });
			const picture = widget.getByTestId("widget-picture");
			await expect.poll(() => picture.textContent()).toContain("edited.png");
			const exported = await picture.locator("img").evaluate(async (image) => {
				const bitmap = await createImageBitmap(await (await fetch((image as HTMLImageElement).src)).blob());
				const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
				const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
				context.drawImage(bitmap, 0, 0);
				return [...context.getImageData(120, 80, 1, 1).data.slice(0, 3)];
			});
			expect(near(exported, SMILE_YELLOW)).toBe(true);
			await context.close();
		});
	}
});
