/**
 * Uploaded avatars of users and organisations. The picture goes to the blob store
 * under its sha256 (as repository files do), the owner's row keeps that sha256 and
 * the media type read from the bytes. What the bytes are decides, not the
 * Content-Type the browser sent: both must name the same one of four formats.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import type { BlobStore } from "../storage/blob-store.js";
import { AVATAR_KEY_LENGTH } from "./avatar.js";
import { IMAGE_TYPES, type ImageHeader, readImageHeader } from "./image-header.js";

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const MIN_AVATAR_PIXELS = 32;
/** Beyond this a picture is not an avatar (and decoding it would cost a browser dearly). */
export const MAX_AVATAR_PIXELS = 4096;

function unsupported(message: string): HubError {
	return new HubError(415, message);
}

/** The picture's checked header: 415 for another type (or bytes that are not what was declared), 413, 400 for its size. */
export function checkAvatar(bytes: Uint8Array, declaredType: string | undefined): ImageHeader {
	const declared = declaredType?.split(";")[0]?.trim().toLowerCase() ?? "";
	if (!(IMAGE_TYPES as readonly string[]).includes(declared)) {
		throw unsupported(`An avatar is a PNG, JPEG, WebP or GIF image (Content-Type ${IMAGE_TYPES.join(", ")})`);
	}
	if (bytes.length > MAX_AVATAR_BYTES)
		throw new HubError(413, `An avatar is at most ${MAX_AVATAR_BYTES} bytes (2 MiB)`);
	const header = readImageHeader(bytes);
	if (!header) throw unsupported(`The file is not a readable ${declared.slice("image/".length).toUpperCase()} image`);
	if (header.type !== declared) throw unsupported(`The file is a ${header.type} image, sent as ${declared}`);
	if (header.width < MIN_AVATAR_PIXELS || header.height < MIN_AVATAR_PIXELS) {
		throw badRequest(
			`An avatar is at least ${MIN_AVATAR_PIXELS}×${MIN_AVATAR_PIXELS} pixels (this one is ${header.width}×${header.height})`,
		);
	}
	if (header.width > MAX_AVATAR_PIXELS || header.height > MAX_AVATAR_PIXELS) {
		throw badRequest(`An avatar is at most ${MAX_AVATAR_PIXELS}×${MAX_AVATAR_PIXELS} pixels`);
	}
	return header;
}

/** Stores the checked picture and points the user's (or organisation's) row at it; returns its sha256. */
export async function setAvatar(
	db: Kysely<Database>,
	blobStore: BlobStore,
	ownerId: string,
	bytes: Uint8Array,
	declaredType: string | undefined,
): Promise<string> {
	const header = checkAvatar(bytes, declaredType);
	const stored = await blobStore.put(bytes);
	await db
		.updateTable("users")
		.set({ avatar_sha256: stored.sha256, avatar_type: header.type })
		.where("id", "=", ownerId)
		.execute();
	return stored.sha256;
}

/** Back to the generated avatar. The blob stays: another row (or a repository file) may hold the same bytes. */
export async function clearAvatar(db: Kysely<Database>, ownerId: string): Promise<void> {
	await db.updateTable("users").set({ avatar_sha256: null, avatar_type: null }).where("id", "=", ownerId).execute();
}

/** The uploaded avatar's sha256 of a user or organisation by id, or null. */
export async function uploadedAvatar(db: Kysely<Database>, ownerId: string): Promise<string | null> {
	const row = await db.selectFrom("users").select("avatar_sha256").where("id", "=", ownerId).executeTakeFirst();
	return row?.avatar_sha256 ?? null;
}

/**
 * The picture `/api/avatars/{name}/{key}` names: the owner's current avatar when `key` is the start
 * of its sha256. An old key (the owner has uploaded another since) is a 404, never another picture.
 */
export async function readAvatar(
	db: Kysely<Database>,
	blobStore: BlobStore,
	name: string,
	key: string,
): Promise<{ body: ReadableStream<Uint8Array>; type: string; size: number }> {
	const missing = () => notFound(`No avatar ${JSON.stringify(`${name}/${key}`.slice(0, 200))}`);
	if (!new RegExp(`^[0-9a-f]{${AVATAR_KEY_LENGTH}}$`).test(key)) throw missing();
	const row = await db
		.selectFrom("users")
		.select(["avatar_sha256", "avatar_type"])
		.where("name", "=", name)
		.executeTakeFirst();
	if (!row?.avatar_sha256 || !row.avatar_type || !row.avatar_sha256.startsWith(key)) throw missing();
	const size = await blobStore.size(row.avatar_sha256);
	const body = await blobStore.read(row.avatar_sha256);
	if (size === undefined || !body) throw missing();
	return { body, type: row.avatar_type, size };
}
