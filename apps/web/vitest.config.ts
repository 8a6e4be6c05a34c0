import { defineProject } from "vitest/config";

/**
 * The site's browser tests: one production build, one hub + site on loopback
 * (e2e/global-setup.ts), Debian's Chromium driven by playwright-core. Files run
 * one after another: they share that one site and the machine's two cores.
 */
export default defineProject({
	test: {
		name: "web",
		include: ["e2e/**/*.test.ts"],
		globalSetup: ["e2e/global-setup.ts"],
		fileParallelism: false,
		testTimeout: 60_000,
		hookTimeout: 60_000,
	},
});
