/** Two small helpers the builders share. */

/** A JSON file's text as the hub's sample files write it: two-space indent, a final newline. */
export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);
