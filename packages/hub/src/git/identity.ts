/**
 * Who made a commit or tag, as git writes it on an `author`, `committer` or `tagger` line:
 * `Name <email> <seconds> <±hhmm>`. The time zone stays the string git wrote, because
 * "-0000" and "+0000" are different bytes and so different commit ids.
 */
import { GitFormatError } from "./format-error.js";

export interface GitPerson {
	name: string;
	email: string;
	/** Seconds since the epoch, UTC. */
	seconds: number;
	/** The author's offset from UTC as git writes it: "+0100", "-0800", "+0530". */
	timezone: string;
}

const TIMEZONE = /^[+-]\d{4}$/;
const PERSON_LINE = /^(.*) <([^<>\n]*)> (0|[1-9]\d*) ([+-]\d{4})$/;

/** The person as the bytes after `author ` (without the line's end). */
export function encodePerson(person: GitPerson): string {
	if (/[<>\n]/.test(person.name)) throw new GitFormatError("bad-person", "A name may not hold '<', '>' or a newline.");
	if (/[<>\n]/.test(person.email))
		throw new GitFormatError("bad-person", "An e-mail may not hold '<', '>' or a newline.");
	if (!Number.isSafeInteger(person.seconds) || person.seconds < 0) {
		throw new GitFormatError("bad-person", "A time must be a whole, non-negative number of seconds.");
	}
	if (!TIMEZONE.test(person.timezone))
		throw new GitFormatError("bad-person", 'A time zone is written "+hhmm" or "-hhmm".');
	return `${person.name} <${person.email}> ${person.seconds} ${person.timezone}`;
}

export function parsePerson(line: string): GitPerson {
	const match = PERSON_LINE.exec(line);
	if (!match) throw new GitFormatError("bad-person", "A person line is not 'Name <email> seconds ±hhmm'.");
	const seconds = Number(match[3]);
	if (!Number.isSafeInteger(seconds)) throw new GitFormatError("bad-person", "A person line's time is out of range.");
	return { name: match[1] as string, email: match[2] as string, seconds, timezone: match[4] as string };
}

/** The offset git writes for a number of minutes east of UTC: 330 → "+0530", -480 → "-0800". */
export function timezoneFromMinutes(minutesEast: number): string {
	if (!Number.isInteger(minutesEast) || Math.abs(minutesEast) >= 100 * 60) {
		throw new GitFormatError("bad-person", "A time zone offset must be whole minutes under 100 hours.");
	}
	const magnitude = Math.abs(minutesEast);
	const hhmm = `${Math.floor(magnitude / 60)}`.padStart(2, "0") + `${magnitude % 60}`.padStart(2, "0");
	return `${minutesEast < 0 ? "-" : "+"}${hhmm}`;
}

/**
 * The e-mail a web or API commit is signed with, so no real address of the user lands in the
 * history: `<user>@users.noreply.<hub host>`, as huggingface.co does for its own host. The host
 * is taken without a port (an e-mail domain has none) and in lower case.
 */
export function noReplyEmail(userName: string, hubHost: string): string {
	if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(userName)) {
		throw new GitFormatError("bad-person", "A no-reply address needs a user name of letters, digits, '.', '_' or '-'.");
	}
	const host = hubHost.trim().toLowerCase().replace(/:\d+$/, "");
	if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith(".") || host.endsWith(".")) {
		throw new GitFormatError("bad-person", "A no-reply address needs a host name (no scheme, path or user).");
	}
	return `${userName}@users.noreply.${host}`;
}
