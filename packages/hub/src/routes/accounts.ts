/**
 * Sign-up, sign-in and the signed-in person's settings (reference: README.md,
 * "Accounts and sessions"). The session cookie is `hubkit_session`: HttpOnly,
 * SameSite=Lax, Path=/, Secure when the hub's public URL is https. Settings
 * routes answer a browser session only: a token cannot make tokens or change
 * the password (a leaked read token must not turn into a write token).
 */
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Caller } from "../auth/caller.js";
import { requireAccount } from "../auth/permissions.js";
import { createSession, deleteSession, deleteUserSessions, SESSION_COOKIE } from "../auth/sessions.js";
import { signUpAdmission } from "../auth/sign-up-limit.js";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../auth/tokens.js";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, notFound } from "../errors.js";
import { clientAddress, rateLimitKey } from "../middleware/anonymous-limit.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { changePassword, createUser, type Profile, readProfile, signIn, updateProfile } from "../services/accounts.js";
import { revokeUserGrants } from "../services/oauth-grants.js";
import { checkRepoId } from "../services/repo-access.js";
import { jsonObject, optionalString, requiredString } from "./json-body.js";

const SIGN_IN = "signing up or in is how a caller comes to be: the credentials are the body";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const ACCOUNTS_ROUTE_DOCS: RouteDocs = {
	"POST /api/auth/signup": {
		summary: "Create an account and sign in",
		tag: "Accounts and settings",
		body: "json",
		public: true,
		permission: { action: "none", why: SIGN_IN },
		details: [
			"Body `{ username, email, password, fullname? }`. **201** `{ name, fullname, email, isAdmin }` and the session cookie. 400 for a bad name, email or a password under 10 characters; 409 `NameTaken` (the name is an account's, an organisation's or a repository namespace, any case), 409 `SignUpRefused` (the e-mail is in use: the answer names no account); 429 `SignUpRateLimited` past `HUBKIT_SIGNUPS_PER_HOUR` from one address; 503 `PasswordHashingBusy` with `Retry-After` when the hashing queue is full.",
		],
	},
	"POST /api/auth/login": {
		summary: "Sign in (sets the session cookie)",
		tag: "Accounts and settings",
		body: "json",
		public: true,
		permission: { action: "none", why: SIGN_IN },
		details: [
			'Body `{ username, password }` or `{ email, password }` (a `username` with `@` is read as an e-mail). **200** `{ name, fullname, email, isAdmin }` and a new session cookie. 401 `InvalidCredentials` "Invalid username or password" for a wrong password, an unknown or a disabled user alike; 429 `SignInRateLimited` with `Retry-After` past the failed sign-in limits; 503 `PasswordHashingBusy`.',
		],
	},
	"POST /api/auth/logout": {
		summary: "Sign out",
		tag: "Accounts and settings",
		permission: { action: "none", why: "it ends the session its own cookie names, if any" },
		details: ["No body. **204**: the session is deleted and the cookie cleared."],
	},
	"GET /api/auth/session": {
		summary: "The signed-in person, if any",
		tag: "Accounts and settings",
		public: true,
		details: [
			"**200** `{ name, fullname, email, isAdmin }`; 401 `TokenRequired` without a session; 403 `Forbidden` for a token.",
		],
	},
	"GET /api/settings/profile": {
		summary: "The signed-in person's profile",
		tag: "Accounts and settings",
		details: [
			"`{ name, fullname, email, bio, isAdmin, links: { github, x, linkedin, bluesky, website } }`. This and every `/api/settings/…` route answer a browser session only: a token, even a write one, gets 403.",
		],
	},
	"PUT /api/settings/profile": {
		summary: "Change one's profile",
		tag: "Accounts and settings",
		body: "json",
		permission: { action: "settings", on: "account" },
		details: [
			'Body `{ fullname?, bio?, links?: { github?, x?, linkedin?, bluesky?, website? } }`: a link is an http(s) URL, `null` or `""` clears it. Answers the profile; 400 for a bad link.',
		],
	},
	"POST /api/settings/password": {
		summary: "Change one's password",
		tag: "Accounts and settings",
		body: "json",
		permission: { action: "settings", on: "account" },
		details: [
			"Body `{ current, new }`. **204** and a fresh cookie; every other session of the user ends. 403 `InvalidCredentials` for a wrong current password.",
		],
	},
	"POST /api/settings/sign-out-everywhere": {
		summary: "End every session of one's own and every OAuth grant (this browser is signed out too)",
		tag: "Accounts and settings",
		permission: { action: "settings", on: "account" },
		details: [
			"No body. **204**, cookie cleared: every session of the user ends (this one too) and every grant they gave an OAuth app is revoked; the access tokens they made stay.",
		],
	},
	"GET /api/settings/tokens": {
		summary: "One's access tokens (never their secrets)",
		tag: "Accounts and settings",
		details: [
			"`[{ id, displayName, role, createdAt, lastUsedAt, expiresAt, repos }]`, oldest first, never a secret. `lastUsedAt` may be up to a minute behind.",
		],
	},
	"POST /api/settings/tokens": {
		summary: "Create an access token (shown once)",
		tag: "Accounts and settings",
		body: "json",
		permission: { action: "settings", on: "account" },
		details: [
			'Body `{ name, role: "read"|"write", expiresInDays?: 1–3650, repos?: ["owner/name", …] }`. **201** the listed fields plus `token`, the secret, shown this once.',
		],
	},
	"DELETE /api/settings/tokens/{id}": {
		summary: "Revoke an access token",
		tag: "Accounts and settings",
		permission: { action: "settings", on: "account" },
		details: ["**204**; 404 `NotFound` for another user's or an unknown id."],
	},
};

