/**
 * Which of the offered files the upload area takes, and why it turns the rest
 * away, in the words people expect: invalid type, too large, too small, too
 * many files. The cheap checks (count, type, size) come first; only a picture
 * that passes them is decoded to learn its size in pixels.
 */
import { formatBytes, type UploadLimits } from "@/lib/upload-config";

export type RejectionCode =
	| "too-many-files"
	| "invalid-type"
	| "invalid-path"
	| "too-large"
	| "too-small"
	| "unreadable";

export interface Rejection {
	code: RejectionCode;
	message: string;
	/** The file's name, when the rejection is about one file. */
	name?: string;
}

export interface CheckedFile {
	file: File;
	/** Where the file goes, when it came inside a folder (`folder/sub/name.txt`); else its name. */
	path?: string;
	/** Pictures only. */
	width?: number;
	height?: number;
}

export type CheckResult = { ok: true; accepted: CheckedFile } | { ok: false; rejections: Rejection[] };

/** The picture's size in pixels, or undefined when the browser cannot decode it. */
async function pixelSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
	try {
		const bitmap = await createImageBitmap(file);
		const size = { width: bitmap.width, height: bitmap.height };
		bitmap.close();
		return size;
	} catch {
		return undefined;
	}
}

/** The refused extension a file's name ends with (any case), as the hub matches it. */
function refusedTypeOf(path: string, refusedTypes: readonly string[]): string | undefined {
	const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
	return refusedTypes.find((type) => name.endsWith(type));
}

/** Git keeps its own data in `.git` folders: a repository cannot hold them (nor can the hub). */
const inGitFolder = (path: string) => path.split("/").some((segment) => segment.toLowerCase() === ".git");

/** The checks that need no decoding, for one file. */
function quickCheck(file: File, limits: UploadLimits, path?: string): Rejection | undefined {
	const name = path || file.name || "The file";
	if (limits.acceptedTypes.length > 0 && !limits.acceptedTypes.includes(file.type)) {
		const what = file.type ? `of type ${file.type}` : `not a ${limits.noun}`;
		return {
			code: "invalid-type",
			name,
			message: `Invalid file type: ${name} is ${what}. Use ${limits.acceptedLabel}.`,
		};
	}
	const refused = refusedTypeOf(name, limits.refusedTypes ?? []);
	if (refused) {
		return {
			code: "invalid-type",
			name,
			message: `Invalid file type: ${name} — this hub does not accept ${refused} files.`,
		};
	}
	if (file.size > limits.maxBytes) {
		return {
			code: "too-large",
			name,
			message: `File too large: ${name} is ${formatBytes(file.size)}; the limit is ${formatBytes(limits.maxBytes)}.`,
		};
	}
	if (file.size === 0) return { code: "too-small", name, message: `File too small: ${name} is empty.` };
	return undefined;
}

/**
 * Several files at once (a repository's upload): too many is one rejection for the lot; otherwise
 * each file is taken or turned away on its own, so one empty file does not hold back the rest.
 */
export function checkManyFiles(
	files: readonly CheckedFile[],
	limits: UploadLimits,
): { accepted: CheckedFile[]; rejections: Rejection[] } {
	if (files.length > limits.maxFiles) {
		return {
			accepted: [],
			rejections: [
				{
					code: "too-many-files",
					message: `Too many files: ${files.length} chosen; at most ${limits.maxFiles} ${limits.noun}s go in one commit.`,
				},
			],
		};
	}
	const accepted: CheckedFile[] = [];
	const rejections: Rejection[] = [];
	// A folder dropped as git cloned it brings its `.git` folder: one line for all of it, not one a file.
	const gitFiles = new Set(files.filter((checked) => inGitFolder(checked.path ?? checked.file.name)));
	for (const checked of files) {
		if (gitFiles.has(checked)) continue;
		const rejection = quickCheck(checked.file, limits, checked.path);
		if (rejection) rejections.push(rejection);
		else accepted.push(checked);
	}
	if (gitFiles.size > 0) {
		const count = gitFiles.size === 1 ? "1 file" : `${gitFiles.size} files`;
		rejections.push({
			code: "invalid-path",
			message: `Invalid path: ${count} in a .git folder left out — a repository cannot hold a .git folder.`,
		});
	}
	return { accepted, rejections };
}

export async function checkFiles(files: readonly File[], limits: UploadLimits): Promise<CheckResult> {
	if (files.length === 0) return { ok: false, rejections: [] };
	if (files.length > limits.maxFiles) {
		const allowed = limits.maxFiles === 1 ? `one ${limits.noun}` : `${limits.maxFiles} ${limits.noun}s`;
		return {
			ok: false,
			rejections: [{ code: "too-many-files", message: `Too many files: choose ${allowed} at a time.` }],
		};
	}
	const [file] = files as [File];
	const quick = quickCheck(file, limits);
	if (quick) return { ok: false, rejections: [quick] };
	const name = file.name || "The file";
	// A recording is left to the model to read; a picture is decoded here, as the editor will need it.
	if (limits.noun !== "picture") return { ok: true, accepted: { file } };
	const size = await pixelSize(file);
	if (!size) {
		return {
			ok: false,
			rejections: [{ code: "unreadable", name, message: `${name} could not be read as a picture.` }],
		};
	}
	const minWidth = limits.minWidth ?? 1;
	const minHeight = limits.minHeight ?? 1;
	if (size.width < minWidth || size.height < minHeight) {
		return {
			ok: false,
			rejections: [
				{
					code: "too-small",
					name,
					message: `Image too small: ${name} is ${size.width}×${size.height} pixels; at least ${minWidth}×${minHeight} are needed.`,
				},
			],
		};
	}
	return { ok: true, accepted: { file, ...size } };
}
