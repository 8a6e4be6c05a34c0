/**
 * Model cards are markdown written by anyone who publishes a model. The page shows
 * the body only: the YAML front matter is metadata the hub already exposes as
 * `cardData`, so it is cut here rather than rendered as a stray table.
 */
export function stripFrontMatter(markdown: string): string {
	const text = markdown.replace(/^\uFEFF/, "");
	const match = text.match(/^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/);
	return match ? text.slice(match[0].length) : text;
}

import { type RepoType, repoPagePath } from "./paths";

/**
 * Where a card's image may load from: this hub's own files. Relative paths point
 * into the repository (`resolve/main/…`); anything on another host is shown as a
 * link instead, so opening a model page never contacts a third party.
 */
export function hubImageSource(src: string, modelId: string, repoType: RepoType = "model"): string | undefined {
	if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith("//")) return undefined;
	if (src.startsWith("/")) return src;
	const path = src.replace(/^\.\//, "");
	if (path.split("/").some((part) => part === ".." || part === ".")) return undefined;
	return `${repoPagePath(repoType, modelId)}/resolve/main/${path.split("/").map(encodeURIComponent).join("/")}`;
}
