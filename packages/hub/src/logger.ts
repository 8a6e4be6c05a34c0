/**
 * The hub's logger, in two formats. `text` (the default) prints plain lines for
 * a person at a terminal; `json` (HUBKIT_LOG_FORMAT=json) writes one JSON object
 * a line with pino, for a log collector: level, ISO time, pid, host, message and
 * fields such as the request id.
 *
 * Callers never pass tokens, cookies, Authorization headers or provider keys;
 * the JSON logger also censors fields with those names, in case one slips in.
 * Paths in access lines are redacted before they get here (middleware/observe.ts).
 */
import { pino } from "pino";

/** Values that go beside a message: the request id, a route, a status. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** One line of the access log: a request and how it was answered. */
export interface AccessLine {
	requestId: string;
	method: string;
	/** The route pattern (`/api/models/{namespace}/{name}`), never the path with its ids. */
	route: string;
	/** The path asked for, with secret segments and query values censored. */
	path: string;
	status: number;
	durationMs: number;
	/** Body bytes sent (undefined only where no server counted them: an app called without one). */
	bytes: number | undefined;
	/** The client went away before the whole body was sent. */
	aborted?: boolean;
}

export interface Logger {
	info(message: string, fields?: LogFields): void;
	warn(message: string, fields?: LogFields): void;
	error(message: string, error?: unknown, fields?: LogFields): void;
	/** The access log; a logger without it keeps none. */
	request?(line: AccessLine): void;
}

export type LogFormat = "text" | "json";

/** Field names whose values never reach a JSON line, wherever a caller nests them. */
const CENSORED_FIELDS = ["authorization", "cookie", "set-cookie", "token", "password", "secret", "key", "apiKey"];

/**
 * Values that look like the hub's secrets, wherever they appear in a text: tokens and OAuth
 * secrets (`hf_…`, `hfr_…`, `hfs_…`) and 32 random bytes in base64url (43 characters: session
 * ids, OAuth codes, LFS upload secrets). A name or a hash that happens to have that shape is
 * hidden too, which costs a log reader little.
 */
const SECRET_LIKE = /(?<![A-Za-z0-9_-])(?:hf[a-z]?_[A-Za-z0-9_-]{16,}|[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

/** `text` with every secret-looking value replaced by `censor`. */
export function redactSecretLike(text: string, censor = "[redacted]"): string {
	return text.replace(SECRET_LIKE, censor);
}

function fieldsText(fields: LogFields | undefined): string {
	if (!fields) return "";
	const parts = Object.entries(fields)
		.filter(([, value]) => value !== undefined)
		.map(([name, value]) => `${name}=${value}`);
	return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** A person's log: plain lines, errors with their stacks, access lines when `accessLog` asks for them. */
export function consoleLogger(options: { accessLog?: boolean } = {}): Logger {
	const logger: Logger = {
		info: (message, fields) => console.log(`${message}${fieldsText(fields)}`),
		warn: (message, fields) => console.warn(`${message}${fieldsText(fields)}`),
		error: (message, error, fields) =>
			console.error(
				`${message}${fieldsText(fields)}`,
				error instanceof Error ? (error.stack ?? error.message) : error === undefined ? "" : String(error),
			),
	};
	if (options.accessLog) {
		logger.request = (line) => {
			const size = `${line.bytes === undefined ? "-" : `${line.bytes} B`}${line.aborted ? " (aborted)" : ""}`;
			console.log(
				`${line.method} ${line.path} ${line.status} ${line.durationMs.toFixed(1)} ms ${size} [${line.route}] ${line.requestId}`,
			);
		};
	}
	return logger;
}

/**
 * A collector's log: pino's JSON lines on `destination` (standard output, written
 * synchronously so that nothing is lost when the process exits after a signal).
 */
export function jsonLogger(options: { accessLog?: boolean; destination?: pino.DestinationStream } = {}): Logger {
	const base = pino(
		{
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }) },
			redact: {
				paths: CENSORED_FIELDS.flatMap((name) => [`["${name}"]`, `*["${name}"]`]),
				censor: "[redacted]",
			},
		},
		options.destination ?? pino.destination({ dest: 1, sync: true }),
	);
	const logger: Logger = {
		info: (message, fields) => base.info(fields ?? {}, message),
		warn: (message, fields) => base.warn(fields ?? {}, message),
		error: (message, error, fields) =>
			base.error({ ...fields, ...(error === undefined ? {} : { err: error }) }, message),
	};
	if (options.accessLog) logger.request = (line) => base.info({ ...line, type: "access" }, "request");
	return logger;
}

/** The logger `hubkit serve` runs with. */
export function hubLogger(format: LogFormat, accessLog: boolean): Logger {
	return format === "json" ? jsonLogger({ accessLog }) : consoleLogger({ accessLog });
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
