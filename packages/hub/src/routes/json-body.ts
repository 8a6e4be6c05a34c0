/** Reading the small JSON bodies of the account routes: an object, or a 400 that says what is wrong. */
import type { Context } from "hono";
import { badRequest } from "../errors.js";

export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
	const body: unknown = await c.req.json().catch(() => {
		throw badRequest("Body is not valid JSON");
	});
	if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be a JSON object");
	return body as Record<string, unknown>;
}

export function requiredString(body: Record<string, unknown>, key: string): string {
	const value = body[key];
	if (typeof value !== "string" || value === "") throw badRequest(`${key} is required (a string)`);
	return value;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
	const value = body[key];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") throw badRequest(`${key} must be a string`);
	return value;
}

/**
 * Whether the body asks for a private repository: `visibility` (JS ≥2, PY ≥1) or `private` (older
 * clients); `protected` is kept private here. Undefined when it says nothing.
 */
export function requestedPrivacy(body: Record<string, unknown>): boolean | undefined {
	const visibility = body.visibility;
	if (visibility !== undefined && visibility !== null) {
		if (visibility === "public") return false;
		if (visibility === "private" || visibility === "protected") return true;
		throw badRequest("visibility must be public or private");
	}
	if (body.private === undefined || body.private === null) return undefined;
	if (typeof body.private !== "boolean") throw badRequest("private must be true or false");
	return body.private;
}
