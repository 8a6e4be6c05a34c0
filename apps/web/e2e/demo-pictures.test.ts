/**
 * The task pages' demo pictures are large enough for the widths the site asks for:
 * `/_next/image` answers each listed width with a picture that wide (up to the source's
 * 1152 px), and a demo picture on a screen of twice the density gets at least as many
 * pixels as it covers, in both themes, at 390 and 1280 px.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, siteUrl, visit } from "./browser";

let browser: Browser;
beforeAll(async () => {
	browser = await launchBrowser();
});
afterAll(async () => {
	await browser?.close();
});

/** The width written in a PNG's header (IHDR). */
function pngWidth(bytes: Buffer): number {
	expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
	return bytes.readUInt32BE(16);
}

describe("demo pictures", () => {
	it("are served by /_next/image at each width the site asks for", async () => {
		const widthOf = async (file: string, width: number) => {
			const url = `/_next/image?url=${encodeURIComponent(`/assets/demo/${file}`)}&w=${width}&q=75`;
			const response = await fetch(siteUrl(url), { headers: { accept: "image/png" } });
			expect(response.status).toBe(200);
			expect(response.headers.get("content-type")).toBe("image/png");
			return pngWidth(Buffer.from(await response.arrayBuffer()));
		};
		for (const file of ["object-detection-input.png", "image-classification-input.png", "text-to-image-output.png"]) {
			const widths = [await widthOf(file, 640), await widthOf(file, 1080), await widthOf(file, 1920)];
			expect(widths, file).toEqual([640, 1080, 1152]);
		}
		// The invoice is taller than wide: 1152 × 1440 pixels.
		expect(await widthOf("document-question-answering-input.png", 1920)).toBe(1152);
	});

	for (const [width, colorScheme] of [
		[1280, "light"],
		[1280, "dark"],
		[390, "light"],
		[390, "dark"],
	] as const) {
		it(`fill their box on a screen of twice the density (${width} px, ${colorScheme})`, async () => {
			const context = await browser.newContext({
				viewport: { width, height: 900 },
				deviceScaleFactor: 2,
				colorScheme,
			});
			const page = await context.newPage();
			await visit(page, "/tasks/object-detection");
			const image = page.locator(".demo-image img").first();
			await image.scrollIntoViewIfNeeded();
			// The optimiser makes each width on first request, which can take seconds on a busy machine.
			await image.evaluate((element) => (element as HTMLImageElement).decode());
			// naturalWidth is scaled by the srcset's density: the file the browser chose tells its real width.
			const { natural, shown } = await image.evaluate(async (element) => {
				const picture = element as HTMLImageElement;
				const bitmap = await createImageBitmap(await (await fetch(picture.currentSrc)).blob());
				return { natural: bitmap.width, shown: picture.getBoundingClientRect().width };
			});
			expect(natural).toBeGreaterThanOrEqual(Math.min(1152, Math.ceil(shown * 2)));
			await screenshot(page, `demo-pictures-${width}-${colorScheme}`);
			await context.close();
		});
	}
});
