// Rewrites the configuration tables of packages/hub/README.md and docs/deploy.md from the
// declaration in src/config-variables.ts (through the built dist/config-docs.js: run
// `npm run docs:config` in packages/hub, which builds first). test/config-docs.test.ts fails
// until the committed tables are what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withConfigTables } from "../dist/config-docs.js";

const documents = ["../README.md", "../../../docs/deploy.md"].map((path) =>
	fileURLToPath(new URL(path, import.meta.url)),
);
for (const path of documents) {
	const before = readFileSync(path, "utf8");
	const after = withConfigTables(before, path);
	if (after !== before) writeFileSync(path, after);
	console.log(`${after === before ? "unchanged" : "rewritten"}: ${path}`);
}
