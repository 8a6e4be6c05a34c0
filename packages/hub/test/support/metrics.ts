/**
 * What a hub on loopback says it answered, read from its own `/metrics` (the Prometheus text
 * format): how a client talked to it, seen from the hub's side without touching the client.
 */

export interface RequestCount {
	method: string;
	/** The route's pattern, e.g. `/:namespace/:name/info/lfs/objects/batch`. */
	route: string;
	status: string;
	count: number;
}

/** Every method, route pattern and status the hub at `url` has answered, with its count. */
export async function requestCounts(url: string): Promise<RequestCount[]> {
	const response = await fetch(`${url}/metrics`);
	if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
	const counts: RequestCount[] = [];
	for (const line of (await response.text()).split("\n")) {
		const match = /^hubkit_http_requests_total\{(.*)\} (\S+)$/.exec(line);
		if (!match) continue;
		const labels = new Map([...(match[1] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
		const label = (name: string) => labels.get(name) ?? "";
		counts.push({ method: label("method"), route: label("route"), status: label("status"), count: Number(match[2]) });
	}
	return counts;
}

/** The requests whose `METHOD route` matches `pattern`, summed over their statuses. */
export function requestsTo(counts: RequestCount[], pattern: RegExp): number {
	return counts
		.filter(({ method, route }) => pattern.test(`${method} ${route}`))
		.reduce((sum, { count }) => sum + count, 0);
}
