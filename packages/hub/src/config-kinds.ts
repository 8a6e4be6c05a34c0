/**
 * The kinds of value a configuration variable takes (config-variables.ts), each a zod schema from
 * the raw environment string (undefined when unset) to the value `HubConfig` holds. An issue's
 * message completes "<VARIABLE> …", so loadConfig can name the variable in front of it.
 */
import { z } from "zod";

/** A schema from an environment variable's raw text to its value. */
export type Kind<T> = z.ZodType<T, string | undefined>;

const raw = z.string().optional();

const quoted = (value: string) => JSON.stringify(value.slice(0, 40));

/**
 * A whole number ≥ `min` (default 0). Unset or empty gives `unset`; "0" gives `zero` when one is
 * declared (a setting where 0 would make no sense falls back to its default), else 0 itself.
 */
export function integer<T extends number | undefined>(
	unset: T,
	options: { zero?: number | undefined; min?: number; minReason?: string } = {},
): Kind<number | T> {
	return raw.transform((value, context) => {
		if (value === undefined || value === "") return unset;
		const number = Number(value);
		if (!Number.isInteger(number) || number < 0) {
			context.addIssue({ code: "custom", message: `must be a non-negative integer, got ${value}` });
			return z.NEVER;
		}
		if (number === 0 && "zero" in options) return options.zero as number | T;
		if (options.min !== undefined && number < options.min) {
			const reason = options.minReason ? ` (${options.minReason})` : "";
			context.addIssue({ code: "custom", message: `must be at least ${options.min}${reason}, got ${number}` });
			return z.NEVER;
		}
		return number;
	});
}

/** Any text; unset or empty is undefined. `check` may refuse it (its message) or normalise it. */
export function text(check?: (value: string) => string): Kind<string | undefined> {
	return raw.transform((value, context) => {
		if (value === undefined || value === "") return undefined;
		if (!check) return value;
		try {
			return check(value);
		} catch (error) {
			context.addIssue({ code: "custom", message: (error as Error).message });
			return z.NEVER;
		}
	});
}

/** Text with a fallback: unset or empty gives `fallback`. */
export function textOr(fallback: string): Kind<string> {
	return raw.transform((value) => (value === undefined || value === "" ? fallback : value));
}

/** One of `choices`; unset or empty gives `fallback`. */
export function choice<const C extends string>(choices: readonly C[], fallback: C): Kind<C> {
	return raw.transform((value, context) => {
		if (value === undefined || value === "") return fallback;
		if ((choices as readonly string[]).includes(value)) return value as C;
		context.addIssue({ code: "custom", message: `must be ${choices.join(" or ")}, got ${quoted(value)}` });
		return z.NEVER;
	});
}

/** `on`/`off` (or 1/0, true/false, yes/no, lower case); unset or empty gives undefined. */
export function onOff(): Kind<boolean | undefined> {
	return raw.transform((value, context) => {
		if (value === undefined || value === "") return undefined;
		if (["on", "1", "true", "yes"].includes(value)) return true;
		if (["off", "0", "false", "no"].includes(value)) return false;
		context.addIssue({ code: "custom", message: `must be on or off, got ${quoted(value)}` });
		return z.NEVER;
	});
}

/** `1`/`0` (or true/false, yes/no, on/off, any case); unset or empty gives `unset`. */
export function flag<T extends boolean | undefined>(unset: T): Kind<boolean | T> {
	return raw.transform((value, context) => {
		if (value === undefined || value === "") return unset;
		if (/^(1|true|yes|on)$/i.test(value)) return true;
		if (/^(0|false|no|off)$/i.test(value)) return false;
		context.addIssue({ code: "custom", message: `must be 1 or 0 (true or false), got ${value}` });
		return z.NEVER;
	});
}

/** Comma-separated items run through `parse`; unset gives `fallback`, the empty string none. */
export function list(fallback: readonly string[], parse: (value: string) => string[]): Kind<string[]> {
	return raw.transform((value, context) => {
		if (value === undefined) return [...fallback];
		try {
			return parse(value);
		} catch (error) {
			context.addIssue({ code: "custom", message: (error as Error).message });
			return z.NEVER;
		}
	});
}
