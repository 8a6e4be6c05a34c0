/**
 * What the LFS tests share: the calls a client makes (batch with its media type, a PUT without
 * a token), deterministic file contents with their sha256, and a look into the data directory
 * (blobs, temporary files, part files) to tell what the hub kept.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";

/** `size` bytes that differ with `seed`, the same on every run. */
export function contentOf(size: number, seed: number): Buffer {
	const bytes = Buffer.alloc(size);
	let state = seed * 2_654_435_761 + 1;
	for (let index = 0; index < size; index += 4) {
		state = (state * 1_103_515_245 + 12_345) >>> 0;
		bytes.writeUInt32LE(state, Math.min(index, size - 4));
	}
	return bytes;
}

export function sha256Of(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("hex");
}

export interface LfsAnswerObject {
	oid: string;
	size: number;
	authenticated?: boolean;
	actions?: {
		upload: { href: string; header?: Record<string, string> };
		verify: { href: string };
	};
	error?: { code: number; message: string };
}

export interface BatchAnswer {
	status: number;
	contentType: string | null;
	errorCode: string | null;
	// biome-ignore lint/suspicious/noExplicitAny: error answers and batch answers are read field by field
	body: any;
	objects: LfsAnswerObject[];
	transfer: string | undefined;
}

/** `POST {hub}{repoPath}.git/info/lfs/objects/batch`, as @huggingface/hub sends it. */
export async function batch(
	hub: string,
	repoPath: string,
	token: string | undefined,
	objects: { oid: string; size: number }[],
	transfers: string[] = ["basic", "multipart", "xet"],
	extra: Record<string, unknown> = {},
): Promise<BatchAnswer> {
	const response = await fetch(`${hub}${repoPath}.git/info/lfs/objects/batch`, {
		method: "POST",
		headers: {
			...(token ? { Authorization: `Bearer ${token}` } : {}),
			Accept: LFS_MEDIA_TYPE,
			"Content-Type": LFS_MEDIA_TYPE,
		},
		body: JSON.stringify({
			operation: "upload",
			transfers,
			hash_algo: "sha_256",
			ref: { name: "main" },
			objects,
			...extra,
		}),
	});
	const text = await response.text();
	const body = text ? JSON.parse(text) : undefined;
	return {
		status: response.status,
		contentType: response.headers.get("content-type"),
		errorCode: response.headers.get("x-error-code"),
		body,
		objects: body?.objects ?? [],
		transfer: body?.transfer,
	};
}

/** A PUT with no Authorization, as the clients send bytes to an upload URL. */
export async function put(href: string, bytes: Uint8Array): Promise<Response> {
	return fetch(href, { method: "PUT", body: bytes as Uint8Array<ArrayBuffer> });
}

/** Every file under `directory`, recursively (an absent directory has none). */
export function filesUnder(directory: string): string[] {
	try {
		return readdirSync(directory, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => join(entry.parentPath, entry.name));
	} catch {
		return [];
	}
}
