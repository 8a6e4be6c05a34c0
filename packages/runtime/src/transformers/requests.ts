/**
 * The request bodies of the text tasks, checked before any model is loaded: the
 * shapes hf-inference takes (and @hubkit/inference sends). A wrong one is a
 * RuntimeError "input" (400) that says what was expected.
 */
import { RuntimeError } from "../errors.js";

/** Inputs per call and characters in all: beyond them a request is refused rather than left to block a worker. */
export const MAX_INPUTS = 64;
export const MAX_INPUT_CHARACTERS = 1_000_000;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

const fail = (message: string): never => {
	throw new RuntimeError("input", message);
};

export function bodyObject(body: unknown): Record<string, unknown> {
	return isRecord(body) ? body : fail("The request body must be a JSON object with `inputs`");
}

export function parametersOf(body: Record<string, unknown>): Record<string, unknown> {
	const parameters = body.parameters ?? {};
	return isRecord(parameters) ? parameters : fail("`parameters` must be an object");
}

function checkSize(texts: string[]): string[] {
	if (texts.length > MAX_INPUTS) fail(`At most ${MAX_INPUTS} inputs per request`);
	const characters = texts.reduce((sum, text) => sum + text.length, 0);
	if (characters > MAX_INPUT_CHARACTERS) {
		fail(`The inputs are too long: at most ${MAX_INPUT_CHARACTERS} characters in all`);
	}
	return texts;
}

/** `inputs`: a string or a non-empty array of strings, as a list. */
export function textList(value: unknown, name = "`inputs`"): string[] {
	const texts = typeof value === "string" ? [value] : value;
	if (!Array.isArray(texts) || texts.length === 0 || texts.some((text) => typeof text !== "string")) {
		fail(`${name} must be a string or a non-empty array of strings`);
	}
	return checkSize(texts as string[]);
}

/** `inputs`: one string. */
export function oneText(value: unknown, name = "`inputs`"): string {
	if (typeof value !== "string" || value.length === 0) fail(`${name} must be a non-empty string`);
	checkSize([value as string]);
	return value as string;
}

export function optionalPositiveInteger(parameters: Record<string, unknown>, name: string): number | undefined {
	const value = parameters[name];
	if (value === undefined || value === null) return undefined;
	return Number.isInteger(value) && (value as number) > 0
		? (value as number)
		: fail(`\`parameters.${name}\` must be a positive integer`);
}

export function optionalBoolean(parameters: Record<string, unknown>, name: string): boolean | undefined {
	const value = parameters[name];
	if (value === undefined || value === null) return undefined;
	return typeof value === "boolean" ? value : fail(`\`parameters.${name}\` must be true or false`);
}

export function optionalChoice<T extends string>(
	parameters: Record<string, unknown>,
	name: string,
	choices: readonly T[],
): T | undefined {
	const value = parameters[name];
	if (value === undefined || value === null) return undefined;
	return choices.includes(value as T) ? (value as T) : fail(`\`parameters.${name}\` must be ${choices.join(", ")}`);
}

/** Labels as a list or one comma-separated string (both forms are in use). */
export function labelList(value: unknown, name: string): string[] {
	const labels =
		typeof value === "string"
			? value
					.split(",")
					.map((label) => label.trim())
					.filter(Boolean)
			: value;
	if (!Array.isArray(labels) || labels.length === 0 || labels.some((label) => typeof label !== "string" || !label)) {
		fail(`${name} must be a non-empty list of labels`);
	}
	return checkSize(labels as string[]);
}
