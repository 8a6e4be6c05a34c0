/**
 * Who the visitor is, asked of the hub once per document (`/api/whoami-v2` with the
 * session cookie): the header's account corner and the like buttons on cards share the
 * one answer. Signing in or out reloads the page, which asks again.
 *
 * The session cookie is HttpOnly; the hub, which serves every page, sets a readable
 * `hubkit_signed_in=1` beside it while the session is live (packages/hub/src/routes/site-proxy.ts).
 * Without it nobody is signed in, and the hub is not asked: its 401 for the anonymous is what
 * `huggingface_hub`'s whoami() expects, but in a page it is a console error on every visit.
 */
import { hubCall } from "@/lib/hub/browser";

const SIGNED_IN_COOKIE = "hubkit_signed_in";

function signedInHere(): boolean {
	return document.cookie.split(";").some((cookie) => cookie.trim() === `${SIGNED_IN_COOKIE}=1`);
}

export interface Me {
	name: string;
	fullname: string | null;
	avatarUrl?: string;
}

let asked: Promise<Me | null> | undefined;

/** The signed-in person, or null when signed out. */
export function whoAmI(): Promise<Me | null> {
	asked ??= signedInHere() ? ask() : Promise.resolve(null);
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
