/**
 * Gated repositories over real HTTP on both engines: the download gate (no token 401, a token
 * without access 403, both `GatedRepo`; the card always readable; the owner and writers
 * always through), asking for access (form or JSON; `auto` accepts at once), the owner's
 * lists, accepting, rejecting and granting, and the requester's own `GET …/access`.
 */
import { downloadFile } from "@huggingface/hub";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, TEST_ORG, type TestPeople } from "./support/repos.js";

const MANUAL = "alice/gate-manual";
const AUTO = "alice/gate-auto";
const ORG_GATE = `${TEST_ORG}/gate-org`;
const FILES = { "README.md": "# Gated\n\nAsk first.\n", "config.json": '{"secret":true}\n' };

describe.each(ENGINES)("gated access (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, MANUAL, { gated: "manual", files: FILES });
		await createTestRepo(hub.deps, AUTO, { gated: "auto", files: FILES });
		await createTestRepo(hub.deps, ORG_GATE, { gated: "manual", files: FILES });
		await createTestRepo(hub.deps, "alice/open", { files: FILES });
	});

	const download = (id: string, path: string, token?: string) =>
		call(`${hub.url}/${id}/resolve/main/${path}`, { token });
	const api = (id: string, rest: string) => `${hub.url}/api/models/${id}${rest}`;
	const ask = (id: string, token: string | undefined, fields: Record<string, string> = {}) =>
		fetch(api(id, "/ask-access"), {
			method: "POST",
			headers: {
				"content-type": "application/x-www-form-urlencoded",
				...(token ? { authorization: `Bearer ${token}` } : {}),
			},
			body: new URLSearchParams(fields).toString(),
		});

	it("keeps gated files from callers without access, and the card readable by all", async () => {
		const anonymous = await download(MANUAL, "config.json");
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get("x-error-code")).toBe("GatedRepo");
		const outsider = await download(MANUAL, "config.json", people.other);
		expect(outsider.status).toBe(403);
		expect(outsider.headers.get("x-error-code")).toBe("GatedRepo");
		expect((await download(MANUAL, "README.md")).status).toBe(200);
		// The owner (even with a read token) and the organisation's writers always have access; readers do not.
		expect((await download(MANUAL, "config.json", people.ownerRead)).body).toEqual({ secret: true });
		expect((await download(ORG_GATE, "config.json", people.orgWriter)).status).toBe(200);
		expect((await download(ORG_GATE, "config.json", people.orgReader)).status).toBe(403);
		await expect(
			downloadFile({ repo: MANUAL, path: "config.json", hubUrl: hub.url, accessToken: people.other }),
		).rejects.toMatchObject({ statusCode: 403 });
	});

	it("takes a request, lists it for the owner, and opens the files once accepted", async () => {
		expect((await ask(MANUAL, undefined)).status).toBe(401);
		const asked = await ask(MANUAL, people.other, { reason: "research", affiliation: "uni" });
		expect(asked.status).toBe(200);
		expect(await asked.json()).toEqual({ status: "pending" });
		expect((await call(api(MANUAL, "/access"), { token: people.other })).body).toEqual({
			gated: "manual",
			status: "pending",
			mayDownload: false,
			mayWrite: false,
			mayAdmin: false,
			mirrorOf: null,
		});
		expect((await download(MANUAL, "config.json", people.other)).status).toBe(403);

		const pending = await call(api(MANUAL, "/user-access-request/pending"), { token: people.ownerWrite });
		expect(pending.status).toBe(200);
		expect(pending.body).toEqual([
			{
				user: { user: "oscar", fullname: "oscar" },
				status: "pending",
				timestamp: expect.any(String),
				fields: { reason: "research", affiliation: "uni" },
			},
		]);
		// Only writers see or answer requests.
		expect((await call(api(MANUAL, "/user-access-request/pending"))).status).toBe(401);
		expect((await call(api(MANUAL, "/user-access-request/pending"), { token: people.other })).status).toBe(403);
		expect((await call(api(MANUAL, "/user-access-request/pending"), { token: people.ownerRead })).status).toBe(403);
		const sneaky = await call(api(MANUAL, "/user-access-request/handle"), {
			token: people.other,
			body: { user: "oscar", status: "accepted" },
		});
		expect(sneaky.status).toBe(403);
		expect((await download(MANUAL, "config.json", people.other)).status).toBe(403);

		const accept = await call(api(MANUAL, "/user-access-request/handle"), {
			token: people.ownerWrite,
			body: { user: "oscar", status: "accepted" },
		});
		expect(accept.status).toBe(200);
		expect((await download(MANUAL, "config.json", people.other)).body).toEqual({ secret: true });
		expect((await call(api(MANUAL, "/access"), { token: people.other })).body).toMatchObject({
			status: "accepted",
			mayDownload: true,
		});
		// Asking again leaves the answer as it is.
		expect(await (await ask(MANUAL, people.other)).json()).toEqual({ status: "accepted" });

		const reject = await call(api(MANUAL, "/user-access-request/handle"), {
			token: people.ownerWrite,
			body: { user: "oscar", status: "rejected" },
		});
		expect(reject.status).toBe(200);
		expect((await download(MANUAL, "config.json", people.other)).status).toBe(403);
		const rejected = await call(api(MANUAL, "/user-access-request/rejected"), { token: people.ownerWrite });
		expect(rejected.body.map((item: { user: { user: string } }) => item.user.user)).toEqual(["oscar"]);
		expect((await call(api(MANUAL, "/user-access-request/pending"), { token: people.ownerWrite })).body).toEqual([]);
	});

	it("accepts at once on an auto-gated repository (JSON body)", async () => {
		const asked = await call(api(AUTO, "/ask-access"), { token: people.orgReader, body: { fields: { why: "x" } } });
		expect(asked.body).toEqual({ status: "accepted" });
		expect((await download(AUTO, "config.json", people.orgReader)).status).toBe(200);
		const accepted = await call(api(AUTO, "/user-access-request/accepted"), { token: people.ownerWrite });
		expect(accepted.body).toMatchObject([{ user: { user: "rita" }, status: "accepted", fields: { why: "x" } }]);
	});

	it("lets an admin grant access to someone who never asked; a writer may not", async () => {
		expect((await download(ORG_GATE, "config.json", people.orgReader)).status).toBe(403);
		const grantBy = (token: string) =>
			call(api(ORG_GATE, "/user-access-request/grant"), { token, body: { user: "rita" } });
		expect((await grantBy(people.orgWriter)).status).toBe(403);
		const will = await hub.deps.db
			.selectFrom("users")
			.select("id")
			.where("name", "=", "will")
			.executeTakeFirstOrThrow();
		const setRole = (role: string) =>
			hub.deps.db.updateTable("org_members").set({ role }).where("user_id", "=", will.id).execute();
		await setRole("admin");
		const grant = await grantBy(people.orgWriter);
		await setRole("write");
		expect(grant.status).toBe(200);
		expect((await download(ORG_GATE, "config.json", people.orgReader)).status).toBe(200);
		const refused = await call(api(ORG_GATE, "/user-access-request/grant"), {
			token: people.orgReader,
			body: { user: "oscar" },
		});
		expect(refused.status).toBe(403);
		expect((await download(ORG_GATE, "config.json", people.other)).status).toBe(403);
	});

	it("tells each caller whether they may write the repository (the site's settings and editors)", async () => {
		const mayWrite = async (id: string, token?: string) => (await call(api(id, "/access"), { token })).body.mayWrite;
		expect(await mayWrite(MANUAL, people.ownerWrite)).toBe(true);
		// A read token of the owner may download but not write; the owner's own credential decides.
		expect(await mayWrite(MANUAL, people.ownerRead)).toBe(false);
		expect(await mayWrite(MANUAL, people.other)).toBe(false);
		expect(await mayWrite(MANUAL)).toBe(false);
		expect(await mayWrite(ORG_GATE, people.orgWriter)).toBe(true);
		expect(await mayWrite(ORG_GATE, people.orgReader)).toBe(false);
		// Settings are the owner's and an organisation admin's: a writer of the organisation has none.
		const mayAdmin = async (id: string, token?: string) => (await call(api(id, "/access"), { token })).body.mayAdmin;
		expect(await mayAdmin(MANUAL, people.ownerWrite)).toBe(true);
		expect(await mayAdmin(MANUAL, people.ownerRead)).toBe(false);
		expect(await mayAdmin(ORG_GATE, people.orgWriter)).toBe(false);
	});

	it("answers bad requests with 4xx and changes nothing", async () => {
		const owner = { token: people.ownerWrite };
		expect((await call(api("alice/open", "/ask-access"), { token: people.other, body: {} })).status).toBe(400);
		const handle = (body: unknown) => call(api(MANUAL, "/user-access-request/handle"), { ...owner, body });
		expect((await handle({ user: "oscar", status: "maybe" })).status).toBe(400);
		expect((await handle({ user: "nobody-here", status: "accepted" })).status).toBe(404);
		expect((await handle({ user: "will", status: "accepted" })).status).toBe(404);
		expect((await call(api(MANUAL, "/user-access-request/other"), owner)).status).toBe(404);
		expect((await call(api("alice/open", "/access"))).body).toEqual({
			gated: false,
			status: null,
			mayDownload: true,
			mayWrite: false,
			mayAdmin: false,
			mirrorOf: null,
		});
		expect((await download(MANUAL, "config.json", people.orgWriter)).status).toBe(403);
	});
});
