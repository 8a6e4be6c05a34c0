/**
 * The pictures of the artwork stickers (SVG files the site serves), loaded once
 * per page so that drawing a sticker, and replaying it on undo, stays synchronous.
 */
import { STICKERS } from "./palette";

const LOADED = new Map<string, HTMLImageElement>();
let loading: Promise<void> | null = null;

async function loadOne(url: string): Promise<void> {
	const image = new Image();
	image.src = url;
	try {
		await image.decode();
		LOADED.set(url, image);
	} catch {
		// A picture that cannot be fetched leaves its sticker undrawn; the editor still works.
	}
}

/** Resolves when every artwork sticker's picture is ready to draw (or has failed to load). */
export function loadStickerArtwork(): Promise<void> {
	loading ??= Promise.all(STICKERS.flatMap((sticker) => (sticker.artwork ? [loadOne(sticker.artwork)] : []))).then(
		() => undefined,
	);
	return loading;
}

/** The decoded picture at `url`, once loadStickerArtwork has fetched it. */
export function stickerArtwork(url: string): HTMLImageElement | undefined {
	return LOADED.get(url);
}
