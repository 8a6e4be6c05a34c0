/**
 * Who may commit and preupload: anonymous, the owner with a read token and with a write
 * token, another user, an organisation's writer and its reader, against public, gated
 * and private repositories owned by a user and by an organisation. Refusals hide private
 * repositories (401 without a token, 404 with one) and change nothing. On SQLite and
 * PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { commitRaw, createRepoRaw, header, headOf, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

const REPOS = ["pat/open", "pat/gated", "pat/hidden", "crew/open", "crew/gated", "crew/hidden"] as const;
type RepoName = (typeof REPOS)[number];
const CALLERS = ["anonymous", "owner-read", "owner", "other", "org-writer", "org-reader"] as const;
type CallerName = (typeof CALLERS)[number];

/** The status each caller gets on each repository, for a commit and a preupload alike. */
const EXPECTED: Record<CallerName, Record<RepoName, number>> = {
	anonymous: {
		"pat/open": 401,
		"pat/gated": 401,
		"pat/hidden": 401,
		"crew/open": 401,
		"crew/gated": 401,
		"crew/hidden": 401,
	},
	"owner-read": {
		"pat/open": 403,
		"pat/gated": 403,
		"pat/hidden": 403,
		"crew/open": 403,
		"crew/gated": 403,
		"crew/hidden": 404,
	},
	owner: {
		"pat/open": 200,
		"pat/gated": 200,
		"pat/hidden": 200,
		"crew/open": 403,
		"crew/gated": 403,
		"crew/hidden": 404,
	},
	other: {
		"pat/open": 403,
		"pat/gated": 403,
		"pat/hidden": 404,
		"crew/open": 403,
		"crew/gated": 403,
		"crew/hidden": 404,
	},
	"org-writer": {
		"pat/open": 403,
		"pat/gated": 403,
		"pat/hidden": 404,
		"crew/open": 200,
		"crew/gated": 200,
		"crew/hidden": 200,
	},
	"org-reader": {
		"pat/open": 403,
		"pat/gated": 403,
		"pat/hidden": 404,
		"crew/open": 403,
		"crew/gated": 403,
		"crew/hidden": 403,
	},
};

describe.each(ENGINES)("who may commit (%s)", (engine) => {
	const hub = useHttpHub(engine);

	it("answers every caller on every repository as the table says, and refusals change nothing", async () => {
		const owner = (await createAccessToken(hub.deps.db, "pat", { role: "write" })).token;
		const ownerRead = (await createAccessToken(hub.deps.db, "pat")).token;
		const other = (await createAccessToken(hub.deps.db, "quo", { role: "write" })).token;
		const orgWriter = (await createAccessToken(hub.deps.db, "ria", { role: "write" })).token;
		const orgReader = (await createAccessToken(hub.deps.db, "sam", { role: "write" })).token;
		const org = (path: string, method: string, body: unknown) =>
			fetch(`${hub.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${orgWriter}`, "content-type": "application/json" },
				body: JSON.stringify(body),
			});
		expect((await org("/api/organizations", "POST", { name: "crew" })).status).toBe(201);
		expect((await org("/api/organizations/crew/members/sam", "PUT", { role: "read" })).status).toBe(204);
		for (const id of REPOS) {
			const [namespace, name] = id.split("/");
			const token = namespace === "pat" ? owner : orgWriter;
			const created = await createRepoRaw(hub.url, token, {
				name,
				organization: namespace,
				private: name === "hidden",
			});
			expect(created.status, id).toBe(200);
			if (name === "gated") {
				await hub.deps.db.updateTable("models").set({ gated: "manual" }).where("id", "=", id).execute();
			}
		}
		const tokens: Record<CallerName, string | undefined> = {
			anonymous: undefined,
			"owner-read": ownerRead,
			owner,
			other,
			"org-writer": orgWriter,
			"org-reader": orgReader,
		};

		for (const caller of CALLERS) {
			for (const id of REPOS) {
				const expected = EXPECTED[caller][id];
				const token = tokens[caller];
				const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
				const before = await headOf(hub.deps.db, id);
				const preupload = await fetch(`${hub.url}/api/models/${id}/preupload/main`, {
					method: "POST",
					headers: { ...headers, "content-type": "application/json" },
					body: JSON.stringify({ files: [{ path: "a.txt", size: 1, sample: "" }] }),
				});
				expect(preupload.status, `${caller} preupload ${id}`).toBe(expected);
				const committed =
					token === undefined
						? await fetch(`${hub.url}/api/models/${id}/commit/main`, {
								method: "POST",
								headers: { "content-type": "application/x-ndjson" },
								body: `${JSON.stringify(header("x"))}\n${JSON.stringify(inline(`${caller}.txt`, caller))}`,
							})
						: await commitRaw(hub.url, token, id, [header("x"), inline(`${caller}.txt`, caller)]);
				expect(committed.status, `${caller} commit ${id}`).toBe(expected);
				if (expected === 404 || (expected === 401 && id.endsWith("hidden"))) {
					expect(committed.headers.get("x-error-code"), `${caller} commit ${id}`).toBe("RepoNotFound");
				}
				if (expected !== 200) expect(await headOf(hub.deps.db, id), `${caller} ${id}`).toBe(before);
			}
		}
	});
});
