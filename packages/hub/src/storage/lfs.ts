/**
 * Which files the hub presents as Git LFS files, and the pointer git would keep
 * for them. Clients read the difference: an LFS file's tree entry carries `lfs`,
 * its ETag on /resolve is the sha256, and /raw serves the pointer instead.
 *
 * Rule: weight and archive formats (the patterns a new repository's default
 * .gitattributes tracks) are LFS at any size, and any file over 10 MiB is LFS.
 */
import { gitBlobOid } from "../git-oid.js";

export const LFS_SIZE_THRESHOLD = 10 * 1024 * 1024;

export const LFS_EXTENSIONS = new Set([
	"7z",
	"arrow",
	"bin",
	"bz2",
	"ckpt",
	"ftz",
	"gguf",
	"gz",
	"h5",
	"joblib",
	"keras",
	"mlmodel",
	"model",
	"msgpack",
	"npy",
	"npz",
	"onnx",
	"ot",
	"parquet",
	"pb",
	"pickle",
	"pkl",
	"pt",
	"pth",
	"rar",
	"safetensors",
	"tar",
	"tflite",
	"tgz",
	"wasm",
	"xz",
	"zip",
	"zst",
]);

export function isLfsFile(path: string, size: number): boolean {
	if (size > LFS_SIZE_THRESHOLD) return true;
	const basename = path.slice(path.lastIndexOf("/") + 1);
	if (basename.includes("tfevents")) return true;
	const dot = basename.lastIndexOf(".");
	return dot > 0 && LFS_EXTENSIONS.has(basename.slice(dot + 1).toLowerCase());
}

/** The pointer file git stores in place of an LFS file's content. */
export function lfsPointer(sha256: string, size: number): string {
	return `version https://git-lfs.github.com/spec/v1\noid sha256:${sha256}\nsize ${size}\n`;
}

export interface LfsPointerInfo {
	/** Git blob id of the pointer: what git (and the tree listing) shows as the file's oid. */
	oid: string;
	pointerSize: number;
}

export function lfsPointerInfo(sha256: string, size: number): LfsPointerInfo {
	const pointer = lfsPointer(sha256, size);
	return { oid: gitBlobOid(pointer), pointerSize: Buffer.byteLength(pointer) };
}

/** The largest pointer git-lfs writes or reads (its specification's limit). */
export const MAX_LFS_POINTER_BYTES = 1024;
const POINTER =
	/^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:([0-9a-f]{64})\nsize (0|[1-9][0-9]{0,15})\n$/;

/**
 * The object a blob's bytes point at, when they are an LFS pointer in the form git-lfs writes
 * (the three keys, no extensions); undefined for any other content.
 */
export function parseLfsPointer(bytes: Uint8Array): { sha256: string; size: number } | undefined {
	if (bytes.byteLength > MAX_LFS_POINTER_BYTES || bytes[0] !== 0x76) return undefined;
	const match = POINTER.exec(Buffer.from(bytes).toString("latin1"));
	if (!match) return undefined;
	const size = Number(match[2]);
	return Number.isSafeInteger(size) ? { sha256: match[1] as string, size } : undefined;
}
