/**
 * Profiles over real HTTP on 127.0.0.1, on both engines: the public overviews of
 * a user and an organisation (and 404s), avatar uploads checked from their bytes
 * and served back with their type, the new avatarUrl everywhere it appears,
 * organisation settings and avatars by admins only, and account deletion
 * (confirmation, last admin, what goes with the account).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { loadSeed } from "../src/seed/load.js";
import { type Answer, accountClient, sessionCookie } from "./support/accounts.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type Listening, listen, openTestHub, type TestHub } from "./support/hub.js";
import { gifHeader, jpegHeader, solidPng } from "./support/images.js";
import { createTestRepo } from "./support/repos.js";
import { seedModel } from "./support/seed-records.js";

const PASSWORD = "correct horse battery";
const MiB = 1024 * 1024;

describe.each(ENGINES)("profiles, avatars and account deletion on %s", (engine) => {
	let testDb: TestDatabase;
	let hub: TestHub;
	let server: Listening;
	let call: ReturnType<typeof accountClient>;

	beforeAll(async () => {
		testDb = await startTestDatabase(engine);
		hub = await openTestHub(testDb.config);
		// People's own repositories are made after they sign up (a seeded namespace is never theirs).
		await loadSeed(hub.deps, [seedModel("other/kept")]);
		server = await listen(hub.app);
		call = accountClient(server.url);
	});

	afterAll(async () => {
		await server?.close();
		await hub?.close();
		await testDb?.cleanup();
	});

	async function signUp(username: string): Promise<string> {
		const answer = await call("/api/auth/signup", {
			body: { username, email: `${username}@example.com`, password: PASSWORD },
		});
		expect(answer.status, JSON.stringify(answer.body)).toBe(201);
		const cookie = sessionCookie(answer.headers);
		if (!cookie) throw new Error("no session cookie");
		return cookie.value;
	}

	/**
	 * A raw-body PUT from the hub's own origin with the session cookie, on a connection of its own
	 * (node:http, no keep-alive): a refused oversized body leaves its connection unusable.
	 */
	function upload(path: string, session: string, bytes: Uint8Array, type: string) {
		return new Promise<Pick<Answer, "status" | "body">>((resolve, reject) => {
			const outgoing = request(
				`${server.url}${path}`,
				{
					method: "PUT",
					agent: false,
					headers: { cookie: `hubkit_session=${session}`, origin: server.url, "content-type": type },
				},
				(response) => {
					const chunks: Buffer[] = [];
					response.on("data", (chunk: Buffer) => chunks.push(chunk));
					response.on("end", () => {
						const text = Buffer.concat(chunks).toString("utf8");
						resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
					});
				},
			);
			// The server may answer (413) and close before the whole body is sent.
			outgoing.on("error", (error: NodeJS.ErrnoException) => {
				if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
			});
			outgoing.end(bytes);
		});
	}

	it("answers the overview of a user and of an organisation, and 404 for unknown names or the wrong kind", async () => {
		const paula = await signUp("paula");
		await createTestRepo(hub.deps, "paula/public-one");
		await createTestRepo(hub.deps, "paula/private-one", { private: true });
		await call("/api/settings/profile", {
			method: "PUT",
			session: paula,
			body: { fullname: "Paula P", bio: "Makes tiny models", links: { github: "https://github.com/paula" } },
		});
		expect(
			(await call("/api/organizations", { session: paula, body: { name: "quill-labs", fullname: "Quill Labs" } }))
				.status,
		).toBe(201);
		await createTestRepo(hub.deps, "quill-labs/org-model");

		const anonymous = await call("/api/users/paula/overview", { origin: null });
		expect(anonymous.status).toBe(200);
		expect(anonymous.body).toEqual({
			type: "user",
			name: "paula",
			fullname: "Paula P",
			avatarUrl: `${server.url}/api/avatars/paula.svg`,
			bio: "Makes tiny models",
			links: { github: "https://github.com/paula", x: null, linkedin: null, bluesky: null, website: null },
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			isAdmin: false,
			orgs: [{ name: "quill-labs", fullname: "Quill Labs", avatarUrl: `${server.url}/api/avatars/quill-labs.svg` }],
			// The private model counts only for those who may see it.
			numModels: 1,
		});
		expect((await call("/api/users/paula/overview", { session: paula })).body.numModels).toBe(2);

		const org = await call("/api/organizations/quill-labs/overview", { origin: null });
		expect(org.status).toBe(200);
		expect(org.body).toEqual({
			type: "org",
			name: "quill-labs",
			fullname: "Quill Labs",
			avatarUrl: `${server.url}/api/avatars/quill-labs.svg`,
			bio: null,
			links: { github: null, x: null, linkedin: null, bluesky: null, website: null },
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			numMembers: 1,
			numModels: 1,
		});

		for (const path of [
			"/api/users/nobody/overview",
			"/api/users/quill-labs/overview",
			"/api/organizations/paula/overview",
			"/api/organizations/nobody/overview",
		]) {
			const missing = await call(path, { origin: null });
			expect(missing.status, path).toBe(404);
			expect(missing.headers.get("x-error-code"), path).toBe("NotFound");
		}
	});

	it("takes an uploaded avatar, serves it with its type, and shows the new avatarUrl in whoami-v2 and the overviews", async () => {
		const rita = await signUp("rita");
		const picture = solidPng(48, 48);
		const uploaded = await upload("/api/settings/avatar", rita, picture, "image/png");
		expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
		const url: string = uploaded.body.avatarUrl;
		expect(url).toMatch(new RegExp(`^${server.url}/api/avatars/rita/[0-9a-f]{16}$`));

		const served = await fetch(url);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/png");
		expect(served.headers.get("cache-control")).toContain("immutable");
		expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

		expect((await call("/api/whoami-v2", { session: rita })).body.avatarUrl).toBe(url);
		expect((await call("/api/users/rita/overview", { origin: null })).body.avatarUrl).toBe(url);

		// Another picture, another URL; the old one no longer answers.
		const gif = Buffer.concat([gifHeader(40, 40), Buffer.alloc(64)]);
		const again = await upload("/api/settings/avatar", rita, gif, "image/gif");
		expect(again.status).toBe(200);
		expect(again.body.avatarUrl).not.toBe(url);
		expect((await fetch(again.body.avatarUrl)).headers.get("content-type")).toBe("image/gif");
		expect((await fetch(url)).status).toBe(404);

		const removed = await call("/api/settings/avatar", { method: "DELETE", session: rita });
		expect(removed.status).toBe(204);
		expect((await call("/api/whoami-v2", { session: rita })).body.avatarUrl).toBe(`${server.url}/api/avatars/rita.svg`);
	});

	it("refuses a fake PNG, a picture too large or too small, and other types, each with a message", async () => {
		const sam = await signUp("sam");
		const fake = Buffer.concat([
			solidPng(64, 64).subarray(0, 8),
			Buffer.from("<html><script>alert(1)</script></html>"),
		]);
		const faked = await upload("/api/settings/avatar", sam, fake, "image/png");
		expect(faked.status).toBe(415);
		expect(faked.body.error).toMatch(/not a readable PNG/);

		// A real JPEG header sent as a PNG: the bytes decide.
		const mislabelled = await upload("/api/settings/avatar", sam, jpegHeader(64, 64), "image/png");
		expect(mislabelled.status).toBe(415);
		expect(mislabelled.body.error).toMatch(/image\/jpeg/);

		const svg = await upload(
			"/api/settings/avatar",
			sam,
			Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
			"image/svg+xml",
		);
		expect(svg.status).toBe(415);
		expect(svg.body.error).toMatch(/PNG, JPEG, WebP or GIF/);

		const tiny = await upload("/api/settings/avatar", sam, solidPng(31, 64), "image/png");
		expect(tiny.status).toBe(400);
		expect(tiny.body.error).toMatch(/at least 32×32 pixels/);

		const huge = Buffer.concat([solidPng(64, 64), Buffer.alloc(2 * MiB)]);
		const tooLarge = await upload("/api/settings/avatar", sam, huge, "image/png");
		expect(tooLarge.status).toBe(413);
		expect(tooLarge.body.error).toMatch(/larger than 2097152 bytes/);

		// Just under the limit is fine (the bytes after the header are not read).
		const big = Buffer.concat([solidPng(64, 64), Buffer.alloc(2 * MiB - 1000)]);
		expect((await upload("/api/settings/avatar", sam, big, "image/png")).status).toBe(200);

		// A token is not a browser session.
		const { token } = await createAccessToken(hub.deps.db, "sam", { role: "write" });
		const byToken = await fetch(`${server.url}/api/settings/avatar`, {
			method: "PUT",
			headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
			body: solidPng(40, 40),
		});
		expect(byToken.status).toBe(403);
		// And another site cannot make the browser upload one.
		const foreign = await fetch(`${server.url}/api/settings/avatar`, {
			method: "PUT",
			headers: { cookie: `hubkit_session=${sam}`, origin: "https://evil.example", "content-type": "image/png" },
			body: solidPng(40, 40),
		});
		expect(foreign.status).toBe(403);
		expect(foreign.headers.get("x-error-code")).toBe("CsrfRejected");
	});

	it("lets only an organisation's admins change its settings and avatar", async () => {
		const olga = await signUp("olga");
		const walt = await signUp("walt");
		expect((await call("/api/organizations", { session: olga, body: { name: "lumen" } })).status).toBe(201);
		expect(
			(await call("/api/organizations/lumen/members/walt", { method: "PUT", session: olga, body: { role: "write" } }))
				.status,
		).toBe(204);

		const settings = { fullname: "Lumen Inc", bio: "Light models", links: { website: "https://lumen.example" } };
		const byWriter = await call("/api/organizations/lumen/settings", { method: "PUT", session: walt, body: settings });
		expect(byWriter.status).toBe(403);
		expect(byWriter.headers.get("x-error-code")).toBe("Forbidden");
		const stranger = await signUp("stranger");
		expect(
			(await call("/api/organizations/lumen/settings", { method: "PUT", session: stranger, body: settings })).status,
		).toBe(404);
		expect((await upload("/api/organizations/lumen/avatar", walt, solidPng(40, 40), "image/png")).status).toBe(403);

		const changed = await call("/api/organizations/lumen/settings", { method: "PUT", session: olga, body: settings });
		expect(changed.status).toBe(200);
		expect(changed.body).toMatchObject({
			type: "org",
			name: "lumen",
			fullname: "Lumen Inc",
			bio: "Light models",
			links: { website: "https://lumen.example", github: null },
			numMembers: 2,
		});
		const badLink = await call("/api/organizations/lumen/settings", {
			method: "PUT",
			session: olga,
			body: { links: { website: "javascript:alert(1)" } },
		});
		expect(badLink.status).toBe(400);

		const avatar = await upload("/api/organizations/lumen/avatar", olga, solidPng(64, 64, [0, 0, 255]), "image/png");
		expect(avatar.status).toBe(200);
		expect(avatar.body.avatarUrl).toMatch(new RegExp(`^${server.url}/api/avatars/lumen/[0-9a-f]{16}$`));
		expect((await call("/api/organizations/lumen/overview", { origin: null })).body.avatarUrl).toBe(
			avatar.body.avatarUrl,
		);
		const whoami = await call("/api/whoami-v2", { session: walt });
		expect(whoami.body.orgs).toEqual([expect.objectContaining({ name: "lumen", avatarUrl: avatar.body.avatarUrl })]);
		expect((await call("/api/users/walt/overview", { origin: null })).body.orgs).toEqual([
			{ name: "lumen", fullname: "Lumen Inc", avatarUrl: avatar.body.avatarUrl },
		]);
		expect((await call("/api/organizations/lumen/avatar", { method: "DELETE", session: walt })).status).toBe(403);
		expect((await call("/api/organizations/lumen/avatar", { method: "DELETE", session: olga })).status).toBe(204);
		expect((await call("/api/organizations/lumen/overview", { origin: null })).body.avatarUrl).toBe(
			`${server.url}/api/avatars/lumen.svg`,
		);
	});

	it("deletes an account only when confirmed, not while it is the last admin of a shared organisation, and then wholly", async () => {
		const zed = await signUp("zed");
		await createTestRepo(hub.deps, "zed/doomed-public");
		await createTestRepo(hub.deps, "zed/doomed-private", { private: true });
		await createTestRepo(hub.deps, "zed/doomed-data", { type: "dataset", private: true });
		const second = (await call("/api/auth/login", { body: { username: "zed", password: PASSWORD } })).headers;
		const otherSession = sessionCookie(second)?.value ?? "";
		const { token } = await createAccessToken(hub.deps.db, "zed", { role: "write" });
		const yann = await signUp("yann");
		expect((await call("/api/organizations", { session: zed, body: { name: "zed-team" } })).status).toBe(201);
		expect(
			(await call("/api/organizations/zed-team/members/yann", { method: "PUT", session: zed, body: { role: "read" } }))
				.status,
		).toBe(204);
		expect(
			(await call("/api/organizations/zed-team/members/paula", { method: "PUT", session: zed, body: { role: "read" } }))
				.status,
		).toBe(204);
		expect((await call("/api/organizations", { session: zed, body: { name: "zed-solo" } })).status).toBe(201);

		const wrong = await call("/api/settings/account", { method: "DELETE", session: zed, body: { confirm: "Zed" } });
		expect(wrong.status).toBe(400);
		expect(wrong.body.error).toMatch(/"confirm": "zed"/);
		const lastAdmin = await call("/api/settings/account", { method: "DELETE", session: zed, body: { confirm: "zed" } });
		expect(lastAdmin.status).toBe(409);
		expect(lastAdmin.body.error).toMatch(/last admin of zed-team/);
		// Nothing went: the refusal happened inside the one transaction.
		expect((await call("/api/whoami-v2", { token, origin: null })).status).toBe(200);

		expect(
			(await call("/api/organizations/zed-team/members/yann", { method: "PUT", session: zed, body: { role: "admin" } }))
				.status,
		).toBe(204);
		const deleted = await call("/api/settings/account", { method: "DELETE", session: zed, body: { confirm: "zed" } });
		expect(deleted.status).toBe(204);
		expect(deleted.headers.getSetCookie().some((line) => line.startsWith("hubkit_session=;"))).toBe(true);

		expect((await call("/api/whoami-v2", { session: zed })).status).toBe(401);
		expect((await call("/api/whoami-v2", { session: otherSession })).status).toBe(401);
		expect((await call("/api/whoami-v2", { token, origin: null })).status).toBe(401);
		expect((await call("/api/users/zed/overview", { origin: null })).status).toBe(404);
		// The organisation only zed belonged to went with the account; the shared one stays with its members.
		expect((await call("/api/organizations/zed-solo/overview", { origin: null })).status).toBe(404);
		expect((await call("/api/organizations/zed-team/overview", { origin: null })).body.numMembers).toBe(2);
		expect(
			(await call("/api/organizations/zed-team/members", { session: yann })).body.map((m: { name: string }) => m.name),
		).toEqual(["paula", "yann"]);

		for (const id of ["zed/doomed-public", "zed/doomed-private"]) {
			expect((await call(`/api/models/${id}`, { session: yann })).status, id).toBe(404);
			expect(await hub.deps.db.selectFrom("refs").select("repo_id").where("repo_id", "=", id).execute()).toEqual([]);
			expect(await hub.deps.db.selectFrom("commits").select("sha").where("repo_id", "=", id).execute()).toEqual([]);
			expect(await hub.deps.db.selectFrom("model_tags").select("tag").where("model_id", "=", id).execute()).toEqual([]);
		}
		// The private dataset went too, with every row keyed by it: a new account of the same name
		// must not find the old one's repositories.
		expect(await hub.deps.db.selectFrom("datasets").select("id").where("author", "=", "zed").execute()).toEqual([]);
		for (const table of ["commits", "refs"] as const) {
			const rows = await hub.deps.db
				.selectFrom(table)
				.select("repo_id")
				.where("repo_id", "=", "datasets/zed/doomed-data");
			expect(await rows.execute(), table).toEqual([]);
		}
		expect((await call("/api/models/other/kept", { origin: null })).status).toBe(200);
		const kept = await call("/api/models/other/kept/tree/main", { origin: null });
		expect(kept.status).toBe(200);
		expect(kept.body.map((entry: { path: string }) => entry.path)).toContain("config.json");
		// The name is free again, and nothing of the old account's comes with it.
		const newZed = await signUp("zed");
		expect(newZed).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect((await call("/api/datasets/zed/doomed-data", { session: newZed })).status).toBe(404);
		expect((await call("/api/models?author=zed", { session: newZed })).body).toEqual([]);
	});
});
