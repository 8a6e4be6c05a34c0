/**
 * The depth and segmentation widgets in Chromium against the e2e hub's own
 * hand-set models (e2e/vision-models.ts): a picture chosen in the upload area
 * runs through the hub's runtime, and the answer is drawn where it belongs —
 * the depth map beside the picture, white where the picture is bright; the
 * masks over the picture, coloured where the red and blue squares are, with a
 * legend that names them and hides a mask when pressed. axe finds no serious
 * violation in either result, in either theme.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { launchBrowser, newContext, screenshot, visit } from "./browser";
import { DEPTH_MODEL, SEGMENT_LABELS, SEGMENTATION_MODEL } from "./vision-models";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

const WIDTH = 96;
const HEIGHT = 64;
/** Where the test pictures' squares are: 24×24, centred at (24, 32) and (72, 32). */
const LEFT_SQUARE = { x: 12, y: 20 };
const RIGHT_SQUARE = { x: 60, y: 20 };
const SQUARE = 24;

/** A 96×64 PNG drawn by the browser: a background and two squares, each in its colour. */
async function picture(page: Page, background: string, left: string, right: string): Promise<Buffer> {
	const base64 = await page.evaluate(
		async ({ width, height, size, squares, colours }) => {
			const canvas = new OffscreenCanvas(width, height);
			const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
			context.fillStyle = colours[0] as string;
			context.fillRect(0, 0, width, height);
			squares.forEach((square, index) => {
				context.fillStyle = colours[index + 1] as string;
				context.fillRect(square.x, square.y, size, size);
			});
			const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer());
			return btoa(String.fromCharCode(...bytes));
		},
		{
			width: WIDTH,
			height: HEIGHT,
			size: SQUARE,
			squares: [LEFT_SQUARE, RIGHT_SQUARE],
			colours: [background, left, right],
		},
	);
	return Buffer.from(base64, "base64");
}

/** Opens the model's widget and gives it `bytes` through the upload area. */
async function chooseAndRun(page: Page, model: string, bytes: Buffer): Promise<Locator> {
	await visit(page, `/${model}`);
	const widget = page.getByTestId("model-widget");
	await expect.poll(() => widget.getAttribute("data-state")).toBe("ready");
	expect(await widget.textContent()).toContain("hf-inference");
	// It starts from the task's sample picture; "Change picture" brings the upload area.
	await widget.getByTestId("widget-picture").waitFor();
	await widget.getByRole("button", { name: "Change picture" }).click();
	await widget
		.locator('input[type="file"]')
		.setInputFiles({ name: "squares.png", mimeType: "image/png", buffer: bytes });
	await expect.poll(() => widget.getByTestId("widget-picture").textContent()).toContain("squares.png");
	await widget.getByRole("button", { name: "Run" }).click();
	return widget;
}

/** RGBA of pixels of an <img> as decoded by the browser, at its natural size. */
function imagePixels(image: Locator, points: { x: number; y: number }[]): Promise<number[][]> {
	return image.evaluate(async (element, list) => {
		const img = element as HTMLImageElement;
		await img.decode();
		const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
		const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
		context.drawImage(img, 0, 0);
		return list.map((point) => [...context.getImageData(point.x, point.y, 1, 1).data]);
	}, points);
}

/** RGB of points of a PNG screenshot, decoded in the page. */
function screenshotPixels(page: Page, png: Buffer, points: { x: number; y: number }[]): Promise<number[][]> {
	return page.evaluate(
		async ({ base64, list }) => {
			const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
			const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
			const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
			const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
			context.drawImage(bitmap, 0, 0);
			return list.map((point) => [...context.getImageData(point.x, point.y, 1, 1).data.slice(0, 3)]);
		},
		{ base64: png.toString("base64"), list: points },
	);
}

const centreOf = (square: { x: number; y: number }) => ({ x: square.x + SQUARE / 2, y: square.y + SQUARE / 2 });
const near = (a: number[] | undefined, b: number[], tolerance = 12) =>
	b.every((value, index) => Math.abs((a?.[index] ?? -999) - value) <= tolerance);

