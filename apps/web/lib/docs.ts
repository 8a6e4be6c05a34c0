import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The hub's documentation is its README (packages/hub/README.md); the site shows
 * it whole as "Hub documentation" and its API part as "API reference", so there
 * is one text to keep true.
 */
export const DOC_PAGES = {
	hub: { title: "Hub documentation", description: "Running, configuring and operating the Hubkit hub." },
	api: { title: "API reference", description: "The hub's HTTP API: routes, parameters, response shapes and errors." },
} as const;
export type DocPage = keyof typeof DOC_PAGES;

export function isDocPage(value: string): value is DocPage {
	return Object.hasOwn(DOC_PAGES, value);
}

export async function docMarkdown(page: DocPage): Promise<string> {
	const readme = await readFile(join(process.cwd(), "..", "..", "packages", "hub", "README.md"), "utf8");
	if (page === "hub") return readme;
	const start = readme.indexOf("\n## API");
	const end = readme.indexOf("\n## ", start + 1);
	return start === -1 ? readme : readme.slice(start, end === -1 ? undefined : end);
}