const DAY_SECONDS = 86_400;
const MAX_TOKEN_NAME_LENGTH = 100;
const MAX_TOKEN_DAYS = 3650;
const MAX_TOKEN_REPOS = 100;

/** The caller of a settings route: a browser session only (the rule's `settings` action, auth/permissions.ts). */
export function sessionCaller(c: Context<HubEnv>): Caller {
	return requireAccount(c.get("caller"), "settings");
}

export function accountRoutes(deps: HubDeps): Hono<HubEnv> {
	const admitSignUp = signUpAdmission(deps.db, deps.config.signUpsPerHour);
	const addressOf = (c: Context<HubEnv>) => rateLimitKey(clientAddress(c, deps.config.trustedProxies));
	const startSession = async (c: Context<HubEnv>, userId: string) => {
		// A fresh id on every sign-in; the one the browser had before (if any) ends.
		const previous = getCookie(c, SESSION_COOKIE);
		if (previous) await deleteSession(deps.db, previous);
		const id = await createSession(deps.db, userId);
		setCookie(c, SESSION_COOKIE, id, {
			httpOnly: true,
			sameSite: "Lax",
			path: "/",
			secure: publicBaseUrl(c, deps.config).startsWith("https:"),
			maxAge: deps.config.sessionMaxDays * DAY_SECONDS,
		});
	};
	const sessionBody = (caller: Pick<Caller, "userName" | "fullname" | "email" | "isAdmin">) => ({
		name: caller.userName,
		fullname: caller.fullname,
		email: caller.email,
		isAdmin: caller.isAdmin === true,
	});

	return new Hono<HubEnv>()
		.post("/api/auth/signup", async (c) => {
			await admitSignUp(addressOf(c));
			const body = await jsonObject(c);
			const user = await createUser(deps.db, {
				username: requiredString(body, "username"),
				email: requiredString(body, "email"),
				password: requiredString(body, "password"),
				fullname: optionalString(body, "fullname"),
			});
			await startSession(c, user.id);
			return c.json({ name: user.name, fullname: user.fullname, email: user.email, isAdmin: false }, 201);
		})
		.post("/api/auth/login", async (c) => {
			const body = await jsonObject(c);
			const login = optionalString(body, "username") ?? optionalString(body, "email");
			if (!login) throw badRequest("username (or email) is required");
			const user = await signIn(deps.db, login, requiredString(body, "password"), addressOf(c));
			await startSession(c, user.id);
			const profile = await readProfile(deps.db, user.id);
			return c.json({
				name: profile.name,
				fullname: profile.fullname,
				email: profile.email,
				isAdmin: profile.isAdmin,
			});
		})
		.post("/api/auth/logout", async (c) => {
			const id = getCookie(c, SESSION_COOKIE);
			if (id) await deleteSession(deps.db, id);
			deleteCookie(c, SESSION_COOKIE, { path: "/" });
			return c.body(null, 204);
		})
		.post("/api/settings/sign-out-everywhere", async (c) => {
			// Every browser session of the user (this one too) and every OAuth grant; their own tokens stay.
			const caller = sessionCaller(c);
			await deleteUserSessions(deps.db, caller.userId);
			await revokeUserGrants(deps.db, caller.userId);
			deleteCookie(c, SESSION_COOKIE, { path: "/" });
			return c.body(null, 204);
		})
		.get("/api/auth/session", (c) => c.json(sessionBody(sessionCaller(c))))
		.get("/api/settings/profile", async (c) => c.json(await readProfile(deps.db, sessionCaller(c).userId)))
		.put("/api/settings/profile", async (c) => {
			const caller = sessionCaller(c);
			const body = await jsonObject(c);
			const links = body.links;
			if (links !== undefined && (typeof links !== "object" || links === null || Array.isArray(links))) {
				throw badRequest("links must be an object");
			}
			const profile: Profile = {
				fullname: optionalString(body, "fullname"),
				bio: optionalString(body, "bio"),
				links: links as Profile["links"],
			};
			await updateProfile(deps.db, caller.userId, profile);
			return c.json(await readProfile(deps.db, caller.userId));
		})
		.post("/api/settings/password", async (c) => {
			const caller = sessionCaller(c);
			const body = await jsonObject(c);
			await changePassword(deps.db, caller.userId, requiredString(body, "current"), requiredString(body, "new"));
			// Every session ended, this one too: sign the browser in again at once with a fresh id.
			await startSession(c, caller.userId);
			return c.body(null, 204);
		})
		.get("/api/settings/tokens", async (c) => {
			const caller = sessionCaller(c);
			return c.json((await listAccessTokens(deps.db, caller.userName)) ?? []);
		})
		.post("/api/settings/tokens", async (c) => {
			const caller = sessionCaller(c);
			const body = await jsonObject(c);
			const name = requiredString(body, "name").trim();
			if (name.length === 0 || name.length > MAX_TOKEN_NAME_LENGTH) {
				throw badRequest(`A token name has 1 to ${MAX_TOKEN_NAME_LENGTH} characters`);
			}
			const role = body.role;
			if (role !== "read" && role !== "write") throw badRequest("role must be read or write");
			const days = body.expiresInDays;
			if (
				days !== undefined &&
				(!Number.isInteger(days) || (days as number) < 1 || (days as number) > MAX_TOKEN_DAYS)
			) {
				throw badRequest(`expiresInDays is a whole number from 1 to ${MAX_TOKEN_DAYS}`);
			}
			const repos = body.repos;
			if (
				repos !== undefined &&
				(!Array.isArray(repos) ||
					repos.length === 0 ||
					repos.length > MAX_TOKEN_REPOS ||
					repos.some((repo) => typeof repo !== "string"))
			) {
				throw badRequest(`repos is a list of 1 to ${MAX_TOKEN_REPOS} repo ids`);
			}
			const scope = (repos as string[] | undefined)?.map((repo) => {
				const [namespace = "", repoName = "", ...rest] = repo.split("/");
				if (rest.length > 0) throw badRequest(`Invalid repository id: ${JSON.stringify(repo.slice(0, 200))}`);
				return checkRepoId(namespace, repoName);
			});
			const now = new Date();
			const created = await createAccessToken(deps.db, caller.userName, {
				displayName: name,
				role,
				now,
				expiresAt:
					days === undefined
						? undefined
						: new Date(now.getTime() + (days as number) * DAY_SECONDS * 1000).toISOString(),
				repos: scope,
			});
			const listed = (await listAccessTokens(deps.db, caller.userName))?.find((item) => item.id === created.id);
			// The only time the secret is shown.
			return c.json({ ...listed, token: created.token }, 201);
		})
		.delete("/api/settings/tokens/:id", async (c) => {
			const caller = sessionCaller(c);
			if (!(await revokeAccessToken(deps.db, c.req.param("id"), caller.userId))) throw notFound("No such token");
			return c.body(null, 204);
		});
}
