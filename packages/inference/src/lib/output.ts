/**
 * Image (and other media) outputs in the form the caller asked for with
 * `outputType`, the same way for every provider:
 *   "blob" (default) → Blob; "url" → a URL string (a data URL when the provider
 *   sent bytes); "dataUrl" → a data URL; "json" → the provider's own JSON.
 */
import { fetchBlob } from "./poll.js";
import type { ResponseContext } from "./response-context.js";
import { base64ToBlob, blobToDataUrl } from "./validate.js";

export type MediaSource =
	| { url: string; raw: unknown }
	| { base64: string; type: string; raw: unknown }
	| { blob: Blob; raw: unknown };

export async function mediaOutput(source: MediaSource, context: ResponseContext): Promise<unknown> {
	switch (context.outputType ?? "blob") {
		case "json":
			return source.raw;
		case "url":
			if ("url" in source) return source.url;
			return "base64" in source ? `data:${source.type};base64,${source.base64}` : blobToDataUrl(source.blob);
		case "dataUrl":
			if ("base64" in source) return `data:${source.type};base64,${source.base64}`;
			return blobToDataUrl("blob" in source ? source.blob : await fetchBlob(source.url, context));
		default:
			if ("blob" in source) return source.blob;
			return "base64" in source ? base64ToBlob(source.base64, source.type) : fetchBlob(source.url, context);
	}
}
