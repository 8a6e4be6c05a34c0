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
