import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		projects: ["packages/*", "apps/web", "apps/web/vitest.unit.config.ts", "scripts"],
	},
});
