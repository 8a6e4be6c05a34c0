/**
 * Sign-up attempts per client address: each one costs a password hash (scrypt, 128 MiB), so a
 * flood of them is a way to slow the hub down, and each answer says whether a name or e-mail is
 * free. `signUpsPerHour` attempts an hour, all of them at once if need be; the buckets are rows
 * (`rate_buckets`, keys `sign-up:<address>`), so hubs sharing a database share the count.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { HubError } from "../errors.js";
import { sharedRateLimiter } from "../services/shared-rate-limit.js";

/** Throws a 429 `SignUpRateLimited` with `Retry-After` when the address has used its attempts; a no-op with 0. */
export type SignUpAdmission = (address: string) => Promise<void>;

export function signUpAdmission(db: Kysely<Database>, signUpsPerHour: number): SignUpAdmission {
	if (signUpsPerHour <= 0) return async () => {};
	const limiter = sharedRateLimiter(db, { perMinute: signUpsPerHour / 60, burst: signUpsPerHour });
	return async (address) => {
		const decision = await limiter.take(`sign-up:${address}`);
		if (decision.allowed) return;
		const seconds = decision.retryAfterSeconds;
		throw new HubError(429, `Too many sign-ups from this address: try again in ${Math.ceil(seconds / 60)} minute(s)`, {
			code: "SignUpRateLimited",
			headers: { "Retry-After": String(seconds) },
		});
	};
}
