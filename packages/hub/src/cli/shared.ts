/**
 * What every `hubkit` command shares: its two error kinds (a usage mistake exits 2
 * with the usage text, a command that could not do what was asked exits 1 with a
 * message), flags read the same way, the hub opened quietly for one command, and
 * terminal-safe tables.
 */
import { type HubConfig, loadConfig } from "../config.js";
import { consoleLogger } from "../logger.js";
import { type OpenHub, openHub } from "../server.js";

export class UsageError extends Error {}
/** A command that could not do what was asked (an unknown user or token): message, exit status 1. */
export class CommandError extends Error {}

export function integerFlag(name: string, value: string | undefined, max: number): number | undefined {
	if (value === undefined) return undefined;
	if (!/^\d+$/.test(value) || Number(value) > max)
		throw new UsageError(`--${name} must be an integer from 0 to ${max}`);
	return Number(value);
}

export function configFrom(values: { port?: string; host?: string; data?: string }): HubConfig {
	return loadConfig({
		port: integerFlag("port", values.port, 65_535),
		host: values.host,
		dataDir: values.data,
	});
}

export const logger = consoleLogger();

export /** Opens the hub's database for one token command, quietly (no migration chatter on stdout). */
async function withHub(values: { data?: string }, work: (hub: OpenHub) => Promise<void>): Promise<void> {
	const hub = await openHub(configFrom(values), { ...logger, info() {} });
	try {
		await work(hub);
	} finally {
		await hub.close();
	}
}

export /** A label as one terminal-safe line: control characters would let a name rewrite the screen. */
function printable(text: string): string {
	return text.replace(/\p{Cc}/gu, "?");
}

export function table(header: string[], rows: string[][]): string {
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
	const line = (cells: string[]) =>
		cells
			.map((cell, column) => cell.padEnd(widths[column] ?? 0))
			.join("  ")
			.trimEnd();
	return `${[header, ...rows].map(line).join("\n")}\n`;
}
