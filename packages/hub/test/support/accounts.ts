/** A browser-like client for the account routes: JSON bodies, the session cookie kept between calls, an Origin. */
export interface Answer {
	status: number;
	// biome-ignore lint/suspicious/noExplicitAny: the tests read answers field by field, each shape checked by its assertion
	body: any;
	headers: Headers;
}

export interface CallOptions {
	method?: string;
	body?: unknown;
	/** The session cookie's value, sent as `Cookie: hubkit_session=…`. */
	session?: string;
	token?: string;
	/** Defaults to the hub's own origin when a session is sent; `null` sends none. */
	origin?: string | null;
	headers?: Record<string, string>;
}

export function accountClient(url: string) {
	return async function call(path: string, options: CallOptions = {}): Promise<Answer> {
		const headers: Record<string, string> = { ...options.headers };
		if (options.body !== undefined) headers["content-type"] = "application/json";
		if (options.session) headers.cookie = `hubkit_session=${options.session}`;
		if (options.token) headers.authorization = `Bearer ${options.token}`;
		const origin = options.origin === undefined ? url : options.origin;
		if (origin !== null) headers.origin = origin;
		const response = await fetch(`${url}${path}`, {
			method: options.method ?? (options.body === undefined ? "GET" : "POST"),
			headers,
			body: options.body === undefined ? undefined : JSON.stringify(options.body),
		});
		const text = await response.text();
		return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
	};
}

/** The `hubkit_session` Set-Cookie line of an answer, and the value it sets. */
export function sessionCookie(headers: Headers): { line: string; value: string } | undefined {
	const line = headers.getSetCookie().find((item) => item.startsWith("hubkit_session="));
	if (!line) return undefined;
	return { line, value: line.slice("hubkit_session=".length).split(";")[0] ?? "" };
}
