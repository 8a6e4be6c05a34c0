/**
 * The one place upload limits are set: what the upload area accepts and the
 * words it rejects the rest with. The router takes request bodies up to
 * 32 MiB; pictures stay far below that, and a model sees a few hundred pixels a
 * side, so anything huge is a mistake rather than a need.
 */

export const IMAGE_UPLOAD = {
	/** What one file is called in messages. */
	noun: "picture",
	/** MIME types a browser can decode and a canvas can draw. */
	acceptedTypes: ["image/png", "image/jpeg", "image/webp", "image/gif", "image/bmp"],
	/** What the file picker offers, and what the types are called in messages. */
	acceptedLabel: "PNG, JPEG, WebP, GIF or BMP",
	maxBytes: 10 * 1024 * 1024,
	/** Below this a picture carries too little for a model (and is usually a mistaken icon). */
	minWidth: 32,
	minHeight: 32,
	/** The widgets take one picture per run. */
	maxFiles: 1,
} as const satisfies UploadLimits;

/** Recordings for the audio widgets (speech recognition, audio classification, voice activity …). */
export const AUDIO_UPLOAD = {
	noun: "recording",
	acceptedTypes: [
		"audio/wav",
		"audio/x-wav",
		"audio/wave",
		"audio/mpeg",
		"audio/flac",
		"audio/x-flac",
		"audio/ogg",
		"audio/webm",
		"audio/mp4",
	],
	acceptedLabel: "WAV, MP3, FLAC, OGG, WebM or M4A",
	/** Minutes of compressed audio, and well inside the router's 32 MiB. */
	maxBytes: 25 * 1024 * 1024,
	maxFiles: 1,
} as const satisfies UploadLimits;

/**
 * Files for a repository's commit: any type but those the hub refuses (by default executables,
 * installers and scripts), none empty, each within the hub's upload body limit and at most as many
 * as one commit takes; all are the hub's own (`GET …/write-access`), so they follow its config.
 */
export function repoUploadLimits(maxBytes: number, maxFiles: number, refusedTypes: readonly string[]): UploadLimits {
	// ".exe, .msi or .bat", for the hint under the upload area.
	const named =
		refusedTypes.length > 1 ? `${refusedTypes.slice(0, -1).join(", ")} or ${refusedTypes.at(-1)}` : refusedTypes[0];
	const acceptedLabel = named === undefined ? "any type" : `any type but ${named}`;
	return { noun: "file", acceptedTypes: [], refusedTypes, acceptedLabel, maxBytes, maxFiles };
}

export interface UploadLimits {
	noun: "picture" | "recording" | "file";
	/** Empty: any type is accepted. */
	acceptedTypes: readonly string[];
	/** Extensions (lower case, with the dot) turned away whatever the MIME type: a repository's refused types. */
	refusedTypes?: readonly string[];
	acceptedLabel: string;
	maxBytes: number;
	/** Pictures only: the smallest size in pixels. */
	minWidth?: number;
	minHeight?: number;
	maxFiles: number;
}

/** 1536 → "1.5 KB", 10485760 → "10 MB". */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	const units = ["KB", "MB", "GB"];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${Number(value.toFixed(1))} ${units[unit]}`;
}
