import { defineProject } from "vitest/config";

export default defineProject({
	test: {
		name: "tasks",
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
		// Snippet checks spawn real parsers (python3, node, bash) over thousands of snippets.
		testTimeout: 180_000,
	},
});
