/**
 * The sample numbers of a record: download and like counts, dates and file
 * sizes. Everything is deterministic: what varies between models comes from a
 * hash of the model id, never from a clock or Math.random, so a seed run twice
 * gives the same catalogue.
 */
import type { Popularity } from "./spec.js";

/** FNV-1a, 32 bits: a stable number per string. */
export function hash(text: string, salt = 0): number {
	let h = (0x811c9dc5 ^ salt) >>> 0;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h;
}

/** A number in [0, 1) per string and salt. */
const unit = (text: string, salt: number) => hash(text, salt) / 2 ** 32;

const DOWNLOAD_RANGES: Record<Popularity, [number, number]> = {
	1: [40, 2_500],
	2: [2_500, 40_000],
	3: [40_000, 400_000],
	4: [400_000, 3_000_000],
	5: [3_000_000, 40_000_000],
};

/** Sample download and like counts: log-uniform inside the tier's range. */
export function sampleCounts(id: string, pop: Popularity): { downloads: number; likes: number } {
	const [low, high] = DOWNLOAD_RANGES[pop];
	const downloads = Math.round(low * (high / low) ** unit(id, 1));
	// Likes grow much slower than downloads; well-known models collect more per download.
	const likes = Math.max(1, Math.round(downloads ** 0.55 * (0.4 + unit(id, 2)) * (1 + pop / 2)));
	return { downloads, likes };
}

/** The day the catalogue is dated at: no lastModified goes past it. */
export const CATALOGUE_DATE = "2025-12-01T00:00:00.000Z";
const DAY = 86_400_000;

/** createdAt at a deterministic time of that day; lastModified some weeks or months later. */
export function sampleDates(id: string, created: string): { createdAt: string; lastModified: string } {
	const start = Date.parse(`${created}T00:00:00.000Z`) + Math.floor(unit(id, 3) * DAY);
	if (Number.isNaN(start)) throw new Error(`${id}: bad creation day ${created}`);
	const end = Math.min(start + Math.floor(unit(id, 4) * 240 * DAY), Date.parse(CATALOGUE_DATE) - 1000);
	const createdAt = new Date(Math.floor(start / 1000) * 1000).toISOString();
	const lastModified = new Date(Math.max(Math.floor(end / 1000) * 1000, Date.parse(createdAt))).toISOString();
	return { createdAt, lastModified };
}

/** "86M" → 86e6, "2.6B" → 2.6e9. */
export function parseParams(params: string): number {
	const match = /^(\d+(?:\.\d+)?)([KMB])$/.exec(params);
	if (!match) throw new Error(`bad parameter count ${params}`);
	const scale = { K: 1e3, M: 1e6, B: 1e9 }[match[2] as "K" | "M" | "B"];
	return Math.round(Number(match[1]) * scale);
}

/** A size near `bytes`, varied a little per file so sizes do not look computed. */
export const near = (bytes: number, key: string) => Math.max(1, Math.round(bytes * (0.97 + 0.06 * unit(key, 5))));
