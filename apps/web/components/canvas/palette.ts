/**
 * The editor's colours and stickers. No sticker comes from a font, so each looks
 * the same on every machine (many have no colour-emoji font): shapes are paths
 * filled in the chosen colour, pictures are SVG artwork the site serves from
 * public/stickers/.
 */

export const COLOURS = [
	{ name: "Black", value: "#111827" },
	{ name: "White", value: "#ffffff" },
	{ name: "Red", value: "#ef4444" },
	{ name: "Orange", value: "#f97316" },
	{ name: "Yellow", value: "#facc15" },
	{ name: "Green", value: "#22c55e" },
	{ name: "Blue", value: "#3b82f6" },
	{ name: "Purple", value: "#a855f7" },
] as const;

export interface Sticker {
	id: string;
	name: string;
	/** Either a path in a 24×24 box, drawn filled in the chosen colour, or the URL of its own-coloured SVG artwork. */
	path?: string;
	artwork?: string;
}

export const STICKERS: readonly Sticker[] = [
	{
		id: "star",
		name: "Star",
		path: "M12 2l2.9 6.26 6.85.74-5.1 4.63 1.42 6.75L12 16.9l-6.07 3.48 1.42-6.75L2.25 9l6.85-.74z",
	},
	{
		id: "heart",
		name: "Heart",
		path: "M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.8 4.5 6.6 4.5c2.2 0 3.8 1.2 5.4 3.1 1.6-1.9 3.2-3.1 5.4-3.1 3.8 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z",
	},
	{ id: "arrow", name: "Arrow", path: "M3 10.5h11.5V5L22 12l-7.5 7v-5.5H3z" },
	{ id: "check", name: "Check mark", path: "M9.2 16.6 4.6 12l-1.9 1.9 6.5 6.5L21.3 8.3l-1.9-1.9z" },
	{
		id: "bubble",
		name: "Speech bubble",
		path: "M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z",
	},
	{ id: "smile", name: "Smiling face", artwork: "/stickers/smile.svg" },
	{ id: "party", name: "Party popper", artwork: "/stickers/party.svg" },
	{ id: "cat", name: "Cat face", artwork: "/stickers/cat.svg" },
];
