/**
 * Shape checks for task outputs. Each returns the value typed, or throws
 * `Invalid inference output: expected …` naming what was expected.
 */
import { invalidOutput } from "../errors.js";

export const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
export const isString = (value: unknown): value is string => typeof value === "string";
export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** `[{ label, score }]`, as classification tasks return. */
export function labelScores(value: unknown): { label: string; score: number }[] {
	if (Array.isArray(value) && value.every((item) => isObject(item) && isString(item.label) && isNumber(item.score))) {
		return value as { label: string; score: number }[];
	}
	throw invalidOutput("Array<{ label: string, score: number }>");
}

/** `[{ generated_text }]` or `{ generated_text }`, as one object. */
export function generatedText(value: unknown): { generated_text: string } {
	const first = Array.isArray(value) ? value[0] : value;
	if (isObject(first) && isString(first.generated_text)) return { generated_text: first.generated_text };
	throw invalidOutput("{ generated_text: string } or an array of them");
}

/** Numbers nested to any depth: embeddings of one or many inputs, per token or pooled. */
export function nestedNumbers(value: unknown): unknown[] {
	const ok = (item: unknown): boolean => isNumber(item) || (Array.isArray(item) && item.every(ok));
	if (Array.isArray(value) && value.every(ok)) return value;
	throw invalidOutput("number[] nested to any depth");
}

/** An array of numbers. */
export function numbers(value: unknown): number[] {
	if (Array.isArray(value) && value.every(isNumber)) return value;
	throw invalidOutput("number[]");
}

/** A Blob (binary output: image, audio, video). */
export function blob(value: unknown, what = "Blob"): Blob {
	if (value instanceof Blob) return value;
	throw invalidOutput(what);
}

/** A list whose every item passes `check`; `expected` names the item shape. */
export function listOf<T>(value: unknown, check: (item: unknown) => boolean, expected: string): T[] {
	if (Array.isArray(value) && value.every(check)) return value as T[];
	throw invalidOutput(`Array<${expected}>`);
}

/** Turns a data URL or base64 payload into a Blob. */
export function base64ToBlob(base64: string, type: string): Blob {
	const bytes = Uint8Array.from(atob(base64.replace(/^data:[^,]*,/, "")), (char) => char.charCodeAt(0));
	return new Blob([bytes], { type });
}

/** A Blob as a base64 string (no data-URL prefix). */
export async function blobToBase64(value: Blob): Promise<string> {
	const bytes = new Uint8Array(await value.arrayBuffer());
	let binary = "";
	for (let index = 0; index < bytes.length; index += 0x8000) {
		binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
	}
	return btoa(binary);
}

/** A Blob as a data URL. */
export async function blobToDataUrl(value: Blob): Promise<string> {
	return `data:${value.type || "application/octet-stream"};base64,${await blobToBase64(value)}`;
}
