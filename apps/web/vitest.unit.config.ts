import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/**
 * The site's unit tests: `lib/**\/*.test.ts` beside the code, in Node, no browser and no
 * hub. Modules marked `server-only` are imported as the server would (its empty entry).
 */
export default defineProject({
	test: {
		name: "web-unit",
		include: ["lib/**/*.test.ts"],
		environment: "node",
	},
	resolve: {
		alias: {
			"server-only": fileURLToPath(new URL("../../node_modules/server-only/empty.js", import.meta.url)),
		},
	},
});
