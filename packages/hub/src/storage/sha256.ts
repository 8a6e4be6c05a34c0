import { createHash } from "node:crypto";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** True for exactly 64 lower-case hex digits: the only form a blob address may take. */
export function isSha256Hex(value: string): boolean {
	return SHA256_HEX.test(value);
}

export function sha256Hex(data: Uint8Array): string {
	return createHash("sha256").update(data).digest("hex");
}
