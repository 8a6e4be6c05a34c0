/**
 * What the e2e tests of a repository's Files tab share: dropping files on the upload area as a
 * browser does, and reading the messages it turns files away with.
 */
import type { Page } from "playwright-core";

export type DropSpec = { name: string; text?: string; randomBytes?: number; hugeBytes?: number };

/** Drops files on the upload area the way a browser does: dragenter, dragover, drop with a DataTransfer. */
export async function dropFiles(target: Page, specs: DropSpec[]): Promise<void> {
	await target.getByTestId("upload-zone").evaluate((zone, specs) => {
		const data = new DataTransfer();
		for (const spec of specs) {
			let parts: BlobPart[] = [spec.text ?? ""];
			if (spec.randomBytes) {
				const bytes = new Uint8Array(spec.randomBytes);
				for (let start = 0; start < bytes.length; start += 65536) {
					crypto.getRandomValues(bytes.subarray(start, start + 65536));
				}
				parts = [bytes];
			}
			if (spec.hugeBytes) {
				// Many references to one blob: a file of that size without holding its bytes.
				const chunk = new Blob([new Uint8Array(64 * 1024 * 1024)]);
				parts = Array.from({ length: Math.ceil(spec.hugeBytes / chunk.size) }, () => chunk);
			}
			data.items.add(new File(parts, spec.name));
		}
		for (const type of ["dragenter", "dragover", "drop"]) {
			zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
		}
	}, specs);
}

/** The upload area's rejection messages, in the order shown. */
export function uploadRejections(target: Page): Promise<string[]> {
	return target.locator(".upload-rejections li").allTextContents();
}
