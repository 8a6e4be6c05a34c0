import { describe, expect, it } from "vitest";
import { GitFormatError } from "./format-error.js";
import { encodePerson, noReplyEmail, parsePerson, timezoneFromMinutes } from "./identity.js";

describe("people on commit lines", () => {
	it("encode and parse back, keeping the time zone as written", () => {
		for (const timezone of ["+0000", "-0000", "+0530", "-0800", "+1400"]) {
			const person = { name: "Ada Lovelace", email: "ada@example.org", seconds: 1_700_000_000, timezone };
			expect(encodePerson(person)).toBe(`Ada Lovelace <ada@example.org> 1700000000 ${timezone}`);
			expect(parsePerson(encodePerson(person))).toEqual(person);
		}
		expect(parsePerson(" <nobody@x> 0 +0000")).toEqual({ name: "", email: "nobody@x", seconds: 0, timezone: "+0000" });
	});

	it("refuse names and addresses that would break the line", () => {
		const base = { name: "A", email: "a@x", seconds: 1, timezone: "+0000" };
		for (const person of [
			{ ...base, name: "A <b>" },
			{ ...base, email: "a\n@x" },
			{ ...base, seconds: -1 },
			{ ...base, seconds: 1.5 },
			{ ...base, timezone: "+01:00" },
		]) {
			expect(() => encodePerson(person)).toThrow(GitFormatError);
		}
	});

	it("write offsets in minutes as git's ±hhmm", () => {
		expect(timezoneFromMinutes(330)).toBe("+0530");
		expect(timezoneFromMinutes(-480)).toBe("-0800");
		expect(timezoneFromMinutes(0)).toBe("+0000");
	});
});

describe("noReplyEmail", () => {
	it("names the user at the hub's no-reply domain, without port and in lower case", () => {
		expect(noReplyEmail("julien-c", "Hub.Example.org:8443")).toBe("julien-c@users.noreply.hub.example.org");
		expect(noReplyEmail("ada", "localhost")).toBe("ada@users.noreply.localhost");
	});

	it("refuses a user name or host that cannot be an address", () => {
		expect(() => noReplyEmail("a b", "hub.example")).toThrow(GitFormatError);
		expect(() => noReplyEmail("ada", "https://hub.example/")).toThrow(GitFormatError);
		expect(() => noReplyEmail("ada", "")).toThrow(GitFormatError);
	});
});
