/** Query-string values as the clients send them. */

/** Booleans: `true` (httpx), `True` (older Python clients), `1` (hub-api.md §0). */
export function isTrue(value: string | null | undefined): boolean {
	return value === "true" || value === "True" || value === "1";
}
