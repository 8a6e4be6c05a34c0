/**
 * Shape checks for what providers answer. A `Shape` is a runtime check and a
 * TypeScript type at once (`ShapeOf<typeof shape>`), so an output shape is
 * written once (../tasks/outputs.ts) and the type a task returns is exactly
 * what its check lets through. `check` returns the value typed, or throws
 * `Invalid inference output: expected …` naming what was expected.
 */
import { invalidOutput } from "../errors.js";

export interface Shape<T> {
	/** What a matching value looks like, for error messages: `{ label: string, score: number }`. */
	readonly expected: string;
	matches(value: unknown): value is T;
}

/** The type a shape checks for. */
export type ShapeOf<S> = S extends Shape<infer T> ? T : never;

/** A field that may be missing (or null) in an object shape. */
interface OptionalShape<T> extends Shape<T | undefined> {
	readonly optional: true;
}

/** Whether `value` is a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
export const isString = (value: unknown): value is string => typeof value === "string";

export const number: Shape<number> = { expected: "number", matches: isNumber };
export const string: Shape<string> = { expected: "string", matches: isString };

/** A field that may be missing or null. */
export function optional<T>(shape: Shape<T>): OptionalShape<T> {
	return {
		expected: shape.expected,
		optional: true,
		matches: (value): value is T | undefined => value === undefined || value === null || shape.matches(value),
	};
}

/** A value that may be null. */
export function nullable<T>(shape: Shape<T>): Shape<T | null> {
	return {
		expected: `${shape.expected} | null`,
		matches: (value): value is T | null => value === null || shape.matches(value),
	};
}

export function arrayOf<T>(item: Shape<T>): Shape<T[]> {
	return {
		expected: `Array<${item.expected}>`,
		matches: (value): value is T[] => Array.isArray(value) && value.every((entry) => item.matches(entry)),
	};
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends OptionalShape<unknown> ? K : never }[keyof F];
type ObjectOf<F extends Fields> = {
	[K in Exclude<keyof F, OptionalKeys<F>>]: ShapeOf<F[K]>;
} & { [K in OptionalKeys<F>]?: ShapeOf<F[K]> };
/** Flattens an intersection into one object type, so editors show the fields. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** An object with these fields (others are allowed and kept). */
export function object<F extends Fields>(fields: F): Shape<Flat<ObjectOf<F>>> {
	const names = Object.keys(fields);
	const described = names.map((name) => {
		const shape = fields[name] as Shape<unknown> & { optional?: true };
		const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
		return `${key}${shape.optional ? "?" : ""}: ${shape.expected}`;
	});
	return {
		expected: `{ ${described.join(", ")} }`,
		matches: (value): value is Flat<ObjectOf<F>> =>
			isRecord(value) && names.every((name) => (fields[name] as Shape<unknown>).matches(value[name])),
	};
}

/** A shape narrowed by a rule its fields cannot say (one of two fields present, say). */
export function refine<T>(shape: Shape<T>, rule: (value: T) => boolean, expected: string): Shape<T> {
	return { expected, matches: (value): value is T => shape.matches(value) && rule(value) };
}

/** The value, typed, when it matches; `Invalid inference output: expected …` otherwise. */
export function check<T>(value: unknown, shape: Shape<T>): T {
	if (shape.matches(value)) return value;
	throw invalidOutput(shape.expected);
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
	// In slices: one String.fromCharCode call with a whole file's bytes as arguments would overflow the stack.
	for (let index = 0; index < bytes.length; index += 0x8000) {
		binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
	}
	return btoa(binary);
}

/** A Blob as a data URL. */
export async function blobToDataUrl(value: Blob): Promise<string> {
	return `data:${value.type || "application/octet-stream"};base64,${await blobToBase64(value)}`;
}
