/**
 * What a profile shows of a social link: the handle the link names ("@someone" for
 * github.com/someone, x.com/someone, bsky.app/profile/someone.bsky.social,
 * linkedin.com/in/someone), or for a website, or a link of another shape, its host
 * and path without "www." and the trailing slash.
 */
import type { SocialLinks } from "./hub/users";

/** Where each network's links keep the handle, on the link's path. */
const HANDLE_PATHS: Record<Exclude<keyof SocialLinks, "website">, RegExp> = {
	github: /^\/([^/]+)\/?$/,
	x: /^\/([^/]+)\/?$/,
	linkedin: /^\/in\/([^/]+)\/?$/,
	bluesky: /^\/profile\/([^/]+)\/?$/,
};

function decoded(part: string): string {
	try {
		return decodeURIComponent(part);
	} catch {
		return part;
	}
}

/** The text for `href`, a link the hub accepted (an absolute http(s) URL) under `kind`. */
export function socialLinkText(kind: keyof SocialLinks, href: string): string {
	const url = new URL(href);
	const handle = kind === "website" ? undefined : HANDLE_PATHS[kind].exec(url.pathname)?.[1];
	if (handle) return `@${decoded(handle)}`;
	return `${url.host.replace(/^www\./, "")}${decoded(url.pathname.replace(/\/+$/, ""))}`;
}
