/**
 * People: sign-up, sign-in, password changes, and what an operator does from the
 * CLI (create, list, disable, reset). Names follow the one id rule (ids.ts);
 * emails are stored lowercased and unique; passwords only as scrypt hashes.
 */
import type { Kysely } from "kysely";
import { hashPassword, passwordProblem, verifyDecoy, verifyPassword } from "../auth/passwords.js";
import { deleteUserSessions } from "../auth/sessions.js";
import { clearAccountFailures, noteSignInFailure, signInSubjects, signInWaitSeconds } from "../auth/sign-in-limit.js";
import { newObjectId } from "../auth/tokens.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError, notFound } from "../errors.js";
import { ownerNameProblem } from "../ids.js";
import { nameHeld } from "./namespaces.js";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
export const INVALID_SIGN_IN = "Invalid username or password";

export interface UserSummary {
	id: string;
	name: string;
	fullname: string;
	email: string | null;
	isAdmin: boolean;
	disabled: boolean;
	createdAt: string;
}

/**
 * A sign-up whose e-mail is already someone's. The hub sends no mail, so it cannot answer this
 * exactly like a fresh sign-up; the answer names no account, says nothing of whose the address
 * is, costs the same hash as a success, and each such probe spends one of the address's sign-up
 * attempts (auth/sign-up-limit.ts).
 */
export const EMAIL_REFUSED = "Could not create an account with this email address: use another one";

function emailRefused(): HubError {
	return new HubError(409, EMAIL_REFUSED, { code: "SignUpRefused" });
}

export function nameTaken(name: string): HubError {
	return new HubError(409, `The name ${JSON.stringify(name)} is already taken`, { code: "NameTaken" });
}

function checkedEmail(email: string): string {
	const lower = email.trim().toLowerCase();
	if (lower.length > MAX_EMAIL_LENGTH || !EMAIL.test(lower)) throw badRequest("Invalid email address");
	return lower;
}

function checkedPassword(password: string): string {
	const problem = passwordProblem(password);
	if (problem) throw badRequest(problem);
	return password;
}

export interface NewUser {
	username: string;
	email: string;
	password: string;
	fullname?: string;
	isAdmin?: boolean;
}

/**
 * Makes a user; 400 for a bad name, email or password, 409 `NameTaken` when the name is in use
 * (names are public), 409 `SignUpRefused` when the e-mail is.
 */
export async function createUser(db: Kysely<Database>, input: NewUser, now = new Date()): Promise<UserSummary> {
	const problem = ownerNameProblem(input.username);
	if (problem) throw badRequest(`Invalid username: ${problem}`);
	const email = checkedEmail(input.email);
	const passwordHash = await hashPassword(checkedPassword(input.password));
	const row = {
		id: newObjectId(),
		name: input.username,
		fullname: input.fullname?.trim() || input.username,
		email,
		created_at: now.toISOString(),
		kind: "user",
		password_hash: passwordHash,
		is_admin: input.isAdmin ? 1 : 0,
	};
	await db.transaction().execute(async (trx) => {
		// Without case, and repositories' namespaces too: nobody signs up into a namespace in use.
		if (await nameHeld(trx, input.username)) throw nameTaken(input.username);
		const sameEmail = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
		if (sameEmail) throw emailRefused();
		await trx.insertInto("users").values(row).execute();
	});
	return {
		id: row.id,
		name: row.name,
		fullname: row.fullname,
		email,
		isAdmin: row.is_admin === 1,
		disabled: false,
		createdAt: row.created_at,
	};
}

/**
 * The user a username (or email) and password name. Every refusal reads the same
 * ("Invalid username or password"), whether the account is unknown, disabled or the
 * password wrong, and costs the same scrypt work; repeated failures per account or
 * address get a 429 with `Retry-After` (auth/sign-in-limit.ts).
 */
export async function signIn(
	db: Kysely<Database>,
	login: string,
	password: string,
	address: string,
): Promise<{ id: string; name: string }> {
	const subjects = signInSubjects(login, address);
	const wait = await signInWaitSeconds(db, subjects);
	if (wait > 0) {
		throw new HubError(429, `Too many failed sign-ins: try again in ${Math.ceil(wait / 60)} minute(s)`, {
			code: "SignInRateLimited",
			headers: { "Retry-After": String(wait) },
		});
	}
	const byEmail = login.includes("@");
	const user = await db
		.selectFrom("users")
		.select(["id", "name", "password_hash", "disabled"])
		.where("kind", "=", "user")
		.where(byEmail ? "email" : "name", "=", byEmail ? login.toLowerCase() : login)
		.executeTakeFirst();
	const matches =
		user?.password_hash && password.length <= 1024
			? await verifyPassword(password, user.password_hash)
			: await verifyDecoy(password.slice(0, 1024));
	if (!user || !matches || user.disabled) {
		await noteSignInFailure(db, subjects);
		throw new HubError(401, INVALID_SIGN_IN, { code: "InvalidCredentials" });
	}
	await clearAccountFailures(db, subjects);
	return { id: user.id, name: user.name };
}