describe("picture-map widgets", () => {
	for (const colorScheme of ["light", "dark"] as const) {
		it(`shows the depth map beside the picture, white where it is bright (${colorScheme})`, async () => {
			const context = await newContext(browser, { colorScheme });
			const page = await context.newPage();
			// Black, with a white square on the left and a mid-grey one on the right.
			const widget = await chooseAndRun(page, DEPTH_MODEL, await picture(page, "#000000", "#ffffff", "#808080"));
			const result = widget.getByTestId("widget-depth");
			await result.waitFor();
			expect(await result.getByRole("img", { name: "Your input", exact: true }).count()).toBe(1);
			const depth = result.getByTestId("widget-depth-image");
			expect(await depth.getAttribute("alt")).toContain("depth map");
			// Brightness is depth, scaled so the largest is white: the white square 255, the grey one half, black 0.
			const [white, grey, black] = await imagePixels(depth, [
				centreOf(LEFT_SQUARE),
				centreOf(RIGHT_SQUARE),
				{ x: 4, y: 4 },
			]);
			expect(near(white, [255, 255, 255], 2)).toBe(true);
			expect(near(grey, [128, 128, 128], 3)).toBe(true);
			expect(near(black, [0, 0, 0], 2)).toBe(true);
			// The values it was scaled from: brightness from 0 to 1.
			expect(await result.textContent()).toContain("Values from 0 to 1.");
			expect(await seriousViolations(page)).toEqual([]);
			await screenshot(page, `widget-depth-${colorScheme}`);
			await context.close();
		});

		it(`lays a coloured mask over each segment, named in a legend that hides it (${colorScheme})`, async () => {
			const context = await newContext(browser, { colorScheme });
			const page = await context.newPage();
			// Grey, with a red square on the left and a blue one on the right.
			const widget = await chooseAndRun(page, SEGMENTATION_MODEL, await picture(page, "#808080", "#ff0000", "#0000ff"));
			const result = widget.getByTestId("widget-segments");
			await result.waitFor();
			const legend = result.getByRole("list", { name: /Segments/ });
			const toggles = legend.getByRole("button");
			await expect.poll(() => toggles.count()).toBe(3);
			const names = await toggles.allTextContents();
			expect(names.map((name) => SEGMENT_LABELS.find((label) => name.startsWith(label))).sort()).toEqual(
				[...SEGMENT_LABELS].sort(),
			);
			// Each square is 576 of the picture's 6,144 pixels: 9%.
			await expect
				.poll(() => legend.getByRole("button", { name: /^red/ }).textContent())
				.toContain("9% of the picture");
			expect(await result.getByRole("img").getAttribute("alt")).toMatch(/background, red, blue|red.*blue/);

			// The red label's mask covers the red square, not the blue one: coloured there, clear elsewhere.
			const redMask = result.locator('[data-testid="widget-mask"][data-label="red"]');
			const [inside, outside] = await redMask.evaluate(
				(element, points) => {
					const canvas = element as HTMLCanvasElement;
					const context = canvas.getContext("2d") as CanvasRenderingContext2D;
					return points.map((point) => [...context.getImageData(point.x, point.y, 1, 1).data]);
				},
				[centreOf(LEFT_SQUARE), centreOf(RIGHT_SQUARE)],
			);
			expect(inside?.[3]).toBeGreaterThan(100);
			expect(inside?.[3]).toBeLessThan(255);
			expect(outside?.[3]).toBe(0);

			// On screen, the red square is tinted by the overlay; hiding "red" shows it bare again.
			const overlay = result.locator(".widget-detection");
			const point = centreOf(LEFT_SQUARE);
			const [tinted] = await screenshotPixels(page, await overlay.screenshot(), [point]);
			// The mask's colour at its opacity over the red square (the other masks are clear there).
			const alpha = (inside?.[3] ?? 0) / 255;
			const blended = [255, 0, 0].map((base, channel) => base * (1 - alpha) + (inside?.[channel] ?? 0) * alpha);
			expect(near(tinted, blended, 12)).toBe(true);
			expect(near(tinted, [255, 0, 0], 20)).toBe(false);
			await screenshot(page, `widget-segments-${colorScheme}`);

			const redToggle = legend.getByRole("button", { name: /^red/ });
			await redToggle.click();
			expect(await redToggle.getAttribute("aria-pressed")).toBe("false");
			expect(await redMask.isHidden()).toBe(true);
			const [bare] = await screenshotPixels(page, await overlay.screenshot(), [point]);
			expect(near(bare, [255, 0, 0], 3)).toBe(true);
			await redToggle.click();
			expect(await redMask.isVisible()).toBe(true);
			expect(await seriousViolations(page)).toEqual([]);
			await context.close();
		});
	}
});
