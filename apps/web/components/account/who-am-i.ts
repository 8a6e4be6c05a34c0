/**
 * Who the visitor is, asked of the hub once per document (`/api/whoami-v2` with the
 * session cookie): the header's account corner and the like buttons on cards share the
 * one answer. Signing in or out reloads the page, which asks again.
 */
import { hubCall } from "./hub-call";

export interface Me {
	name: string;
	fullname: string | null;
	avatarUrl?: string;
}

let asked: Promise<Me | null> | undefined;

/** The signed-in person, or null when signed out. */
export function whoAmI(): Promise<Me | null> {
	asked ??= ask();
	return asked;
}

async function ask(): Promise<Me | null> {
	// Only the hub's "not signed in" (401) means signed out; a busy hub's failure is asked again.
	for (let attempt = 1; ; attempt++) {
		const result = await hubCall<Me>("/api/whoami-v2");
		if (result.ok || result.status === 401 || result.status === 403 || attempt === 4) {
			return result.ok ? result.data : null;
		}
		await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
	}
}