/** Sets a new password after checking the current one, and ends every session of the user. */
export async function changePassword(
	db: Kysely<Database>,
	userId: string,
	current: string,
	next: string,
): Promise<void> {
	checkedPassword(next);
	const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
	if (!user?.password_hash || !(await verifyPassword(current, user.password_hash))) {
		throw new HubError(403, "The current password is wrong", { code: "InvalidCredentials" });
	}
	await setPassword(db, userId, next);
}

async function setPassword(db: Kysely<Database>, userId: string, password: string): Promise<void> {
	const hash = await hashPassword(checkedPassword(password));
	await db.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
	await deleteUserSessions(db, userId);
}

async function userIdByName(db: Kysely<Database>, name: string): Promise<string> {
	const user = await db
		.selectFrom("users")
		.select("id")
		.where("name", "=", name)
		.where("kind", "=", "user")
		.executeTakeFirst();
	if (!user) throw notFound(`No user named ${JSON.stringify(name)}`);
	return user.id;
}

/** `hubkit user reset-password`: a new password, and every session of the user ends. */
export async function resetPassword(db: Kysely<Database>, name: string, password: string): Promise<void> {
	await setPassword(db, await userIdByName(db, name), password);
}

/** `hubkit user disable`: sessions are deleted, and tokens are refused while the flag is set. */
export async function disableUser(db: Kysely<Database>, name: string): Promise<void> {
	const id = await userIdByName(db, name);
	await db.updateTable("users").set({ disabled: 1 }).where("id", "=", id).execute();
	await deleteUserSessions(db, id);
}

export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
	const rows = await db
		.selectFrom("users")
		.select(["id", "name", "fullname", "email", "is_admin", "disabled", "created_at"])
		.where("kind", "=", "user")
		.orderBy("name")
		.execute();
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		fullname: row.fullname,
		email: row.email,
		isAdmin: row.is_admin === 1,
		disabled: row.disabled === 1,
		createdAt: row.created_at,
	}));
}

export const SOCIAL_LINKS = ["github", "x", "linkedin", "bluesky", "website"] as const;
export type SocialLink = (typeof SOCIAL_LINKS)[number];

export interface Profile {
	fullname?: string;
	bio?: string;
	links?: Partial<Record<SocialLink, string | null>>;
}

/** Why `value` cannot be a profile link, or undefined when it can: an absolute http(s) URL without credentials. */
export function linkProblem(value: string): string | undefined {
	if (value.length > 2048) return "a link has at most 2048 characters";
	try {
		const url = new URL(value);
		if (url.protocol !== "https:" && url.protocol !== "http:") return "a link starts with https:// or http://";
		if (url.username || url.password) return "a link carries no user name or password";
		return undefined;
	} catch {
		return "a link is an absolute https:// or http:// URL";
	}
}

/** Updates the caller's profile: full name (1–100 characters), bio (up to 2000), social links (null clears one). */
export async function updateProfile(db: Kysely<Database>, userId: string, profile: Profile): Promise<void> {
	const changes: Record<string, string | null> = {};
	if (profile.fullname !== undefined) {
		const fullname = profile.fullname.trim();
		if (fullname.length === 0 || fullname.length > 100) throw badRequest("A full name has 1 to 100 characters");
		changes.fullname = fullname;
	}
	if (profile.bio !== undefined) {
		if (profile.bio.length > 2000) throw badRequest("A bio has at most 2000 characters");
		changes.bio = profile.bio;
	}
	for (const [key, value] of Object.entries(profile.links ?? {})) {
		if (!(SOCIAL_LINKS as readonly string[]).includes(key)) throw badRequest(`Unknown link ${JSON.stringify(key)}`);
		if (value === null || value === "") {
			changes[key] = null;
			continue;
		}
		if (typeof value !== "string") throw badRequest(`Link ${key} must be a string or null`);
		const problem = linkProblem(value);
		if (problem) throw badRequest(`Invalid ${key} link: ${problem}`);
		changes[key] = value;
	}
	if (Object.keys(changes).length > 0) await db.updateTable("users").set(changes).where("id", "=", userId).execute();
}

/** The profile as the settings page shows it. */
export async function readProfile(db: Kysely<Database>, userId: string) {
	const row = await db
		.selectFrom("users")
		.select(["name", "fullname", "email", "bio", "github", "x", "linkedin", "bluesky", "website", "is_admin"])
		.where("id", "=", userId)
		.executeTakeFirstOrThrow();
	return {
		name: row.name,
		fullname: row.fullname,
		email: row.email,
		bio: row.bio,
		isAdmin: row.is_admin === 1,
		links: { github: row.github, x: row.x, linkedin: row.linkedin, bluesky: row.bluesky, website: row.website },
	};
}
