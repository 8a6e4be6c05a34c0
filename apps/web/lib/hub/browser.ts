/**
 * The browser's calls to the hub, on the site's own origin (so the session cookie goes
 * with them and the CSRF rule sees a same-origin request): every change a person makes
 * (forms, likes, commits) and the few reads a client component needs. Errors come back
 * as the hub's own message, ready to show. No server-only imports: client components use it.
 */
export type HubCallResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string };

export async function hubCall<T = unknown>(
	path: string,
	init: { method?: string; json?: unknown; body?: Blob; contentType?: string } = {},
): Promise<HubCallResult<T>> {
	const headers: Record<string, string> = { Accept: "application/json" };
	let body: BodyInit | undefined;
	if (init.json !== undefined) {
		headers["Content-Type"] = "application/json";
		body = JSON.stringify(init.json);
	} else if (init.body) {
		headers["Content-Type"] = init.contentType ?? init.body.type;
		body = init.body;
	}
	let response: Response;
	try {
		response = await fetch(path, { method: init.method ?? "GET", headers, body, credentials: "same-origin" });
	} catch {
		return { ok: false, status: 0, message: "The hub could not be reached. Check your connection and try again." };
	}
	if (!response.ok) {
		let message = `The hub answered ${response.status}.`;
		try {
			const parsed = (await response.json()) as { error?: unknown };
			if (typeof parsed.error === "string") message = parsed.error;
		} catch {
			// Not the hub's JSON error shape: keep the status line.
		}
		return { ok: false, status: response.status, message };
	}
	const text = await response.text();
	return { ok: true, status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

/** A file's bytes from the hub (a `resolve` path): the answer as is, so the caller tells a missing file from a failure. */
export async function fetchHubFile(path: string): Promise<Response> {
	return fetch(path, { credentials: "same-origin" });
}
