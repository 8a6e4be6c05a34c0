/**
 * A minimal logger. Messages are plain text; callers never pass tokens or
 * Authorization headers to it (request logs carry method, path and status only).
 */
export interface Logger {
	info(message: string): void;
	warn(message: string): void;
	error(message: string, error?: unknown): void;
}

export function consoleLogger(): Logger {
	return {
		info: (message) => console.log(message),
		warn: (message) => console.warn(message),
		error: (message, error) => console.error(message, error instanceof Error ? (error.stack ?? error.message) : ""),
	};
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
