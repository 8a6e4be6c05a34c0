import { defineProject } from "vitest/config";

/**
 * Checks on the repository's own commands (scripts/*.test.ts): the README
 * commands run as written. The global set-up builds the site first, as the
 * browser tests' does (Vitest runs set-ups one after another), so `npm start`
 * here never runs a second `next build` beside theirs.
 */
export default defineProject({
	test: {
		name: "scripts",
		include: ["*.test.ts"],
		globalSetup: ["readme-setup.ts"],
		testTimeout: 300_000,
		hookTimeout: 600_000,
	},
});
