/**
 * One id rule: the names the token CLI used to accept (`a--b`, `a..b`) while the
 * file routes and the router refused them are now refused by all three, and a
 * name any of them accepts, the others accept too.
 */
import { describe, expect, it } from "vitest";
import { ENGINES, startTestDatabase } from "../test/support/engines.js";
import { openTestHub } from "../test/support/hub.js";
import { createAccessToken, UserNameError } from "./auth/tokens.js";
import { idPartProblem, ownerNameProblem } from "./ids.js";
import { modelIdProblem } from "./router/model-id.js";
import { isAvatarName } from "./services/avatar.js";
import { repoIdProblem } from "./storage/repo-path.js";

const REFUSED = ["a--b", "a..b", "a.", "a-", "-a", ".a", "_a", "a/b", "a b", "", "é", "a".repeat(97)];
const ACCEPTED = ["a", "A1", "a-b", "a_b", "a.b", "a_", "a__b", "Qwen2.5-7B", "a".repeat(96)];

describe("the one id rule", () => {
	it("refuses the same names everywhere", () => {
		for (const name of REFUSED) {
			expect(idPartProblem(name), name).toBeDefined();
			expect(ownerNameProblem(name), name).toBeDefined();
			expect(repoIdProblem(name, "model"), name).toBeDefined();
			expect(repoIdProblem("owner", name), name).toBeDefined();
			expect(modelIdProblem(`${name}/model`), name).toBeDefined();
			expect(isAvatarName(name), name).toBe(false);
		}
	});

	it("accepts the same names everywhere", () => {
		for (const name of ACCEPTED) {
			expect(ownerNameProblem(name), name).toBeUndefined();
			expect(repoIdProblem(name, name), name).toBeUndefined();
			expect(modelIdProblem(`${name}/${name}`), name).toBeUndefined();
			expect(isAvatarName(name), name).toBe(true);
		}
	});

	it("keeps reserved names for owners only: a repo may be called `settings`", () => {
		expect(ownerNameProblem("settings")).toMatch(/reserved/);
		expect(repoIdProblem("alice", "settings")).toBeUndefined();
	});

	it.each(ENGINES)("makes the token CLI refuse a user the file routes would refuse (%s)", async (engine) => {
		const testDb = await startTestDatabase(engine);
		const hub = await openTestHub(testDb.config);
		try {
			for (const name of ["a--b", "a..b"]) {
				await expect(createAccessToken(hub.deps.db, name)).rejects.toBeInstanceOf(UserNameError);
			}
			const made = await createAccessToken(hub.deps.db, "a_");
			expect(repoIdProblem(made.userName, "model")).toBeUndefined();
		} finally {
			await hub.close();
			await testDb.cleanup();
		}
	});
});
