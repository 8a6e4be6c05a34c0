/**
 * `GET …/write-access`, what the site's Files tab reads before offering uploads, edits and deletes:
 * the owner's write token and an organisation's writers may write; a read token, an organisation's
 * reader, another user and nobody may not; the upload limits and refused types come from the hub's config.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";
import { call, createTestPeople, createTestRepo, TEST_ORG, type TestPeople } from "./support/repos.js";

const OWN = "alice/writable";
const ORG = `${TEST_ORG}/writable-org`;
const PRIVATE_DATASET = "alice/private-data";

describe.each(ENGINES)("write access (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let people: TestPeople;

	beforeAll(async () => {
		people = await createTestPeople(hub.deps.db);
		await createTestRepo(hub.deps, OWN, { files: { "README.md": "# Mine\n" } });
		await createTestRepo(hub.deps, ORG, { files: { "README.md": "# Ours\n" } });
		await createTestRepo(hub.deps, PRIVATE_DATASET, { type: "dataset", private: true, files: { "a.csv": "x\n1\n" } });
	});

	const access = (plural: string, id: string, token?: string) =>
		call(`${hub.url}/api/${plural}/${id}/write-access`, { token });

	it("says who may write, with the limits from the config", async () => {
		const limits = {
			uploadLimitBytes: hub.deps.config.uploadBodyLimitBytes,
			maxFilesPerCommit: 1000,
			refusedTypes: hub.deps.config.uploadRefusedTypes,
		};
		expect((await access("models", OWN, people.ownerWrite)).body).toEqual({ mayWrite: true, ...limits });
		expect((await access("models", OWN, people.ownerRead)).body).toEqual({ mayWrite: false, ...limits });
		expect((await access("models", OWN, people.other)).body).toEqual({ mayWrite: false, ...limits });
		expect((await access("models", OWN)).body).toEqual({ mayWrite: false, ...limits });
		expect((await access("models", ORG, people.orgWriter)).body).toMatchObject({ mayWrite: true });
		expect((await access("models", ORG, people.orgReader)).body).toMatchObject({ mayWrite: false });
		expect((await access("datasets", PRIVATE_DATASET, people.ownerWrite)).body).toMatchObject({ mayWrite: true });
	});

	it("answers a repository the caller cannot see as missing", async () => {
		expect((await access("datasets", PRIVATE_DATASET, people.other)).status).toBe(404);
		expect((await access("datasets", PRIVATE_DATASET)).status).toBe(401);
		expect((await access("models", "alice/nothing-here", people.ownerWrite)).status).toBe(404);
	});
});
