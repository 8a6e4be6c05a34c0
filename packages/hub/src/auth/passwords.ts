/**
 * Password hashes: Node's scrypt with OWASP's parameters (N=2^17, r=8, p=1), a
 * 16-byte random salt and a 64-byte key, stored as one self-describing string
 * `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later and old
 * hashes still check. Compared in constant time. Passwords are never logged.
 * Every scrypt call goes through one queue per process (`passwordHashing`): one
 * at a time, at most `HASHES_WAITING` waiting, so sign-up or sign-in bursts
 * cannot take the thread pool that file reads need (auth/hashing-queue.ts).
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { hashingQueue } from "./hashing-queue.js";

const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
export const MIN_PASSWORD_LENGTH = 10;
/** scrypt hashes all of it, and a huge body would only cost CPU. */
export const MAX_PASSWORD_LENGTH = 1024;
/** About 0.3–0.5 s each on one core: sixteen waiting is a wait of a few seconds at most. */
export const HASHES_WAITING = 16;

/** The process's password-hashing queue; its `load` is read by tests and could feed a metric. */
export const passwordHashing = hashingQueue({ concurrency: 1, capacity: HASHES_WAITING });

function derive(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
	// scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below that for N=2^17.
	const options: ScryptOptions = { N: cost, r: blockSize, p: parallelism, maxmem: 256 * cost * blockSize };
	return passwordHashing.run(
		() =>
			new Promise((resolve, reject) =>
				scrypt(password.normalize("NFKC"), salt, KEY_BYTES, options, (error, key) =>
					error ? reject(error) : resolve(key),
				),
			),
	);
}

export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(SALT_BYTES);
	const key = await derive(password, salt, COST, BLOCK_SIZE, PARALLELISM);
	return ["scrypt", COST, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
	const parts = (stored ?? "").split("$");
	if (parts.length !== 6 || parts[0] !== "scrypt") return false;
	const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number);
	if (!cost || !blockSize || !parallelism) return false;
	const expected = Buffer.from(parts[5] ?? "", "base64url");
	const key = await derive(password, Buffer.from(parts[4] ?? "", "base64url"), cost, blockSize, parallelism);
	return expected.length === key.length && timingSafeEqual(expected, key);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, for a sign-in that names no
 * account: the answer's timing then does not tell which usernames exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
	// A refusal (the hashing queue full) is not kept: the next call makes the decoy again.
	decoy ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
		decoy = undefined;
		throw error;
	});
	await verifyPassword(password, await decoy);
	return false;
}

/** Why `password` cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
	if (password.length < MIN_PASSWORD_LENGTH) return `A password has at least ${MIN_PASSWORD_LENGTH} characters`;
	if (password.length > MAX_PASSWORD_LENGTH) return `A password has at most ${MAX_PASSWORD_LENGTH} characters`;
	return undefined;
}
